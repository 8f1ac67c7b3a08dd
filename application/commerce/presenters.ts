import type { Order, OrderItem } from '../../domain/commerce/order.js';
import type { Payment } from '../../domain/commerce/payment.js';
import type { Subscription } from '../../domain/commerce/subscription.js';
import { fromMinor } from '../../domain/shared/money.js';
import type { Pricing, SubscriptionPlan } from '../learning/index.js';
import type { PriceQuote } from './use-cases/check-price.usecase.js';

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

export const orderView = (o: Order) => ({
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

export const paymentView = (p: Payment) => ({
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

export const subscriptionView = (s: Subscription, plan?: SubscriptionPlan | null) => ({
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

export const publicPlanView = (p: SubscriptionPlan) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price: fromMinor(p.price),
  currency: p.currency,
  duration_days: p.durationDays,
  category_ids: p.categoryIds,
  active: p.active,
});

export const publicPricingView = (p: Pricing) => ({
  id: p.id,
  category_id: p.categoryId,
  unit_price: fromMinor(p.unitPrice),
  currency: p.currency,
  tiers: p.tiers.map((t) => ({ min_quantity: t.minQuantity, unit_price: fromMinor(t.unitPrice) })),
});

export const priceQuoteView = (q: PriceQuote) => ({
  unit_price: fromMinor(q.unitPrice),
  quantity: q.quantity,
  subtotal: fromMinor(q.subtotal),
  discount: fromMinor(q.discount),
  total: fromMinor(q.total),
  promo_code_applied: q.promoCodeApplied,
  currency: q.currency,
  tier_min_quantity: q.tierMinQuantity,
});
