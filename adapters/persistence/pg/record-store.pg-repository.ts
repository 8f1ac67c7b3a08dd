import type { RecordStore, StoredRecord } from '../../../application/learning/ports/record-store.js';
import type { LearningAsset, Pricing, PromoCode } from '../../../application/learning/ports/admin-repositories.js';
import type { PriceTier } from '../../../domain/learning/admin-resources.js';
import { amountNear, formatMinor, fromMinor, toMinor } from '../../../domain/shared/money.js';
import type { Database } from '../../../infrastructure/db/database.js';
import { contains } from './base.js';
import { guardedWrite, knexPage, deletedRows, newestFirst } from './knex-helpers.js';
import type { PriceTierJson, PricingRow, PricingWrite, PromoCodeRow } from './rows/learning-admin.rows.js';

/** A flat admin resource's table: its rows (`R` as read, `W` as written) and their one mapper each way. */
export interface TableDescriptor<T extends StoredRecord, R, W = R> {
  table: string;
  /** camelCase columns matched by `search`. */
  searchColumns: string[];
  fromRow(row: R): T;
  toRow(record: T): W & StoredRecord;
}

/** A flat admin resource in one table (tenant-scoped, newest first, unique keys → `conflict`). */
export function makeTableStore<T extends StoredRecord, R, W = R>(db: Database, t: TableDescriptor<T, R, W>): RecordStore<T> {
  return {
    async findById(tenantId, id) {
      const r = await db.q()(t.table).where({ tenantId, id }).first();
      return r ? t.fromRow(r) : null;
    },
    async lock(tenantId, id) {
      const r = await db.q()(t.table).where({ tenantId, id }).forUpdate().first();
      return r ? t.fromRow(r) : null;
    },
    list(tenantId, query, page) {
      const q = db.q()(t.table).where({ tenantId }).select('*');
      for (const [k, v] of Object.entries(query.filter ?? {})) if (v !== undefined) q.where(k, v as string);
      if (query.search) {
        const p = contains(query.search);
        q.where((w) => {
          for (const c of t.searchColumns) w.orWhereILike(c, p);
        });
      }
      return knexPage(q, page, t.fromRow, { order: newestFirst() });
    },
    insert(record) {
      return guardedWrite(db, (q) => q(t.table).insert(t.toRow(record)));
    },
    update(record) {
      const { id, tenantId, createdAt: _c, ...changes } = t.toRow(record);
      return guardedWrite(db, (q) => q(t.table).where({ id, tenantId }).update(changes));
    },
    async delete(tenantId, id) {
      return (await deletedRows(db.q()(t.table).where({ tenantId, id }).delete())) > 0;
    },
  };
}

/** `learning_assets` and `library_items`: the entity column for column. */
type ContentItemRow = LearningAsset;

const contentItem = (table: string): TableDescriptor<LearningAsset, ContentItemRow> => ({
  table,
  searchColumns: ['title', 'description'],
  fromRow: (r) => ({
    id: r.id,
    tenantId: r.tenantId,
    title: r.title,
    description: r.description,
    url: r.url,
    type: r.type,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }),
  toRow: (a) => ({ ...a }),
});

export const makeLearningAssetStore = ({ db }: { db: Database }) => makeTableStore(db, contentItem('learning_assets'));
export const makeLibraryItemStore = ({ db }: { db: Database }) => makeTableStore(db, contentItem('library_items'));

export const makePricingStore = ({ db }: { db: Database }) =>
  makeTableStore<Pricing, PricingRow, PricingWrite>(db, {
    table: 'pricing',
    searchColumns: ['currency'],
    fromRow: pricingFromRow,
    toRow: pricingRow,
  });

const pricingFromRow = (r: PricingRow): Pricing => ({
  id: r.id,
  tenantId: r.tenantId,
  categoryId: r.categoryId,
  unitPrice: toMinor(r.unitPrice),
  currency: r.currency,
  tiers: (r.tiers ?? []).map((x) => ({ minQuantity: Number(x.min_quantity), unitPrice: amountNear(x.unit_price) })),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
// jsonb is written as JSON text (an array would reach pg as a PostgreSQL array); keys stay snake_case inside it.
const pricingRow = (p: Pricing): PricingWrite => ({
  id: p.id,
  tenantId: p.tenantId,
  categoryId: p.categoryId,
  unitPrice: formatMinor(p.unitPrice),
  currency: p.currency,
  tiers: JSON.stringify(
    p.tiers.map((x: PriceTier): PriceTierJson => ({ min_quantity: x.minQuantity, unit_price: fromMinor(x.unitPrice) })),
  ),
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

export const promoCodeFromRow = (r: PromoCodeRow): PromoCode => ({
  id: r.id,
  tenantId: r.tenantId,
  code: r.code,
  type: r.type,
  value: toMinor(r.value),
  validFrom: r.validFrom,
  validUntil: r.validUntil,
  maxUses: r.maxUses === null ? null : Number(r.maxUses),
  usedCount: Number(r.usedCount),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
const promoCodeRow = (p: PromoCode): PromoCodeRow => ({ ...p, value: formatMinor(p.value) });

export const makePromoCodeStore = ({ db }: { db: Database }) =>
  makeTableStore<PromoCode, PromoCodeRow>(db, {
    table: 'promo_codes',
    searchColumns: ['code'],
    fromRow: promoCodeFromRow,
    toRow: promoCodeRow,
  });
