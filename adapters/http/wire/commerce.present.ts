import type { PlacedSubscription } from '../../../application/commerce/subscription-orders.js';
import type { Broadcast, BroadcastProgress, MailEvent } from '../../../application/platform/mail-ports.js';
import type { CommerceSection } from '../../../application/commerce/commerce-dashboard.js';
import type { z } from 'zod';
import type * as wire from './commerce.wire.js';
import type { Order, OrderItem } from '../../../domain/commerce/order.js';
import type { Payment, PaymentMethod } from '../../../domain/commerce/payment.js';
import type { Subscription } from '../../../domain/commerce/subscription.js';
import { fromMinor } from '../../../domain/shared/money.js';
import type { Pricing, SubscriptionPlan } from '../../../application/learning/index.js';
import type { PriceQuote } from '../../../application/commerce/use-cases/check-price.usecase.js';

/** Wire shapes (snake_case) of commerce: contract §7. Amounts leave as JSON numbers through `fromMinor`. */

const itemView = (i: OrderItem) => ({
  type: i.type,
  name: i.name,
  course_id: i.courseId,
  category_id: i.categoryId,
  plan_id: i.planId,
  subscription_id: i.subscriptionId,
  course_ids: i.courseIds,
  quantity: i.quantity,
  unit_price: fromMinor(i.unitPrice),
  amount: fromMinor(i.amount),
  tier_min_quantity: i.tierMinQuantity,
});

export const orderView = (o: Order): z.input<typeof wire.Order> => ({
  id: o.id,
  user_id: o.userId,
  items: o.items.map(itemView),
  subtotal: fromMinor(o.subtotal),
  discount: fromMinor(o.discount),
  total_amount: fromMinor(o.totalAmount),
  currency: o.currency,
  status: o.status,
  promo_code: o.promoCode,
  subscription_id: o.subscriptionId,
  created_at: o.createdAt,
  updated_at: o.updatedAt,
  paid_at: o.paidAt,
});

export const paymentView = (p: Payment): z.input<typeof wire.Payment> => ({
  transaction_id: p.transactionId,
  order_id: p.orderId,
  payment_method: p.paymentMethod,
  amount: fromMinor(p.amount),
  currency: p.currency,
  status: p.status,
  redirect_url: p.redirectUrl,
  created_at: p.createdAt,
  provider: p.provider,
  gateway_transaction_id: p.gatewayTransactionId,
  user_id: p.userId,
  reference: p.reference,
  paid_at: p.paidAt,
  updated_at: p.updatedAt,
});

export const subscriptionView = (s: Subscription, plan?: SubscriptionPlan | null): z.input<typeof wire.Subscription> => ({
  id: s.id,
  plan_id: s.planId,
  status: s.status,
  starts_at: s.startsAt,
  ends_at: s.endsAt,
  order_id: s.orderId,
  duration_days: s.durationDays,
  category_ids: s.categoryIds,
  cancelled_at: s.cancelledAt,
  created_at: s.createdAt,
  updated_at: s.updatedAt,
  ...(plan === undefined
    ? {}
    : {
        plan: plan
          ? { id: plan.id, name: plan.name, price: fromMinor(plan.price), currency: plan.currency, duration_days: plan.durationDays }
          : null,
      }),
});

export const publicPlanView = (p: SubscriptionPlan): z.input<typeof wire.PublicPlan> => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price: fromMinor(p.price),
  currency: p.currency,
  duration_days: p.durationDays,
  category_ids: p.categoryIds,
  active: p.active,
});

export const publicPricingView = (p: Pricing): z.input<typeof wire.PublicPricing> => ({
  id: p.id,
  category_id: p.categoryId,
  unit_price: fromMinor(p.unitPrice),
  currency: p.currency,
  tiers: p.tiers.map((t) => ({ min_quantity: t.minQuantity, unit_price: fromMinor(t.unitPrice) })),
});

export const priceQuoteView = (q: PriceQuote): z.input<typeof wire.PriceQuote> => ({
  unit_price: fromMinor(q.unitPrice),
  quantity: q.quantity,
  subtotal: fromMinor(q.subtotal),
  discount: fromMinor(q.discount),
  total: fromMinor(q.total),
  promo_code_applied: q.promoCodeApplied,
  currency: q.currency,
  tier_min_quantity: q.tierMinQuantity,
});

export const broadcastView = (b: Broadcast, p: BroadcastProgress): z.input<typeof wire.Broadcast> => ({
  id: b.id,
  subject: b.subject,
  status: p.pending > 0 ? ('sending' as const) : ('completed' as const),
  recipients: b.recipients,
  batches: b.batches,
  batch_size: b.batchSize,
  pending: p.pending,
  queued: p.queued,
  sent: p.sent,
  failed: p.failed,
  roles: b.roles,
  user_ids: b.userIds,
  created_by: b.createdBy,
  created_at: b.createdAt,
  completed_at: b.completedAt,
});

export const eventView = (e: MailEvent): z.input<typeof wire.MailEvent> => ({
  id: e.id,
  message_id: e.messageId,
  mail_id: e.mailId,
  event: e.event,
  email: e.email,
  reason: e.reason,
  timestamp: e.occurredAt,
  received_at: e.receivedAt,
});

/** The 202 of `send-broadcast`: the batches go out in the background. */
export const broadcastAcceptedView = (b: Pick<Broadcast, 'id' | 'recipients'>): z.input<typeof wire.BroadcastAccepted> => ({
  broadcast_id: b.id,
  recipients: b.recipients,
});

export const mailCallbackView = (x: { event: MailEvent; duplicate: boolean }): z.input<typeof wire.MailCallbackRecorded> => ({
  ...eventView(x.event),
  duplicate: x.duplicate,
});

/** A payment with the order it pays (admin payments, a payment's detail). */
export const paymentAnswer = (x: { payment: Payment; order: Order }): z.input<typeof wire.PaymentWithOrder> => ({
  ...paymentView(x.payment),
  order_status: x.order.status,
  order: orderView(x.order),
});

/** What a gateway's notification (or the sandbox's) did to its order. */
export const notificationOutcomeView = (x: { order: Order; changed: boolean }): z.input<typeof wire.NotificationOutcome> => ({
  order_id: x.order.id,
  status: x.order.status,
  changed: x.changed,
});

export const sandboxOutcomeView = (x: { order: Order }): z.input<typeof wire.SandboxOutcome> => ({
  order_id: x.order.id,
  status: x.order.status,
});

/** A new pending subscription with the order that pays it. */
export const subscriptionWithOrderView = (x: PlacedSubscription): z.input<typeof wire.SubscriptionWithOrder> => ({
  ...subscriptionView(x.subscription, x.plan),
  order: orderView(x.order),
});

export const subscriptionCheckoutView = (x: PlacedSubscription & { payment: Payment }): z.input<typeof wire.SubscriptionCheckout> => ({
  order: orderView(x.order),
  payment: paymentView(x.payment),
  subscription: subscriptionView(x.subscription, x.plan),
});

/** Where a subscription's payment stands: `status` is the payment's, null before one was started. */
export const subscriptionPaymentView = (s: {
  subscription: Subscription;
  order: Order;
  payment: Payment | null;
}): z.input<typeof wire.SubscriptionPayment> => ({
  subscription_id: s.subscription.id,
  subscription_status: s.subscription.status,
  order_id: s.order.id,
  order_status: s.order.status,
  status: s.payment?.status ?? null,
  payment: s.payment ? paymentView(s.payment) : null,
  subscription: subscriptionView(s.subscription),
  order: orderView(s.order),
});

export const paymentMethodView = (m: PaymentMethod & { provider: string }): z.input<typeof wire.PaymentMethod> => ({
  code: m.code,
  name: m.name,
  type: m.type,
  provider: m.provider,
});

/** The `commerce` section of the dashboard overview: the caller's figures, and admins' the tenant's. */
export const commerceSectionView = (s: CommerceSection): z.input<typeof wire.CommerceSection> => ({
  active_subscriptions: s.activeSubscriptions,
  pending_orders: s.pendingOrders,
  ...(s.tenant
    ? {
        revenue_this_month: Object.fromEntries(s.tenant.month.map((m) => [m.currency, fromMinor(m.total)])),
        paid_orders_this_month: s.tenant.month.reduce((n, m) => n + m.count, 0),
        paid_orders: s.tenant.paidOrders,
        tenant_pending_orders: s.tenant.pendingOrders,
      }
    : {}),
});
