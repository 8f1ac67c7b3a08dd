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

/**
 * A timestamp inside a JSON column as epoch milliseconds (null stays null), read back with
 * `msDate`: from ISO text, `new Date(text)` costs a date parse of some 1,700 instructions, from a
 * number nothing. `floor` keeps the millisecond that pg's parser and `Date` keep of the text.
 */
export const epochMs = (expr: string): string => `floor(extract(epoch from ${expr}) * 1000)`;
export const msDate = (ms: number): Date => new Date(ms);
export const msDateOrNull = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/**
 * A timestamp column as the text of its UTC time (`2026-11-28 06:32:21.022531`), read back with
 * `isoOfUtcText`: for a list's many times, pg's date parser (a regular expression and a `Date` per
 * value) and `toISOString()` after it were 7 % of the catalogue's CPU. PostgreSQL writes the text
 * either way (the text protocol sends every timestamp as text); `at time zone 'UTC'` makes it the
 * same whatever the session's time zone.
 */
export const utcText = (expr: string): string => `(${expr} at time zone 'UTC')::text`;

const UTC_TEXT = /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?( BC)?$/;

/**
 * `utcText`'s text as `Date#toISOString()` writes the same instant (milliseconds truncated, as pg's
 * parser and `Date` truncate them): for years 1–9999 by moving characters, else through a `Date`.
 */
export function isoOfUtcText(text: string): string {
  const n = text.length;
  if ((n === 19 || (n > 20 && n <= 26 && text.charCodeAt(19) === 46)) && text.charCodeAt(4) === 45 && text.charCodeAt(10) === 32) {
    const fraction = n === 19 ? '000' : n >= 23 ? text.slice(20, 23) : text.slice(20).padEnd(3, '0');
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
  }
  const m = UTC_TEXT.exec(text);
  if (!m) throw new RangeError(`not a UTC timestamp text: ${text}`);
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999; 1 BC is year 0.
  date.setUTCFullYear(m[8] ? 1 - Number(m[1]) : Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  date.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]), Number((m[7] ?? '').padEnd(3, '0').slice(0, 3)));
  return date.toISOString();
}

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
  countCap?: number;
  /**
   * The same rows as the list's query, cheaper to count: its filters without the joins that only
   * add columns (a join that no row can miss, by its foreign key). Counted in its place.
   */
  countQuery?: Knex.QueryBuilder;
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

/** What a page's rows carry besides the list's columns: the order's keys and, counted in the page, the total. */
interface PageRow {
  [key: `pageKey${number}`]: unknown;
  pageTotal?: unknown;
}

/** How a list reads a page, for `readPage`: the statements are the caller's, the paging rules are here. */
interface PageSource {
  /** Keys of the list's order (each selected as text under `pageKey<i>`); 0 pages by number only. */
  keys: number;
  countCap: number;
  /** Whether the page's rows carry the capped total (`pageTotal`). */
  countsInPage: boolean;
  /** `limit` rows from `offset`, or right after the cursor's keys (then from the start). */
  rows(limit: number, offset: number, after: string[] | undefined): Promise<PageRow[]>;
  /** The list's rows, at most `countCap` + 1 of them. */
  count(): Promise<number>;
  /** The planner's estimate of the list's rows. */
  estimate(): Promise<number>;
}

/**
 * The paging rules every list shares, whatever builds its statements: one row more than the page
 * tells whether another follows (`nextCursor`); with a cursor the page starts after the cursor's
 * keys whatever `page` says; the total is counted only when the page alone cannot tell it, to at
 * most `countCap` + 1 rows, and past that the planner's estimate is answered (`totalIsEstimate`).
 * The rows reach `map` with their `pageKey<i>` and `pageTotal` columns.
 */
async function readPage<R, T>(source: PageSource, page: PageRequest, map: (row: R) => T): Promise<Page<T>> {
  const { keys, countCap } = source;
  if (page.cursor !== undefined && keys === 0) throw invalidCursor('this list pages by number only');
  const offset = page.cursor === undefined ? (page.page - 1) * page.pageSize : 0;
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, keys);
  let rows: PageRow[];
  try {
    rows = await source.rows(page.pageSize + 1, offset, after);
  } catch (error) {
    if (after !== undefined && isDataException(error)) throw invalidCursor('not a cursor of this list');
    throw error;
  }
  const more = rows.length > page.pageSize;
  if (more) rows.pop();
  const last = rows.at(-1);
  const nextCursor = more && keys > 0 && last ? encodeCursor(Array.from({ length: keys }, (_, i) => String(last[`pageKey${i}`]))) : null;
  let total = offset + rows.length;
  let totalIsEstimate = false;
  // Counted unless this page is the last and says how many precede it.
  if (more || after !== undefined || (rows.length === 0 && offset > 0)) {
    total = source.countsInPage && rows.length > 0 ? Number(rows[0]!.pageTotal) : await source.count();
    if (total > countCap) {
      total = Math.max(countCap + 1, await source.estimate());
      totalIsEstimate = true;
    }
  }
  return { items: (rows as R[]).map(map), total, page: page.page, pageSize: page.pageSize, totalIsEstimate, nextCursor };
}

/**
 * A page of a knex query, read from the list's index in O(page) (`readPage`'s rules): with a
 * cursor, `(created_at, id) < (…)`, an index range. The total is counted by a second statement,
 * over `countQuery`. A window count beside the rows (`count(*) over ()`) would read every matching
 * row to answer ten.
 */
export async function knexPage<R, T>(
  query: Knex.QueryBuilder,
  page: PageRequest,
  map: (row: R) => T,
  options: PageOptions = {},
): Promise<Page<T>> {
  const { order = [], countCap = TOTAL_COUNT_CAP, countQuery = query } = options;
  if (new Set(order.map((k) => k.order)).size > 1) throw new Error('knexPage: a keyset order runs in one direction');
  const raw = query.client.raw.bind(query.client) as Knex['raw'];
  // At most countCap + 1 of the list's rows, to count.
  const capped = () =>
    countQuery
      .clone()
      .clearSelect()
      .clearOrder()
      .select(raw('1'))
      .limit(countCap + 1)
      .as('capped');
  const source: PageSource = {
    keys: order.length,
    countCap,
    countsInPage: false,
    async rows(limit, offset, after) {
      const paged = query.clone().limit(limit).offset(offset);
      if (order.length > 0) {
        const columns = order.map(() => '??').join(', ');
        paged.select(order.map((k, i) => raw('??::text as ??', [k.column, `page_key_${i}`])));
        if (after)
          paged.whereRaw(`(${columns}) ${order[0]!.order === 'desc' ? '<' : '>'} (${order.map(() => '?').join(', ')})`, [
            ...order.map((k) => k.column),
            ...after,
          ]);
        paged.orderBy(order.map((k) => ({ column: k.column, order: k.order })));
      }
      return (await paged) as PageRow[];
    },
    async count() {
      const counted = (await query.client.queryBuilder().count({ n: '*' }).from(capped()).first()) as { n: number | string } | undefined;
      return Number(counted?.n ?? 0);
    },
    estimate: () => estimatedRows(raw, countQuery.clone().clearOrder()),
  };
  let checked = false;
  return readPage(source, page, (row: PageRow) => {
    // The rows are the entities' rows: without the paging columns.
    for (let i = 0; i < order.length; i++) delete row[`pageKey${i}`];
    if (!checked && Object.keys(row).length === 0) throw new Error('knexPage: the query selects no columns');
    checked = true;
    return map(row as R);
  });
}

/** A list's page as one fixed text per shape (`rawPageStatement`), prepared. */
export interface RawPageStatement {
  readonly name: string;
  /** The page from an offset; binds the filters (twice: count, rows), the limit and the offset. */
  readonly page: string;
  /** The page right after a cursor's keys; binds the filters (twice), the keys and the limit. */
  readonly after: string;
  /** The capped count alone (past the last page no row carries it); binds the filters. */
  readonly count: string;
  /** The list's rows, for the planner's estimate; binds the filters. */
  readonly rows: string;
  readonly keys: number;
  readonly countCap: number;
}

/**
 * The texts of a list's page that runs raw and prepared (a hot list whose statement knex's builder
 * would compile anew on every request): built once, at module load, from code constants only.
 * Each row selects `select`, the order's keys as text (`"pageKey<i>"`, the cursor) and, as a scalar
 * subquery that PostgreSQL runs once (an init plan), the total capped at `countCap` + 1 rows
 * (`"pageTotal"`): one round trip on every page but the one past the last. The count reads
 * `countFrom`: the list's rows without the joins that only add columns. `where` binds with `?`
 * and names only aliases of both `from` and `countFrom`; the order's columns must be non-null, in
 * one direction, served by an index that leads with the list's filters.
 */
export function rawPageStatement(spec: {
  name: string;
  select: string;
  from: string;
  countFrom: string;
  where: string;
  order: readonly SortKey[];
  countCap?: number;
}): RawPageStatement {
  const { name, select, from, countFrom, where, order, countCap = TOTAL_COUNT_CAP } = spec;
  const direction = order[0]?.order;
  if (!direction || order.some((k) => k.order !== direction)) throw new Error('rawPageStatement: a keyset order runs in one direction');
  const rows = `select 1 from ${countFrom} where ${where}`;
  const capped = `(select count(*) from (${rows} limit ${countCap + 1}) capped)`;
  const head = `select ${select}, ${order.map((k, i) => `${k.column}::text as "pageKey${i}"`).join(', ')}, ${capped} as "pageTotal"
  from ${from}
 where (${where})`;
  const keyset = `(${order.map((k) => k.column).join(', ')}) ${direction === 'desc' ? '<' : '>'} (${order.map(() => '?').join(', ')})`;
  const tail = `order by ${order.map((k) => `${k.column} ${k.order}`).join(', ')} limit ?`;
  return {
    name,
    page: `${head}
 ${tail} offset ?`,
    after: `${head}
   and ${keyset}
 ${tail}`,
    count: `select ${capped} as n`,
    rows,
    keys: order.length,
    countCap,
  };
}

/**
 * A page of a `rawPageStatement` (`readPage`'s rules), its rows as the text selects them: the
 * page prepared as `<name>`, a page after a cursor as `<name>_after`. `bindings` are the filters'.
 */
export function rawPage<R, T>(
  q: Knex | Knex.Transaction,
  statement: RawPageStatement,
  bindings: readonly Knex.RawBinding[],
  page: PageRequest,
  map: (row: R) => T,
): Promise<Page<T>> {
  return readPage(
    {
      keys: statement.keys,
      countCap: statement.countCap,
      countsInPage: true,
      async rows(limit, offset, after) {
        const result = after
          ? q.raw(statement.after, [...bindings, ...bindings, ...after, limit]).options(prepared(`${statement.name}_after`))
          : q.raw(statement.page, [...bindings, ...bindings, limit, offset]).options(prepared(statement.name));
        return ((await result) as { rows: PageRow[] }).rows;
      },
      async count() {
        const counted = (await q.raw(statement.count, [...bindings])) as { rows: Array<{ n: number | string }> };
        return Number(counted.rows[0]?.n ?? 0);
      },
      estimate: () => estimatedRows(q.raw.bind(q) as Knex['raw'], q.raw(statement.rows, [...bindings])),
    },
    page,
    map,
  );
}

/** The planner's estimate of the rows a query answers (EXPLAIN, which runs nothing). */
async function estimatedRows(raw: Knex['raw'], query: Knex.QueryBuilder | Knex.Raw): Promise<number> {
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
