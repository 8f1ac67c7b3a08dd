import type { Minor } from '../shared/money.js';
import { nextStatus, type PaymentOutcome, type PaymentStatus } from './payment-status.js';

export type OrderStatus = PaymentStatus;
export { PAYMENT_STATUSES as ORDER_STATUSES } from './payment-status.js';

export const ORDER_ITEM_TYPES = ['course', 'category', 'subscription'] as const;
export type OrderItemType = (typeof ORDER_ITEM_TYPES)[number];

/**
 * A priced line. `course`: one course at its own price. `category`: courses of one category priced
 * by the category's tier for their number (`quantity` = number of `courseIds`). `subscription`:
 * one subscription plan period. Paying grants `courseIds` for good, or activates `subscriptionId`.
 */
export interface OrderItem {
  type: OrderItemType;
  name: string;
  courseId: string | null;
  categoryId: string | null;
  planId: string | null;
  subscriptionId: string | null;
  courseIds: string[];
  quantity: number;
  unitPrice: Minor;
  amount: Minor;
  /** The tier applied (`category` lines), null for the base price. */
  tierMinQuantity: number | null;
}

export interface Order {
  id: string;
  tenantId: string;
  userId: string;
  items: OrderItem[];
  subtotal: Minor;
  discount: Minor;
  totalAmount: Minor;
  currency: string;
  status: OrderStatus;
  promoCode: string | null;
  /** The subscription this order pays for, if any. */
  subscriptionId: string | null;
  /**
   * The order holds one of its promo code's uses (counted in the code's `used_count`): taken when
   * the code was applied, given back when the order ends unpaid. A discount is settled only
   * while a use is held.
   */
  promoUseHeld: boolean;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
}

export interface OrderTransition {
  order: Order;
  changed: boolean;
  /** The order became paid now: its grants and receipt happen exactly once, here. */
  becamePaid: boolean;
}

/** Applies an outcome through the state machine (`nextStatus`). */
export function transitionOrder(order: Order, outcome: PaymentOutcome, now: Date): OrderTransition {
  const status = nextStatus(order.status, outcome);
  if (status === order.status) return { order, changed: false, becamePaid: false };
  const becamePaid = status === 'paid';
  return { order: { ...order, status, updatedAt: now, paidAt: becamePaid ? now : order.paidAt }, changed: true, becamePaid };
}

/** The order ended unpaid: a promo code use it held goes back to the code, its subscription is dropped. */
export const endedUnpaid = (status: OrderStatus): boolean => status === 'failed' || status === 'expired' || status === 'cancelled';

/** Only pending orders can be updated or deleted (contract §7). */
export const isOrderEditable = (o: Pick<Order, 'status'>): boolean => o.status === 'pending';

/** Every course a paid order grants. */
export const coursesOf = (o: Pick<Order, 'items'>): string[] => [...new Set(o.items.flatMap((i) => i.courseIds))];

/** Receipt number: stable per order, so a resent receipt carries the same number. */
export const receiptNumber = (o: Pick<Order, 'id' | 'paidAt' | 'createdAt'>): string => {
  const d = (o.paidAt ?? o.createdAt).toISOString().slice(0, 10).replace(/-/g, '');
  return `RCP-${d}-${o.id.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
};
