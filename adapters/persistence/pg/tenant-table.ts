import type { Knex } from 'knex';
import type { Database } from '../../../infrastructure/db/database.js';
import { deletedRows, num } from './knex-helpers.js';

type Row<N extends Knex.TableNames> = Knex.ResolveTableType<Knex.TableType<N>>;
type Write<N extends Knex.TableNames> = Knex.ResolveTableType<Knex.TableType<N>, 'insert'>;
/** The tenant's rows that match: every statement here is scoped to one tenant. */
type Where<N extends Knex.TableNames> = { tenantId: string } & Partial<Row<N>>;

/** The statements every tenant-scoped table keyed by `id` answers alike; what differs is its row's mapper. */
export interface TenantTable<N extends Knex.TableNames, E> {
  /** The one row that matches, as its entity; null when there is none. */
  find(where: Where<N>): Promise<E | null>;
  /** The same, locked for the rest of the transaction (`for update`). */
  lock(where: Where<N>): Promise<E | null>;
  /** The tenant's rows whose `column` is one of `values`, in no order (none asked: no statement). */
  findIn(tenantId: string, column: keyof Row<N> & string, values: readonly string[]): Promise<E[]>;
  /** The tenant's rows that match, in the list order of modules, lessons and questions: `sortOrder`, then creation, then id. */
  listSorted(where: Where<N>): Promise<E[]>;
  insert(row: Write<N>): Promise<void>;
  /** Inserts the rows in batches of 500: a 2,000-question import stays under PostgreSQL's 65,535 bound parameters. */
  insertMany(rows: readonly Write<N>[]): Promise<void>;
  /**
   * Numbers the rows `ids` 1, 2, … in the list's order (`sort_order`), among the tenant's rows whose
   * `parent` column is `parentId`; one statement (`update … from unnest(…) with ordinality`).
   */
  setOrder(tenantId: string, parent: keyof Row<N> & string, parentId: string, ids: readonly string[], at: Date): Promise<void>;
  /** The `sortOrder` after the last of the rows that match (1 for none): where a new row of the list goes. */
  nextOrder(where: Where<N>): Promise<number>;
  /** Writes every column of the row but its keys, `createdAt` and the `fixed` ones, which keep what the insert wrote. */
  update(row: Write<N> & { id: string; tenantId: string }, fixed?: readonly (keyof Write<N>)[]): Promise<void>;
  /** Deletes the row; whether there was one. */
  delete(tenantId: string, id: string): Promise<boolean>;
  /**
   * Inserts the row unless one with the same `unique` columns (a unique index's) exists: a concurrent
   * twin waits for the first one's commit, then writes nothing. Whether this one was written.
   */
  insertIfAbsent(row: Write<N>, unique: readonly string[], returning?: string): Promise<boolean>;
  /** How many rows that match were created at `since` or later (the rate limits of codes and invitations). */
  countSince(where: Where<N>, since: Date): Promise<number>;
  /** How many of the tenant's rows have their `column` in `values`. */
  countIn(tenantId: string, column: keyof Row<N> & string, values: readonly string[]): Promise<number>;
  /** The same, per value of `column`: a value without rows is absent from the map. */
  countEachIn(tenantId: string, column: keyof Row<N> & string, values: readonly string[]): Promise<Map<string, number>>;
}

/** `table`'s rows read through `toEntity`. Knex cannot follow a table name that is a type parameter: its rows are cast here once. */
export function tenantTable<N extends Knex.TableNames, E = Row<N>>(
  db: Database,
  table: N,
  toEntity: (row: Row<N>) => E = (row) => row as unknown as E,
): TenantTable<N, E> {
  const from = (): Knex.QueryBuilder => db.q()(table as string);
  const counted = async (query: Knex.QueryBuilder) => num(((await query.count({ n: '*' }).first()) as { n: unknown } | undefined)?.n);
  const whereIn = (tenantId: string, column: string, values: readonly string[]) =>
    from()
      .where({ tenantId })
      .whereIn(column, [...values]);
  const mapped = (r: unknown) => (r ? toEntity(r as Row<N>) : null);
  return {
    find: async (where) => mapped(await from().where(where).first()),
    lock: async (where) => mapped(await from().where(where).forUpdate().first()),
    async findIn(tenantId, column, values) {
      if (values.length === 0) return [];
      return (
        (await from()
          .where({ tenantId })
          .whereIn(column, [...values])) as Row<N>[]
      ).map(toEntity);
    },
    async listSorted(where) {
      const rows = (await from()
        .where(where)
        .orderBy([{ column: 'sortOrder' }, { column: 'createdAt' }, { column: 'id' }])) as Row<N>[];
      return rows.map(toEntity);
    },
    async insert(row) {
      await from().insert(row);
    },
    async insertMany(rows) {
      for (let i = 0; i < rows.length; i += 500) await from().insert(rows.slice(i, i + 500));
    },
    async setOrder(tenantId, parent, parentId, ids, at) {
      if (ids.length === 0) return;
      await db.q().raw(
        `update ?? x set sort_order = v.ord, updated_at = ?
           from (select * from unnest(?::uuid[]) with ordinality as t(id, ord)) v
          where x.tenant_id = ? and x.?? = ? and x.id = v.id`,
        [table, at, [...ids], tenantId, parent, parentId],
      );
    },
    async nextOrder(where) {
      const r = (await from().where(where).max({ m: 'sortOrder' }).first()) as { m: unknown } | undefined;
      return num(r?.m) + 1;
    },
    async update(row, fixed = []) {
      const { id, tenantId, createdAt: _c, ...rest } = row as { id: string; tenantId: string; createdAt?: unknown };
      const changes = Object.fromEntries(Object.entries(rest).filter(([key]) => !(fixed as readonly PropertyKey[]).includes(key)));
      await from().where({ tenantId, id }).update(changes);
    },
    delete: async (tenantId, id) => (await deletedRows(from().where({ tenantId, id }).delete())) > 0,
    async insertIfAbsent(row, unique, returning = 'id') {
      const rows = (await from()
        .insert(row)
        .onConflict([...unique])
        .ignore()
        .returning(returning)) as unknown[];
      return rows.length === 1;
    },
    countSince: (where, since) => counted(from().where(where).where('createdAt', '>=', since)),
    countIn: async (tenantId, column, values) => (values.length === 0 ? 0 : counted(whereIn(tenantId, column, values))),
    async countEachIn(tenantId, column, values) {
      if (values.length === 0) return new Map();
      const rows = (await whereIn(tenantId, column, values).select(column).count({ n: '*' }).groupBy(column)) as Array<
        Record<string, unknown>
      >;
      return new Map(rows.map((r) => [String(r[column]), num(r.n)]));
    },
  };
}
