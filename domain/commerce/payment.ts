import type { Minor } from '../shared/money.js';
import { nextStatus, type PaymentOutcome, type PaymentStatus } from './payment-status.js';

export const PAYMENT_PROVIDERS = ['sandbox', 'midtrans', 'manual'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** One attempt to pay an order, at a gateway or recorded by an admin (offline). */
export interface Payment {
  id: string;
  tenantId: string;
  orderId: string;
  userId: string;
  /** Our id of the transaction (what `check/:transaction_id` takes). */
  transactionId: string;
  /** The gateway's own id, learnt from its notifications (Midtrans `transaction_id`). */
  gatewayTransactionId: string | null;
  provider: PaymentProvider;
  paymentMethod: string;
  amount: Minor;
  currency: string;
  status: PaymentStatus;
  redirectUrl: string | null;
  /** Offline payments: the admin's reference (receipt or transfer number). */
  reference: string | null;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
}

/** Same machine as orders: a paid payment only moves to refunded. */
export function transitionPayment(p: Payment, outcome: PaymentOutcome, now: Date): Payment {
  const status = nextStatus(p.status, outcome);
  if (status === p.status) return p;
  return { ...p, status, updatedAt: now, paidAt: status === 'paid' ? now : p.paidAt };
}

/** A payment method a provider offers (contract §7: `{code, name, type}`). */
export interface PaymentMethod {
  code: string;
  name: string;
  type: string;
}
