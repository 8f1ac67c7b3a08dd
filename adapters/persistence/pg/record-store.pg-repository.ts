import type { RecordStore, StoredRecord } from '../../../application/learning/ports/record-store.js';
import type { LearningAsset, Pricing, PromoCode } from '../../../application/learning/ports/admin-repositories.js';
import type { PriceTier, PromoType } from '../../../domain/learning/admin-resources.js';
import type { Database } from '../../../infrastructure/db/database.js';
import { contains } from './base.js';
import { guardedWrite, knexPage, num, numOrNull, deletedRows } from './knex-helpers.js';

type Row = Record<string, unknown>;

export interface TableDescriptor<T extends StoredRecord> {
  table: string;
  /** camelCase columns matched by `search`. */
  searchColumns: string[];
  fromRow(row: Row): T;
  toRow(record: T): Row;
}

/** A flat admin resource in one table (tenant-scoped, newest first, unique keys → `conflict`). */
export function makeTableStore<T extends StoredRecord>(db: Database, t: TableDescriptor<T>): RecordStore<T> {
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
        q.where((w) => { for (const c of t.searchColumns) w.orWhereILike(c, p); });
      }
      return knexPage(q.orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]), page, t.fromRow);
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

const contentItem = (table: string): TableDescriptor<LearningAsset> => ({
  table,
  searchColumns: ['title', 'description'],
  fromRow: (r) => ({
    id: r.id as string, tenantId: r.tenantId as string, title: r.title as string, description: r.description as string | null, url: r.url as string | null,
    type: r.type as string, createdAt: r.createdAt as Date, updatedAt: r.updatedAt as Date,
  }),
  toRow: (a) => ({ ...a }),
});

export const makeLearningAssetStore = ({ db }: { db: Database }) => makeTableStore(db, contentItem('learning_assets'));
export const makeLibraryItemStore = ({ db }: { db: Database }) => makeTableStore(db, contentItem('library_items'));

export const makePricingStore = ({ db }: { db: Database }) => makeTableStore<Pricing>(db, {
  table: 'pricing',
  searchColumns: ['currency'],
  fromRow: (r) => ({
    id: r.id as string, tenantId: r.tenantId as string, categoryId: r.categoryId as string, unitPrice: num(r.unitPrice), currency: r.currency as string,
    tiers: ((r.tiers ?? []) as Array<{ min_quantity: number; unit_price: number }>).map((x) => ({ minQuantity: num(x.min_quantity), unitPrice: num(x.unit_price) })),
    createdAt: r.createdAt as Date, updatedAt: r.updatedAt as Date,
  }),
  // jsonb is written as JSON text (an array would reach pg as a PostgreSQL array); keys stay snake_case inside it.
  toRow: (p) => ({ ...p, tiers: JSON.stringify(p.tiers.map((x: PriceTier) => ({ min_quantity: x.minQuantity, unit_price: x.unitPrice }))) }),
});

export const promoCodeFromRow = (r: Row): PromoCode => ({
  id: r.id as string, tenantId: r.tenantId as string, code: r.code as string, type: r.type as PromoType, value: num(r.value),
  validFrom: r.validFrom as Date | null, validUntil: r.validUntil as Date | null, maxUses: numOrNull(r.maxUses), usedCount: num(r.usedCount),
  createdAt: r.createdAt as Date, updatedAt: r.updatedAt as Date,
});

export const makePromoCodeStore = ({ db }: { db: Database }) => makeTableStore<PromoCode>(db, {
  table: 'promo_codes',
  searchColumns: ['code'],
  fromRow: promoCodeFromRow,
  toRow: (p) => ({ ...p }),
});
