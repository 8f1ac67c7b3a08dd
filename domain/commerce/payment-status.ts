/**
 * The payment state machine shared by orders and payments (contract §7).
 *
 * A gateway reports outcomes; `nextStatus` decides what they do to a status:
 * - `pending` moves to `paid`, `failed`, `expired`, or `cancelled` (by its owner);
 * - `paid` moves only to `refunded`: replays and out-of-order notifications (a `pending` or a
 *   `deny` after `settlement`) never move a paid record back;
 * - `failed`, `expired` and `cancelled` move to `paid` on a later settlement: the money was
 *   captured, so the buyer gets what they paid for (a gateway may report a failure before the
 *   capture it retried);
 * - `refunded` is final.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a notification, an admin or the owner says happened. */
export const PAYMENT_OUTCOMES = ['pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export function nextStatus(current: PaymentStatus, outcome: PaymentOutcome): PaymentStatus {
  switch (current) {
    case 'pending':
      return outcome === 'refunded' ? 'pending' : outcome;
    case 'paid':
      return outcome === 'refunded' ? 'refunded' : 'paid';
    case 'failed':
    case 'expired':
    case 'cancelled':
      return outcome === 'paid' ? 'paid' : current;
    case 'refunded':
      return 'refunded';
  }
}

/**
 * Midtrans HTTP notification → outcome (contract §7): `settlement`, or `capture` with
 * `fraud_status` `accept`: paid; `deny`, `cancel` (and `failure`): failed; `expire`: expired;
 * `refund`: refunded. A capture under fraud review (`challenge`), `pending` and `authorize` wait;
 * a partial refund leaves the order paid. null: a status we do not know (stored, not applied).
 */
export function outcomeOfNotification(transactionStatus: string, fraudStatus: string | null | undefined): PaymentOutcome | null {
  switch (transactionStatus) {
    case 'settlement':
      return 'paid';
    case 'capture':
      return fraudStatus === 'accept' ? 'paid' : fraudStatus === 'deny' ? 'failed' : 'pending';
    case 'deny':
    case 'cancel':
    case 'failure':
      return 'failed';
    case 'expire':
      return 'expired';
    case 'refund':
      return 'refunded';
    case 'pending':
    case 'authorize':
    case 'partial_refund':
      return 'pending';
    default:
      return null;
  }
}
