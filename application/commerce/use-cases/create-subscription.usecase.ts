import type { Actor } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import { payFreeOrder } from '../free-orders.js';
import type { Settlement } from '../settlement.js';
import { placeSubscription, type PlacedSubscription, type SubscribeError } from '../subscription-orders.js';

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
> & { settlement: Settlement };

/** `POST /api/lms/subscriptions {plan_id, promo_code?}`: a pending subscription with its order; a free one is active at once. */
export const makeCreateSubscription =
  (d: Deps) =>
  async (
    actor: Actor,
    cmd: { planId: string; promoCode?: string | null | undefined },
  ): Promise<Result<PlacedSubscription, SubscribeError>> => {
    const placed = await placeSubscription(d, actor, cmd.planId, cmd.promoCode);
    if (!placed.ok || placed.value.order.totalAmount > 0n) return placed;
    const order = await payFreeOrder(d, placed.value.order);
    const subscription =
      (await d.subscriptionRepository.findById(actor.tenantId, placed.value.subscription.id)) ?? placed.value.subscription;
    return ok({ subscription, order, plan: placed.value.plan });
  };
