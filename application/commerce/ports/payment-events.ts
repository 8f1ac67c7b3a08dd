import type { Order } from '../../../domain/commerce/order.js';

/**
 * Told when an order is placed, and inside the settlement's unit of work, after the order's new
 * status is written, when an order really becomes paid or refunded (the locked order's transition: a replayed
 * notification tells nothing). The CRM moves the person's leads (issue 20); its registration
 * in the CRM module replaces this default.
 */
export interface PaymentEvents {
  /** A new order, in the unit of work that inserts it. */
  orderPlaced(order: Order): Promise<void>;
  orderPaid(order: Order): Promise<void>;
  orderRefunded(order: Order): Promise<void>;
}

export const noPaymentEvents: PaymentEvents = { orderPlaced: async () => {}, orderPaid: async () => {}, orderRefunded: async () => {} };
