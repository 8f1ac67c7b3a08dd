import type { TenantRecord } from '../shared/record.js';

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface Subscription extends TenantRecord {
  userId: string;
  planId: string;
  orderId: string;
  status: SubscriptionStatus;
  /** The plan's terms when bought: a later edit of the plan does not change what was sold. */
  durationDays: number;
  categoryIds: string[];
  /** Set when paid; null while pending (and for one cancelled before payment). */
  startsAt: Date | null;
  endsAt: Date | null;
  cancelledAt: Date | null;
}

const DAY_MS = 86_400_000;

/**
 * Payment of its order activates the subscription for the plan's duration from `from` (now, or
 * the end of the user's current period of the same plan: renewing early loses no days). A
 * subscription cancelled before it was ever paid is activated too: its money arrived.
 * null: nothing to do (already active, or past).
 */
export function activate(s: Subscription, from: Date, now: Date): Subscription | null {
  const neverStarted = s.startsAt === null && (s.status === 'pending' || s.status === 'cancelled');
  if (!neverStarted) return null;
  return {
    ...s,
    status: 'active',
    startsAt: from,
    endsAt: new Date(from.getTime() + s.durationDays * DAY_MS),
    cancelledAt: null,
    updatedAt: now,
  };
}

/**
 * Cancel (issue 7): a pending one is simply dropped; an active one stays usable until `endsAt`
 * (its enrolments expire then) and is not renewed. Others: null (nothing to cancel).
 */
export function cancel(s: Subscription, now: Date): Subscription | null {
  if (s.status !== 'pending' && s.status !== 'active') return null;
  return { ...s, status: 'cancelled', cancelledAt: now, updatedAt: now };
}

/** Its order failed, expired or was cancelled before payment. */
/** A refunded subscription ends now: no access for the rest of a period that was paid back. */
export function refund(s: Subscription, now: Date): Subscription | null {
  if (s.status !== 'active' && s.status !== 'cancelled') return null;
  const endsAt = s.endsAt && s.endsAt.getTime() > now.getTime() ? now : s.endsAt;
  return { ...s, status: 'cancelled', cancelledAt: s.cancelledAt ?? now, endsAt, updatedAt: now };
}

export function abandon(s: Subscription, now: Date): Subscription | null {
  return s.status === 'pending' ? { ...s, status: 'cancelled', cancelledAt: now, updatedAt: now } : null;
}

/** An active subscription past its end is expired (the expiry job applies this in SQL too). */
export function expire(s: Subscription, now: Date): Subscription | null {
  return s.status === 'active' && s.endsAt !== null && s.endsAt.getTime() <= now.getTime()
    ? { ...s, status: 'expired', updatedAt: now }
    : null;
}

/** Gives access now: active or cancelled, within its period. */
export const isCurrent = (s: Subscription, now: Date): boolean =>
  (s.status === 'active' || s.status === 'cancelled') &&
  s.startsAt !== null &&
  s.endsAt !== null &&
  s.startsAt.getTime() <= now.getTime() &&
  now.getTime() < s.endsAt.getTime();
