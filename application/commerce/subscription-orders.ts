import type { Order } from '../../domain/commerce/order.js';
import type { Subscription } from '../../domain/commerce/subscription.js';
import type { SubscriptionPlan } from '../learning/index.js';
import type { Actor } from '../shared/actor.js';
import { err, ok, type Result } from '../shared/result.js';
import type { PromoProblem } from '../../domain/commerce/pricing.js';
import type { CommerceDeps } from './deps.js';
import { payFreeOrder } from './free-orders.js';
import { applicablePromo } from './order-pricing.js';
import { writePendingOrder, type PendingOrderDeps } from './pending-orders.js';
import type { Settlement } from './settlement.js';
import { lineAmount } from '../../domain/commerce/pricing.js';

export type SubscribeError = 'PLAN_NOT_FOUND' | 'PLAN_NOT_AVAILABLE' | PromoProblem;

/** A subscription with its order and its plan (answered as the subscription lists show it). */
export interface PlacedSubscription {
  subscription: Subscription;
  order: Order;
  plan: SubscriptionPlan;
}

export type SubscriptionDeps = PendingOrderDeps & Pick<CommerceDeps, 'subscriptionRepository' | 'clock' | 'ids' | 'uow'>;

/**
 * A pending subscription of an active plan with its pending order (contract §7), in one unit of
 * work with the order confirmation and the promo code's reserved use. The plan's duration and categories are kept on the
 * subscription: what was sold does not change when the plan is edited later.
 */
async function placeSubscription(
  d: SubscriptionDeps,
  actor: Actor,
  planId: string,
  promoCode: string | null | undefined,
): Promise<Result<PlacedSubscription, SubscribeError>> {
  const plan = await d.learningCatalog.findPlan(actor.tenantId, planId);
  if (!plan) return err('PLAN_NOT_FOUND');
  if (!plan.active) return err('PLAN_NOT_AVAILABLE');
  const promo = await applicablePromo(d, actor.tenantId, promoCode);
  if (!promo.ok) return promo;
  const subscriptionId = d.ids.uuid();
  const orderId = d.ids.uuid();
  const currency = plan.currency.toUpperCase();
  const items = [
    {
      type: 'subscription' as const,
      name: `${plan.name} (${plan.durationDays} days)`,
      courseId: null,
      categoryId: null,
      planId: plan.id,
      subscriptionId,
      courseIds: [],
      quantity: 1,
      unitPrice: plan.price,
      amount: lineAmount(plan.price, 1, currency),
      tierMinQuantity: null,
    },
  ];
  return d.uow.run(async (): Promise<Result<PlacedSubscription, SubscribeError>> => {
    const now = d.clock.now();
    const subscription: Subscription = {
      id: subscriptionId,
      tenantId: actor.tenantId,
      userId: actor.userId,
      planId: plan.id,
      orderId,
      status: 'pending',
      durationDays: plan.durationDays,
      categoryIds: [...plan.categoryIds],
      startsAt: null,
      endsAt: null,
      cancelledAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const draft = { id: orderId, items, currency, promo: promo.value, subscriptionId };
    const order = await writePendingOrder(d, actor, draft, now, () => d.subscriptionRepository.insert(subscription));
    if (!order.ok) return order;
    return ok({ subscription, order: order.value, plan });
  });
}

export type SubscribeDeps = SubscriptionDeps & { settlement: Settlement };

/**
 * `placeSubscription`; a subscription whose order is free (a free plan, a 100 % promo code) has
 * nothing to charge: its order is paid at once (`payFreeOrder`) and it is answered as the
 * settlement left it (active).
 */
export async function subscribe(
  d: SubscribeDeps,
  actor: Actor,
  planId: string,
  promoCode: string | null | undefined,
): Promise<Result<PlacedSubscription, SubscribeError>> {
  const placed = await placeSubscription(d, actor, planId, promoCode);
  if (!placed.ok || placed.value.order.totalAmount > 0n) return placed;
  const order = await payFreeOrder(d, placed.value.order);
  const subscription = (await d.subscriptionRepository.findById(order.tenantId, placed.value.subscription.id)) ?? placed.value.subscription;
  return ok({ subscription, order, plan: placed.value.plan });
}
