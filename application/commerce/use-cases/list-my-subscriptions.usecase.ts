import type { Subscription } from '../../../domain/commerce/subscription.js';
import type { SubscriptionPlan } from '../../learning/index.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { CommerceDeps } from '../deps.js';

/** `GET /api/lms/my-subscriptions`: the caller's subscriptions, newest first, each with its plan (null once deleted). */
export const makeListMySubscriptions =
  (d: Pick<CommerceDeps, 'subscriptionRepository' | 'learningCatalog'>) =>
  async (actor: Actor, page: PageRequest): Promise<Page<{ subscription: Subscription; plan: SubscriptionPlan | null }>> => {
    const subs = await d.subscriptionRepository.listByUser(actor.tenantId, actor.userId, page);
    // One look-up for the page's plans, not one per subscription.
    const plans = new Map(
      (await d.learningCatalog.findPlans(actor.tenantId, [...new Set(subs.items.map((s) => s.planId))])).map(
        (p): [string, SubscriptionPlan] => [p.id, p],
      ),
    );
    return { ...subs, items: subs.items.map((subscription) => ({ subscription, plan: plans.get(subscription.planId) ?? null })) };
  };
