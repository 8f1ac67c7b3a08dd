import { normalisePromoCode, PROMO_CODE_PATTERN, promoTermsProblem, type PromoType } from '../../../domain/learning/admin-resources.js';
import type { Minor } from '../../../domain/shared/money.js';
import type { PromoCode } from '../ports/admin-repositories.js';
import type { RecordStore } from '../ports/record-store.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { removeRecord, audit, type AdminResource } from './common.js';
import { merge } from '../../../domain/shared/merge.js';
import { newRecord } from '../../shared/records.js';

export interface PromoCodeInput {
  code: string;
  type?: PromoType | undefined;
  value: Minor;
  validFrom?: Date | null | undefined;
  validUntil?: Date | null | undefined;
  maxUses?: number | null | undefined;
  usedCount?: number | undefined;
}

/**
 * Promo codes (contract §7): stored upper-case and unique per tenant; a percentage is at most
 * 100; the window must be a real interval. Commerce applies and counts them.
 */
export const makePromoCodesResource = (
  d: Pick<LearningDeps, 'auditLog' | 'clock' | 'ids' | 'uow'> & { promoCodeStore: RecordStore<PromoCode> },
): AdminResource<PromoCode, PromoCodeInput, Partial<PromoCodeInput>> => {
  const check = (p: PromoCode) => {
    if (!PROMO_CODE_PATTERN.test(p.code)) return err('INVALID_RECORD', 'code: 3–40 letters, digits, - or _');
    const problem = promoTermsProblem(p);
    return problem ? err('INVALID_RECORD', problem) : ok(p);
  };
  return {
    list: (tenantId, query, page) => d.promoCodeStore.list(tenantId, { search: query.search }, page),
    async create(actor, meta, input) {
      const now = d.clock.now();
      const checked = check({
        ...newRecord(d.ids, actor.tenantId, now),
        code: normalisePromoCode(input.code),
        type: input.type ?? 'percent',
        value: input.value,
        validFrom: input.validFrom ?? null,
        validUntil: input.validUntil ?? null,
        maxUses: input.maxUses ?? null,
        usedCount: input.usedCount ?? 0,
      });
      if (!checked.ok) return checked;
      return d.uow.run(async () => {
        if ((await d.promoCodeStore.insert(checked.value)) === 'conflict') return err('DUPLICATE_RECORD', 'code: already exists');
        await audit(d, actor, meta, 'promo-codes', 'create', checked.value.id, { code: checked.value.code });
        return ok(checked.value);
      });
    },
    async update(actor, meta, id, input) {
      // Read under the row's lock: orders reserve uses concurrently (`used_count`), and an edit
      // of other fields must not write back a count read before them.
      return d.uow.run(async () => {
        const current = await d.promoCodeStore.lock(actor.tenantId, id);
        if (!current) return err('RECORD_NOT_FOUND');
        const checked = check({
          ...merge(current, { ...input, code: input.code === undefined ? undefined : normalisePromoCode(input.code) }),
          updatedAt: d.clock.now(),
        });
        if (!checked.ok) return checked;
        if ((await d.promoCodeStore.update(checked.value)) === 'conflict') return err('DUPLICATE_RECORD', 'code: already exists');
        await audit(d, actor, meta, 'promo-codes', 'update', id);
        return ok(checked.value);
      });
    },
    remove: (actor, meta, id) => removeRecord(d, actor, meta, 'promo-codes', id, () => d.promoCodeStore.delete(actor.tenantId, id)),
  };
};
