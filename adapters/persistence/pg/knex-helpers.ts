import type { Knex } from 'knex';
import { ZodError } from 'zod';
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

/** A column a list is sorted by; the last key of a list must make the order total (its id). */
export interface SortKey {
  column: string;
  order: 'asc' | 'desc';
}

/** The usual order of a list: newest first, the id breaking ties of the same instant. */
export const newestFirst = (time = 'createdAt', id = 'id'): SortKey[] => [
  { column: time, order: 'desc' },
  { column: id, order: 'desc' },
];

/** A total is counted exactly up to here; past it the planner's estimate is answered (issue 28). */
export const TOTAL_COUNT_CAP = 10_000;

export interface PageOptions {
  /**
   * The list's order, applied here so that a cursor can continue it: the keys must be non-null
   * columns in one direction, served by an index that leads with the list's filters. Without an
   * order the query keeps its own and the list pages by number only (a cursor is refused).
   */
  order?: readonly SortKey[];
  /** Prepares the page statement (see `prepared`): limit and offset are bindings, so its text is fixed. */
  name?: string;
  countCap?: number;
  /**
   * The same rows as the list's query, cheaper to count: its filters without the joins that only
   * add columns (a join that no row can miss, by its foreign key). Counted in its place.
   */
  countQuery?: Knex.QueryBuilder;
  /**
   * Counts in the page's own statement, as a scalar subquery that PostgreSQL runs once (an init
   * plan): one round trip instead of two on every page but the last, which pays the capped count
   * it would have skipped. For lists whose pages are mostly not the last (the catalogue).
   */
  countInPage?: boolean;
}

const invalidCursor = (message: string) => new ZodError([{ code: 'custom', path: ['cursor'], message, input: undefined }]);

// The keys travel as the database's own text of them (`created_at::text` keeps microseconds that a
// Date would round), and are compared as what the columns are.
const encodeCursor = (values: readonly string[]): string => Buffer.from(JSON.stringify(values)).toString('base64url');

function decodeCursor(cursor: string, keys: number): string[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('not a cursor of this list');
  }
  if (!Array.isArray(values) || values.length !== keys || !values.every((v) => typeof v === 'string'))
    throw invalidCursor('not a cursor of this list');
  return values as string[];
}

/** A value the database could not read as its column's type: a cursor that was not one of ours. */
const isDataException = (error: unknown): boolean => String((error as { code?: unknown })?.code ?? '').startsWith('22');

/**
 * A page of a knex query, read from the list's index in O(page): one row more than the page tells
 * whether another follows (`nextCursor`). With a cursor the page starts after the cursor's keys
 * (`(created_at, id) < (…)`, an index range) whatever `page` says. The total is counted by a second
 * statement only when the page alone cannot tell it, and then over at most `countCap` + 1 rows;
 * more than that answers the planner's estimate (`totalIsEstimate`). A window count beside the
 * rows (`count(*) over ()`) would read every matching row to answer ten.
 */
export async function knexPage<R, T>(
  query: Knex.QueryBuilder,
  page: PageRequest,
  map: (row: R) => T,
  options: PageOptions = {},
): Promise<Page<T>> {
  const { order, name, countCap = TOTAL_COUNT_CAP, countQuery = query, countInPage = false } = options;
  if (page.cursor !== undefined && !order) throw invalidCursor('this list pages by number only');
  const raw = query.client.raw.bind(query.client) as Knex['raw'];
  const offset = page.cursor === undefined ? (page.page - 1) * page.pageSize : 0;
  // At most countCap + 1 of the list's rows, to count.
  const capped = () =>
    countQuery
      .clone()
      .clearSelect()
      .clearOrder()
      .select(raw('1'))
      .limit(countCap + 1)
      .as('capped');
  const paged = query
    .clone()
    .limit(page.pageSize + 1)
    .offset(offset);
  if (countInPage) paged.select(raw('(select count(*) from ?) as ??', [capped(), 'page_total']));
  let shape = offset === 0 ? '_first' : '';
  if (order) {
    if (new Set(order.map((k) => k.order)).size !== 1) throw new Error('knexPage: a keyset order runs in one direction');
    const columns = order.map(() => '??').join(', ');
    paged.select(order.map((k, i) => raw('??::text as ??', [k.column, `page_key_${i}`])));
    if (page.cursor !== undefined) {
      const values = decodeCursor(page.cursor, order.length);
      paged.whereRaw(`(${columns}) ${order[0]!.order === 'desc' ? '<' : '>'} (${order.map(() => '?').join(', ')})`, [
        ...order.map((k) => k.column),
        ...values,
      ]);
      shape = '_after';
    }
    paged.orderBy(order.map((k) => ({ column: k.column, order: k.order })));
  }
  let rows: Array<Record<string, unknown>>;
  try {
    // knex leaves out `offset 0`: the first page is a text of its own, so a name of its own.
    rows = (await (name ? paged.options(prepared(`${name}${shape}`)) : paged)) as Array<Record<string, unknown>>;
  } catch (error) {
    if (page.cursor !== undefined && isDataException(error)) throw invalidCursor('not a cursor of this list');
    throw error;
  }
  const more = rows.length > page.pageSize;
  if (more) rows.pop();
  const last = rows.at(-1);
  const nextCursor = more && order && last ? encodeCursor(order.map((_, i) => String(last[`pageKey${i}`]))) : null;
  if (order) for (const row of rows) order.forEach((_, i) => delete row[`pageKey${i}`]);
  const countedInPage = countInPage && rows.length > 0 ? Number(rows[0]!.pageTotal) : null;
  if (countInPage) for (const row of rows) delete row.pageTotal;
  if (rows.length > 0 && Object.keys(rows[0]!).length === 0) throw new Error('knexPage: the query selects no columns');
  let total = offset + rows.length;
  let totalIsEstimate = false;
  // Counted unless this page is the last and says how many precede it.
  if (more || page.cursor !== undefined || (rows.length === 0 && offset > 0)) {
    if (countedInPage !== null) total = countedInPage;
    else {
      const counted = (await query.client.queryBuilder().count({ n: '*' }).from(capped()).first()) as { n: number | string } | undefined;
      total = Number(counted?.n ?? 0);
    }
    if (total > countCap) {
      total = Math.max(countCap + 1, await estimatedRows(raw, countQuery.clone().clearOrder()));
      totalIsEstimate = true;
    }
  }
  return { items: (rows as R[]).map(map), total, page: page.page, pageSize: page.pageSize, totalIsEstimate, nextCursor };
}

/** The planner's estimate of the rows a query answers (EXPLAIN, which runs nothing). */
async function estimatedRows(raw: Knex['raw'], query: Knex.QueryBuilder): Promise<number> {
  // The query as a binding keeps its own bindings as they are (an array bound to `= any(?)` stays one array).
  const result = (await raw('explain (format json) ?', [query])) as { rows: Array<{ 'QUERY PLAN': unknown }> };
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
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
  /** The same for a statement run raw, whose rows no case mapper converts: aliased to what `read` reads. */
  rawColumns: string;
  /** The table's row back under its own (camelCase) names; null when the join found none. */
  read(row: object): R | null;
}

/**
 * Several entities in one row: the columns of a joined table, selected under a prefix
 * (`joinedTable('e', 'enr', ['id', 'user_id'])` selects `e.id as enr_id, e.user_id as enr_user_id`).
 * Names are worked out once, not per row. `R` is the table's row type: `columns` must name all of it.
 */
export function joinedTable<R>(alias: string, prefix: string, columns: readonly string[]): JoinedTable<R> {
  const names = columns.map((c) => ({
    column: `"${alias}"."${c}" as "${prefix}_${c}"`,
    raw: `"${alias}"."${c}" as "${prefixed(prefix, c)}"`,
    key: camel(c),
    alias: prefixed(prefix, c),
  }));
  const idAlias = prefixed(prefix, 'id');
  return {
    columns: names.map((n) => n.column).join(', '),
    rawColumns: names.map((n) => n.raw).join(', '),
    read(row) {
      if (Reflect.get(row, idAlias) == null) return null;
      return Object.fromEntries(names.map((n) => [n.key, Reflect.get(row, n.alias)])) as R;
    },
  };
}

/** An object with camelCase keys: a raw row (snake_case on one engine), or a row sent as JSON. */
export const camelKeys = <R>(r: object): R => Object.fromEntries(Object.entries(r).map(([k, v]) => [camel(k), v])) as R;

/** Raw query rows: snake_case keys on one engine, camelCase on the other; camelCase here, as `R` (what the SQL selects). */
export const rawRows = <R>(result: unknown): R[] => (result as { rows: object[] }).rows.map((r) => camelKeys<R>(r));

/** jsonb arrives parsed on both engines; a string would be a driver that did not. */
export const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** A timestamp read from JSON (text) or from a column (a Date). */
export const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/** For `knex.raw` in a select: a table's columns under the camelCase names knex's case mappers would give them. */
export const camelColumns = (alias: string, columns: readonly string[]): string =>
  columns.map((c) => `"${alias}"."${c}" as "${camel(c)}"`).join(', ');

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
