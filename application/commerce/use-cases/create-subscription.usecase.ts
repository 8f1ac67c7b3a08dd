import type { Actor } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import type { Settlement } from '../settlement.js';
import {
  payFreeSubscription,
  placeSubscription,
  type PlacedSubscription,
  type SubscribeError,
  type SubscriptionDeps,
} from '../subscription-orders.js';

type Deps = SubscriptionDeps & { settlement: Settlement };

/** `POST /api/lms/subscriptions {plan_id, promo_code?}`: a pending subscription with its order; a free one is active at once. */
export const makeCreateSubscription =
  (d: Deps) =>
  async (
    actor: Actor,
    cmd: { planId: string; promoCode?: string | null | undefined },
  ): Promise<Result<PlacedSubscription, SubscribeError>> => {
    const placed = await placeSubscription(d, actor, cmd.planId, cmd.promoCode);
    if (!placed.ok || placed.value.order.totalAmount > 0n) return placed;
    return ok(await payFreeSubscription(d, placed.value));
  };
