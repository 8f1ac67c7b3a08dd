import { cancel, type Subscription } from '../../../domain/commerce/subscription.js';
import { transitionPayment } from '../../../domain/commerce/payment.js';
import type { SubscriptionPlan } from '../../learning/index.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import type { Settlement } from '../settlement.js';

type CancelSubscriptionError = 'SUBSCRIPTION_NOT_FOUND' | 'SUBSCRIPTION_NOT_CANCELLABLE';

/**
 * `POST /api/lms/subscriptions/:id/cancel`: an active subscription is cancelled but keeps its
 * access until `ends_at` (its enrolments expire then); a pending one is dropped with its order
 * (cancelled through the state machine) and open payments. Anything else: 400. Answered with its
 * plan (null once deleted), as the subscription lists show it.
 */
export const makeCancelSubscription =
  (
    d: Pick<CommerceDeps, 'subscriptionRepository' | 'paymentRepository' | 'learningCatalog' | 'clock' | 'uow'> & {
      settlement: Settlement;
    },
  ) =>
  async (
    actor: Actor,
    id: string,
  ): Promise<Result<{ subscription: Subscription; plan: SubscriptionPlan | null }, CancelSubscriptionError>> => {
    const found = await d.subscriptionRepository.findById(actor.tenantId, id);
    if (!found || found.userId !== actor.userId) return err('SUBSCRIPTION_NOT_FOUND');
    const cancelled = await d.uow.run(async (): Promise<Result<Subscription, CancelSubscriptionError>> => {
      const now = d.clock.now();
      if (found.status === 'pending') {
        // The order first (it locks the order, then the subscription: the settlement's order).
        await d.settlement({ tenantId: actor.tenantId, orderId: found.orderId, outcome: 'cancelled' });
        for (const p of await d.paymentRepository.pendingOfOrder(actor.tenantId, found.orderId))
          await d.paymentRepository.update(transitionPayment(p, 'cancelled', now));
      }
      const sub = await d.subscriptionRepository.lock(actor.tenantId, id);
      if (!sub) return err('SUBSCRIPTION_NOT_FOUND');
      if (sub.status === 'cancelled' && found.status === 'pending') return ok(sub);
      const next = cancel(sub, now);
      if (!next) return err('SUBSCRIPTION_NOT_CANCELLABLE', `the subscription is ${sub.status}`);
      await d.subscriptionRepository.update(next);
      return ok(next);
    });
    if (!cancelled.ok) return cancelled;
    return ok({ subscription: cancelled.value, plan: await d.learningCatalog.findPlan(actor.tenantId, cancelled.value.planId) });
  };
