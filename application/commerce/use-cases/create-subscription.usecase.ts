import type { Actor } from '../../shared/actor.js';
import type { Result } from '../../shared/result.js';
import { subscribe, type PlacedSubscription, type SubscribeDeps, type SubscribeError } from '../subscription-orders.js';

/** `POST /api/lms/subscriptions {plan_id, promo_code?}`: a pending subscription with its order; a free one is active at once. */
export const makeCreateSubscription =
  (d: SubscribeDeps) =>
  (actor: Actor, cmd: { planId: string; promoCode?: string | null | undefined }): Promise<Result<PlacedSubscription, SubscribeError>> =>
    subscribe(d, actor, cmd.planId, cmd.promoCode);
