import type { Order } from '../../domain/commerce/order.js';
import type { Subscription } from '../../domain/commerce/subscription.js';
import type { SubscriptionPlan } from '../learning/index.js';
import type { Actor } from '../shared/actor.js';
import { err, ok, type Result } from '../shared/result.js';
import type { PromoProblem } from '../../domain/commerce/pricing.js';
import type { CommerceDeps } from './deps.js';
import { sendOrderConfirmation } from './order-mail.js';
import { applicablePromo, reservePromo, totalsOf } from './order-pricing.js';
import { lineAmount } from '../../domain/commerce/pricing.js';

export type SubscribeError = 'PLAN_NOT_FOUND' | 'PLAN_NOT_AVAILABLE' | PromoProblem;

/** A subscription with its order and its plan (answered as the subscription lists show it). */
export interface PlacedSubscription {
  subscription: Subscription;
  order: Order;
  plan: SubscriptionPlan;
}

type Deps = Pick<
  CommerceDeps,
  | 'learningCatalog'
  | 'promoCodeReservations'
  | 'paymentEvents'
  | 'orderRepository'
  | 'subscriptionRepository'
  | 'userRepository'
  | 'settingsReader'
  | 'mailer'
  | 'clock'
  | 'ids'
  | 'uow'
>;

/**
 * A pending subscription of an active plan with its pending order (contract §7), in one unit of
 * work with the order confirmation and the promo code's reserved use. The plan's duration and categories are kept on the
 * subscription: what was sold does not change when the plan is edited later.
 */
export async function placeSubscription(
  d: Deps,
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
    // The promo code's use is reserved with the order (README commerce, "Promo codes").
    const held = promo.value ? await reservePromo(d, actor.tenantId, promo.value.code, now) : null;
    if (held && !held.ok) return held;
    const totals = totalsOf(items, held?.value ?? null, currency);
    const order: Order = {
      id: orderId,
      tenantId: actor.tenantId,
      userId: actor.userId,
      items,
      subtotal: totals.subtotal,
      discount: totals.discount,
      totalAmount: totals.total,
      currency,
      status: 'pending',
      promoCode: held?.value.code ?? null,
      subscriptionId,
      promoUseHeld: held !== null,
      createdAt: now,
      updatedAt: now,
      paidAt: null,
    };
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
    await d.orderRepository.insert(order);
    await d.subscriptionRepository.insert(subscription);
    await d.paymentEvents.orderPlaced(order);
    await sendOrderConfirmation(d, order);
    return ok({ subscription, order, plan });
  });
}
