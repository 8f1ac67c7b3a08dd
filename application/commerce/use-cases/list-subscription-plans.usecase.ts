import type { SubscriptionPlan } from '../../learning/index.js';
import type { CommerceDeps } from '../deps.js';

/** `GET /api/lms/subscription-plans` (public, a plain array): the active plans, newest first. */
export const makeListSubscriptionPlans =
  (d: Pick<CommerceDeps, 'learningCatalog'>) =>
  async (tenantId: string): Promise<SubscriptionPlan[]> => {
    const out: SubscriptionPlan[] = [];
    for (let page = 1; ; page++) {
      const p = await d.learningCatalog.listPlans(tenantId, { active: true }, { page, pageSize: 100 });
      out.push(...p.items);
      if (p.items.length < 100 || out.length >= p.total) return out;
    }
  };
