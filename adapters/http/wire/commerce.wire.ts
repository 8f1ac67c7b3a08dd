import { z } from 'zod';
import { ORDER_ITEM_TYPES } from '../../../domain/commerce/order.js';
import { PAYMENT_STATUSES } from '../../../domain/commerce/payment-status.js';
import { PAYMENT_PROVIDERS } from '../../../domain/commerce/payment.js';
import { SUBSCRIPTION_STATUSES } from '../../../domain/commerce/subscription.js';
import { MAIL_EVENTS } from '../../../domain/platform/mail-events.js';
import { id, pageOf, timestamp, uuid } from '../kit/schemas.js';

/* Wire shapes of commerce and mail (see learning.wire.ts for the conventions). */

const money = z.number().meta({ description: "In the currency's unit (whole rupiah for IDR)", examples: [250000] });
const status = z.enum(PAYMENT_STATUSES);

export const OrderItem = z
  .object({
    type: z.enum(ORDER_ITEM_TYPES),
    name: z.string(),
    course_id: id.nullable(),
    category_id: id.nullable(),
    plan_id: id.nullable(),
    subscription_id: id.nullable(),
    course_ids: z.array(id).meta({ description: 'The courses a `category` line buys' }),
    quantity: z.number().int(),
    unit_price: money,
    amount: money,
    tier_min_quantity: z.number().int().nullable().meta({ description: 'The tier applied (`category` lines); null for the base price' }),
  })
  .meta({ id: 'OrderItem' });

export const Order = z
  .object({
    id,
    user_id: id,
    items: z.array(OrderItem),
    subtotal: money,
    discount: money,
    total_amount: money,
    currency: z.string(),
    status,
    promo_code: z.string().nullable(),
    subscription_id: id.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    paid_at: timestamp.nullable(),
  })
  .meta({ id: 'Order' });
export const OrderPage = pageOf(Order).meta({ id: 'OrderPage' });

export const Payment = z
  .object({
    transaction_id: z.string(),
    order_id: id,
    payment_method: z.string(),
    amount: money,
    currency: z.string(),
    status,
    redirect_url: z.string().nullable().meta({ description: "Where the payer completes the payment (the gateway's page)" }),
    created_at: timestamp,
    provider: z.enum(PAYMENT_PROVIDERS),
    gateway_transaction_id: z.string().nullable(),
    user_id: id,
    reference: z.string().nullable(),
    paid_at: timestamp.nullable(),
    updated_at: timestamp,
  })
  .meta({ id: 'Payment' });
export const PaymentPage = pageOf(Payment).meta({ id: 'PaymentPage' });
export const PaymentWithOrder = Payment.extend({ order_status: status, order: Order }).meta({ id: 'PaymentWithOrder' });

export const SandboxOutcome = z.object({ order_id: uuid, status: z.string() });
export const NotificationOutcome = z.object({
  order_id: z.string(),
  status: z.string(),
  changed: z.boolean().meta({ description: 'Whether this notification moved the order' }),
});

const planSummary = z.object({ id, name: z.string(), price: money, currency: z.string(), duration_days: z.number().int() });
export const Subscription = z
  .object({
    id,
    plan_id: id,
    status: z.enum(SUBSCRIPTION_STATUSES),
    starts_at: timestamp.nullable(),
    ends_at: timestamp.nullable(),
    order_id: id.nullable(),
    duration_days: z.number().int(),
    category_ids: z.array(id),
    cancelled_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    plan: planSummary
      .nullable()
      .optional()
      .meta({ description: 'The plan (null once deleted); left out only where the subscription is nested in a payment status' }),
  })
  .meta({ id: 'Subscription' });
export const SubscriptionPage = pageOf(Subscription).meta({ id: 'SubscriptionPage' });

export const SubscriptionWithOrder = Subscription.extend({ order: Order }).meta({ id: 'SubscriptionWithOrder' });
export const SubscriptionCheckout = z
  .object({ order: Order, payment: Payment, subscription: Subscription })
  .meta({ id: 'SubscriptionCheckout' });
export const SubscriptionPayment = z
  .object({
    subscription_id: id,
    subscription_status: z.enum(SUBSCRIPTION_STATUSES),
    order_id: id,
    order_status: status,
    status: status.nullable().meta({ description: "The latest payment's; null before checkout" }),
    payment: Payment.nullable(),
    subscription: Subscription,
    order: Order,
  })
  .meta({ id: 'SubscriptionPayment' });

export const PublicPlan = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    price: money,
    currency: z.string(),
    duration_days: z.number().int(),
    category_ids: z.array(id),
    active: z.boolean(),
  })
  .meta({ id: 'PublicSubscriptionPlan' });
export const PublicPricing = z
  .object({
    id,
    category_id: id,
    unit_price: money,
    currency: z.string(),
    tiers: z.array(z.object({ min_quantity: z.number().int(), unit_price: money })),
  })
  .meta({ id: 'PublicPricing' });
export const PaymentMethod = z
  .object({ code: z.string().meta({ examples: ['bank_transfer'] }), name: z.string(), type: z.string(), provider: z.string() })
  .meta({ id: 'PaymentMethod' });

export const PriceQuote = z
  .object({
    unit_price: money,
    quantity: z.number().int(),
    subtotal: money,
    discount: money,
    total: money,
    promo_code_applied: z.string().nullable(),
    currency: z.string(),
    tier_min_quantity: z.number().int().nullable(),
  })
  .meta({ id: 'PriceQuote' });

export const Broadcast = z
  .object({
    id,
    subject: z.string(),
    status: z.enum(['sending', 'completed']),
    recipients: z.number().int(),
    batches: z.number().int(),
    batch_size: z.number().int(),
    pending: z.number().int(),
    queued: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    roles: z.array(z.number().int()).nullable(),
    user_ids: z.array(id).nullable(),
    created_by: id.nullable(),
    created_at: timestamp,
    completed_at: timestamp.nullable(),
  })
  .meta({ id: 'Broadcast' });

export const BroadcastAccepted = z.object({ broadcast_id: id, recipients: z.number().int() });
export const MailEvent = z
  .object({
    id,
    message_id: z.string(),
    mail_id: id.nullable().meta({ description: 'Our mail with that Message-ID, when known' }),
    event: z.enum(MAIL_EVENTS),
    email: z.string(),
    reason: z.string().nullable(),
    timestamp,
    received_at: timestamp,
  })
  .meta({ id: 'MailEvent' });
export const MailCallbackRecorded = MailEvent.extend({ duplicate: z.boolean() });
export const MailEventPage = pageOf(MailEvent).meta({ id: 'MailEventPage' });
export const MailEventStats = z
  .object({ total: z.number().int(), by_event: z.object(Object.fromEntries(MAIL_EVENTS.map((e) => [e, z.number().int()]))) })
  .meta({ id: 'MailEventStats' });

/** The dashboard overview's `commerce` section (commerce-dashboard.ts); the tenant's figures for admins only. */
export const CommerceSection = z
  .object({
    active_subscriptions: z.number().int(),
    pending_orders: z.number().int(),
    revenue_this_month: z.record(z.string(), money).optional().meta({ description: 'Admins: paid this month, by currency' }),
    paid_orders_this_month: z.number().int().optional(),
    paid_orders: z.number().int().optional(),
    tenant_pending_orders: z.number().int().optional(),
  })
  .meta({ id: 'CommerceSection' });
