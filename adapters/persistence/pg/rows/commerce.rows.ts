import type { Knex } from 'knex';
import type { Order, OrderItemType } from '../../../../domain/commerce/order.js';
import type { Payment } from '../../../../domain/commerce/payment.js';
import type { PaymentNotification } from '../../../../application/commerce/ports/payment-repository.js';
import type { Subscription } from '../../../../domain/commerce/subscription.js';

/**
 * Rows of the commerce tables as the query builder sees them: camelCase columns (the snake-case
 * mappers), `numeric` money as the decimal text PostgreSQL answers and takes (`"19999.99"`), jsonb
 * read as its value and written as JSON text. Registered with knex (`Tables`), so `q('orders')`
 * is typed: a misspelt column or a number where the text goes fails the type check.
 */

/** An order line inside `orders.items` (jsonb; keys stay snake_case inside it). Money as JSON numbers (exact decimals). */
export interface OrderItemJson {
  type: OrderItemType;
  name: string;
  course_id: string | null;
  category_id: string | null;
  plan_id: string | null;
  subscription_id: string | null;
  course_ids: string[];
  quantity: number;
  unit_price: number;
  amount: number;
  tier_min_quantity: number | null;
}

export type OrderRow = Omit<Order, 'items' | 'subtotal' | 'discount' | 'totalAmount'> & {
  items: OrderItemJson[];
  subtotal: string;
  discount: string;
  totalAmount: string;
};
export type OrderWrite = Omit<OrderRow, 'items'> & { items: string };

export type PaymentRow = Omit<Payment, 'amount'> & { amount: string };

/** The notification, column for column; its `grossAmount` is as the gateway sent it (a string field), not a money column. */
export type PaymentNotificationRow = PaymentNotification;
export type PaymentNotificationWrite = Omit<PaymentNotificationRow, 'payload'> & { payload: string };

/** A subscription's row is the entity, column for column. */
export type SubscriptionRow = Subscription;
export type SubscriptionWrite = Omit<SubscriptionRow, 'categoryIds'> & { categoryIds: string };

declare module 'knex/types/tables.js' {
  interface Tables {
    orders: Knex.CompositeTableType<OrderRow, OrderWrite, Partial<OrderWrite>>;
    payments: Knex.CompositeTableType<PaymentRow, PaymentRow, Partial<PaymentRow>>;
    payment_notifications: Knex.CompositeTableType<PaymentNotificationRow, PaymentNotificationWrite, Partial<PaymentNotificationWrite>>;
    subscriptions: Knex.CompositeTableType<SubscriptionRow, SubscriptionWrite, Partial<SubscriptionWrite>>;
  }
}
