import type { Pricing } from '../../learning/index.js';
import type { CommerceDeps } from '../deps.js';

/** `GET /api/lms/pricing` (public, a plain array): every category price with its tiers. */
export const makeListPricing =
  (d: Pick<CommerceDeps, 'learningCatalog'>) =>
  async (tenantId: string): Promise<Pricing[]> => {
    const out: Pricing[] = [];
    for (let page = 1; ; page++) {
      const p = await d.learningCatalog.listPricing(tenantId, { page, pageSize: 100 });
      out.push(...p.items);
      if (p.items.length < 100 || out.length >= p.total) return out;
    }
  };
