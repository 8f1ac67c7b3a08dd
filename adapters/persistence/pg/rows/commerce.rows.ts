import type { Knex } from 'knex';
import type { OrderItemType, OrderStatus } from '../../../../domain/commerce/order.js';
import type { PaymentProvider } from '../../../../domain/commerce/payment.js';
import type { PaymentStatus } from '../../../../domain/commerce/payment-status.js';
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

export interface OrderRow {
  id: string;
  tenantId: string;
  userId: string;
  items: OrderItemJson[];
  subtotal: string;
  discount: string;
  totalAmount: string;
  currency: string;
  status: OrderStatus;
  promoCode: string | null;
  subscriptionId: string | null;
  promoUseHeld: boolean;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
}
export type OrderWrite = Omit<OrderRow, 'items'> & { items: string };

export interface PaymentRow {
  id: string;
  tenantId: string;
  orderId: string;
  userId: string;
  transactionId: string;
  gatewayTransactionId: string | null;
  provider: PaymentProvider;
  paymentMethod: string;
  amount: string;
  currency: string;
  status: PaymentStatus;
  redirectUrl: string | null;
  reference: string | null;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
}

export interface PaymentNotificationRow {
  id: string;
  tenantId: string;
  orderId: string;
  provider: string;
  transactionId: string | null;
  transactionStatus: string;
  statusCode: string | null;
  /** As the gateway sent it (a string field of the notification), not a money column. */
  grossAmount: string | null;
  payload: unknown;
  outcome: string;
  receivedAt: Date;
}
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
