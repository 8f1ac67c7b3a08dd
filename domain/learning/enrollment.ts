import type { TenantRecord } from '../shared/record.js';

export const ENROLLMENT_SOURCES = ['admin', 'order', 'subscription', 'free'] as const;
export type EnrollmentSource = (typeof ENROLLMENT_SOURCES)[number];

export const ENROLLMENT_STATUSES = ['active', 'expired', 'cancelled'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

export interface Enrollment extends TenantRecord {
  userId: string;
  courseId: string;
  status: EnrollmentStatus;
  source: EnrollmentSource;
  /** What granted it: an order or subscription id, for audit and revocation. */
  sourceRef: string | null;
  /** null: does not expire. */
  expiresAt: Date | null;
}

export interface Grant {
  source: EnrollmentSource;
  expiresAt: Date | null;
  sourceRef: string | null;
}

/** An enrolment opens the course while it is active and not past its expiry. */
export const isEnrollmentActive = (e: Pick<Enrollment, 'status' | 'expiresAt'>, now: Date): boolean =>
  e.status === 'active' && (e.expiresAt === null || e.expiresAt.getTime() > now.getTime());

/** The status a reader sees: an active enrolment past its expiry is expired, without a sweep. */
export const effectiveStatus = (e: Pick<Enrollment, 'status' | 'expiresAt'>, now: Date): EnrollmentStatus =>
  e.status === 'active' && !isEnrollmentActive(e, now) ? 'expired' : e.status;

/**
 * A grant for a user already enrolled. A live enrolment is extended: no expiry wins, else the
 * later expiry wins (and its grant becomes the source). A dead one (expired or cancelled) is
 * reactivated by the new grant. Nothing ever shortens access.
 */
export function regrant(existing: Enrollment, grant: Grant, now: Date): Enrollment {
  if (!isEnrollmentActive(existing, now)) {
    return { ...existing, status: 'active', source: grant.source, sourceRef: grant.sourceRef, expiresAt: grant.expiresAt, updatedAt: now };
  }
  if (existing.expiresAt === null) return existing;
  if (grant.expiresAt !== null && grant.expiresAt.getTime() <= existing.expiresAt.getTime()) return existing;
  return { ...existing, source: grant.source, sourceRef: grant.sourceRef, expiresAt: grant.expiresAt, updatedAt: now };
}
