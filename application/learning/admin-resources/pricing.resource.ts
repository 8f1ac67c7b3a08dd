import { normaliseTiers, type PriceTier } from '../../../domain/learning/admin-resources.js';
import type { Minor } from '../../../domain/shared/money.js';
import type { Pricing } from '../ports/admin-repositories.js';
import type { RecordStore } from '../ports/record-store.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { removeRecord, audit, type AdminResource, type ListQuery } from './common.js';
import { merge } from '../../../domain/shared/merge.js';
import { newRecord } from '../../shared/records.js';

export interface PricingInput {
  categoryId: string;
  unitPrice: Minor;
  currency?: string | undefined;
  tiers?: PriceTier[] | undefined;
}
export interface PricingQuery extends ListQuery {
  categoryId?: string | undefined;
}

/**
 * Per-category prices with volume tiers (commerce computes orders from them): the category
 * must exist, one price per category and currency, tier thresholds distinct (stored sorted).
 */
export const makePricingResource = (
  d: Pick<LearningDeps, 'categoryRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'> & { pricingStore: RecordStore<Pricing> },
): AdminResource<Pricing, PricingInput, Partial<PricingInput>, PricingQuery> => {
  const check = async (tenantId: string, p: Pricing) => {
    if (!(await d.categoryRepository.findById(tenantId, p.categoryId))) return err('UNKNOWN_REFERENCE', 'category_id: no such category');
    const tiers = normaliseTiers(p.tiers);
    if (!tiers) return err('INVALID_RECORD', 'tiers: each min_quantity at most once');
    return ok({ ...p, tiers });
  };
  return {
    list: (tenantId, query, page) =>
      d.pricingStore.list(tenantId, { filter: query.categoryId ? { categoryId: query.categoryId } : {} }, page),
    async create(actor, meta, input) {
      const now = d.clock.now();
      const checked = await check(actor.tenantId, {
        ...newRecord(d.ids, actor.tenantId, now),
        categoryId: input.categoryId,
        unitPrice: input.unitPrice,
        currency: input.currency ?? 'IDR',
        tiers: input.tiers ?? [],
      });
      if (!checked.ok) return checked;
      return d.uow.run(async () => {
        if ((await d.pricingStore.insert(checked.value)) === 'conflict')
          return err('DUPLICATE_RECORD', 'category_id: the category already has a price in this currency');
        await audit(d, actor, meta, 'pricing', 'create', checked.value.id, { category_id: input.categoryId });
        return ok(checked.value);
      });
    },
    async update(actor, meta, id, input) {
      const current = await d.pricingStore.findById(actor.tenantId, id);
      if (!current) return err('RECORD_NOT_FOUND');
      const checked = await check(actor.tenantId, {
        ...merge(current, input),
        updatedAt: d.clock.now(),
      });
      if (!checked.ok) return checked;
      return d.uow.run(async () => {
        if ((await d.pricingStore.update(checked.value)) === 'conflict')
          return err('DUPLICATE_RECORD', 'category_id: the category already has a price in this currency');
        await audit(d, actor, meta, 'pricing', 'update', id);
        return ok(checked.value);
      });
    },
    remove: (actor, meta, id) => removeRecord(d, actor, meta, 'pricing', id, () => d.pricingStore.delete(actor.tenantId, id)),
  };
};
