import type { Minor } from '../../../domain/shared/money.js';
import type { SubscriptionPlan, SubscriptionPlanRepository } from '../ports/admin-repositories.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { audit, resourceChange, type AdminResource, type ListQuery } from './common.js';
import { merge } from '../../../domain/shared/merge.js';
import { auditedWrite } from '../../platform/audit.js';
import { newRecord } from '../../shared/records.js';

export interface PlanInput {
  name: string;
  description?: string | null | undefined;
  price: Minor;
  currency?: string | undefined;
  durationDays: number;
  categoryIds?: string[] | undefined;
  active?: boolean | undefined;
}
export interface PlanQuery extends ListQuery {
  active?: boolean | undefined;
}

/**
 * Subscription plans (storage and CRUD; commerce sells them): every category must exist in the
 * tenant. A plan anyone subscribed to (pending, active or ended) is not deleted: its subscribers'
 * records name it. It is deactivated instead (`active: false`), which stops new sales.
 */
export const makeSubscriptionPlansResource = (
  d: Pick<LearningDeps, 'categoryRepository' | 'salesRecords' | 'auditLog' | 'clock' | 'ids' | 'uow'> & {
    subscriptionPlanRepository: SubscriptionPlanRepository;
  },
): AdminResource<SubscriptionPlan, PlanInput, Partial<PlanInput>, PlanQuery> => {
  const check = async (p: SubscriptionPlan) => {
    const ids = [...new Set(p.categoryIds)];
    const found = await d.categoryRepository.findManyByIds(p.tenantId, ids);
    if (found.length !== ids.length) return err('UNKNOWN_REFERENCE', 'category_ids: no such category');
    return ok({ ...p, categoryIds: ids });
  };
  return {
    list: (tenantId, query, page) => d.subscriptionPlanRepository.list(tenantId, query, page),
    async create(actor, meta, input) {
      const now = d.clock.now();
      const checked = await check({
        ...newRecord(d.ids, actor.tenantId, now),
        name: input.name,
        description: input.description ?? null,
        price: input.price,
        currency: input.currency ?? 'IDR',
        durationDays: input.durationDays,
        categoryIds: input.categoryIds ?? [],
        active: input.active ?? true,
      });
      if (!checked.ok) return checked;
      await auditedWrite(
        d,
        actor,
        meta,
        () => d.subscriptionPlanRepository.save(checked.value),
        resourceChange('subscription-plans', 'create', checked.value.id, { name: checked.value.name }),
      );
      return ok(checked.value);
    },
    async update(actor, meta, id, input) {
      const current = await d.subscriptionPlanRepository.findById(actor.tenantId, id);
      if (!current) return err('RECORD_NOT_FOUND');
      const checked = await check({ ...merge(current, input), updatedAt: d.clock.now() });
      if (!checked.ok) return checked;
      await auditedWrite(
        d,
        actor,
        meta,
        () => d.subscriptionPlanRepository.save(checked.value),
        resourceChange('subscription-plans', 'update', id),
      );
      return ok(checked.value);
    },
    async remove(actor, meta, id) {
      return d.uow.run(async () => {
        if (!(await d.subscriptionPlanRepository.findById(actor.tenantId, id))) return err('RECORD_NOT_FOUND');
        const subscriptions = await d.salesRecords.subscriptionsOfPlan(actor.tenantId, id);
        if (subscriptions > 0) return err('PLAN_IN_USE', `${subscriptions} subscription(s); set active: false instead`);
        if (!(await d.subscriptionPlanRepository.delete(actor.tenantId, id))) return err('RECORD_NOT_FOUND');
        await audit(d, actor, meta, 'subscription-plans', 'delete', id);
        return ok(null);
      });
    },
  };
};
