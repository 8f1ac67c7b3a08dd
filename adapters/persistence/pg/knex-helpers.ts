import type { Knex } from 'knex';
import type { Database } from '../../../infrastructure/db/database.js';
import type { Page, PageRequest } from '../../../application/shared/ports.js';
import type { WriteOutcome } from '../../../application/learning/ports/record-store.js';

/**
 * Query options (`query.options(prepared('course_for_learner'))`) under which pg prepares the
 * statement once per connection and then only binds and runs it: no parse and plan per request.
 * knex hands `.options()` to the driver's query config; PGlite ignores the name.
 * A name must always carry one SQL text: pg refuses a second text under a name it has prepared
 * (a test guard watches for it). So name only statements whose text is fixed: no optional
 * filters, no list whose length changes the text (docs/architecture.md, "Prepared statements").
 */
export const prepared = (name: string): { name: string } => ({ name });

/**
 * A page of a knex query and the total, in one statement: the total rides along as a window count
 * (`count(*) over ()`) beside the columns the query names (`.select('*')` for a whole table).
 * Only a page past the end, which has no row to carry it, costs a second (count) statement.
 * `name` prepares the page statement (see `prepared`): limit and offset are bindings, so its text is fixed.
 */
export async function knexPage<R, T>(query: Knex.QueryBuilder, page: PageRequest, map: (row: R) => T, name?: string): Promise<Page<T>> {
  const offset = (page.page - 1) * page.pageSize;
  const paged = query.clone()
    .select(query.client.raw('count(*) over () as page_total'))
    .limit(page.pageSize)
    .offset(offset);
  // knex leaves out `offset 0`: the first page is a text of its own, so a name of its own.
  const rows = (await (name ? paged.options(prepared(offset === 0 ? `${name}_first` : name)) : paged)) as Array<R & { pageTotal?: number | string }>;
  // A query naming no columns would answer the total alone.
  if (rows.length > 0 && Object.keys(rows[0]!).length === 1) throw new Error('knexPage: the query selects no columns');
  let total: number;
  if (rows.length > 0) {
    total = Number(rows[0]!.pageTotal);
  } else if (page.page === 1) {
    total = 0;
  } else {
    const counted = (await query.clone().clearSelect().clearOrder().count({ n: '*' }).first()) as { n: number | string } | undefined;
    total = Number(counted?.n ?? 0);
  }
  for (const row of rows) delete row.pageTotal;
  return { items: rows.map(map), total, page: page.page, pageSize: page.pageSize };
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const prefixed = (prefix: string, column: string) => prefix + camel(`_${column}`);

export interface JoinedTable<R> {
  /**
   * For `knex.raw` in a select: each column under its prefixed alias, quoted once here (built from
   * code constants only). Handing knex the columns one by one made it quote and case-map every
   * identifier on every call: a sixth of a course page's CPU.
   */
  columns: string;
  /** The table's row back under its own (camelCase) names; null when the join found none. */
  read(row: object): R | null;
}

/**
 * Several entities in one row: the columns of a joined table, selected under a prefix
 * (`joinedTable('e', 'enr', ['id', 'user_id'])` selects `e.id as enr_id, e.user_id as enr_user_id`).
 * Names are worked out once, not per row. `R` is the table's row type: `columns` must name all of it.
 */
export function joinedTable<R>(alias: string, prefix: string, columns: readonly string[]): JoinedTable<R> {
  const names = columns.map((c) => ({ column: `"${alias}"."${c}" as "${prefix}_${c}"`, key: camel(c), alias: prefixed(prefix, c) }));
  const idAlias = prefixed(prefix, 'id');
  return {
    columns: names.map((n) => n.column).join(', '),
    read(row) {
      if (Reflect.get(row, idAlias) == null) return null;
      return Object.fromEntries(names.map((n) => [n.key, Reflect.get(row, n.alias)])) as R;
    },
  };
}

export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown })?.code === '23505';

/**
 * Runs a write that may hit a unique index in its own savepoint (or transaction), so that a
 * conflict answers `conflict` without aborting the caller's unit of work.
 */
export async function guardedWrite(db: Database, write: (q: Knex.Transaction) => Promise<unknown>): Promise<WriteOutcome> {
  try {
    await db.q().transaction(async (trx) => {
      await write(trx);
    });
    return 'ok';
  } catch (error) {
    if (isUniqueViolation(error)) return 'conflict';
    throw error;
  }
}

/** Numeric columns come back as strings on some engines: money and counts are numbers here. */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * Rows affected by a delete: pg answers a number, knex-pglite its raw result (`rowCount`).
 */
export async function deletedRows(query: PromiseLike<unknown>): Promise<number> {
  const result = (await query) as number | { rowCount?: number; affectedRows?: number } | undefined;
  if (typeof result === 'number') return result;
  return Number(result?.rowCount ?? result?.affectedRows ?? 0);
}
