import type { Order } from '../../../domain/commerce/order.js';

/**
 * Told inside the settlement's unit of work, after the order's new status is written, when an
 * order really becomes paid or refunded (the locked order's transition: a replayed
 * notification tells nothing). The CRM moves the person's leads (issue 20); its registration
 * in the CRM module replaces this default.
 */
export interface PaymentEvents {
  orderPaid(order: Order): Promise<void>;
  orderRefunded(order: Order): Promise<void>;
}

export const noPaymentEvents: PaymentEvents = { orderPaid: async () => {}, orderRefunded: async () => {} };
