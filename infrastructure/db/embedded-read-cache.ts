import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { PgLiteStatements } from './pglite-statements.js';
import { deepCopy } from './deep-copy.js';
import { BoundedLru } from './bounded-lru.js';

/** Statements that change no data and no schema. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|start\s+transaction)\b/i;
/** Data statements; a read among them is a select (or with) that writes, locks and creates nothing. */
const DATA = /^\s*(select|with|insert|update|delete|merge|truncate|copy|values)\b/i;
const READ = /^\s*(select|with)\b/i;
const WRITES_OR_LOCKS = /\b(insert|update|delete|merge|truncate|into|for\s+(share|no\s+key|key))\b/i;
/** Answers that change without a write: clocks, randomness, sequences, settings, the catalogue. */
const VOLATILE =
  /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|gen_random_uuid|uuid_generate_\w+|nextval|currval|lastval|setval|current_setting|set_config|txid_\w+)\s*\(|\bcurrent_(timestamp|date|time|user|schema)\b|\blocal(time|timestamp)\b|\bpg_\w+|\binformation_schema\b/i;
/**
 * A statement that modifies one table: PostgreSQL allows data-modifying WITH only at the top, so
 * one that starts with insert, update or delete changes its target alone (the lookahead refuses a
 * schema-qualified name, which falls back to every named table).
 */
const SINGLE_TARGET = /^\s*(insert\s+into|update|delete\s+from)\s+(only\s+)?(?:"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*))(?![\w$"]|\s*\.)/i;
const IDENTIFIER = /"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*)/g;

const MAX_ENTRIES = 2_000;
/** Roughly what the kept answers may hold in all; one answer may take an eighth of it at most. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Big answers (exports, reports) are not worth the memory; the catalogue pages are small. */
const MAX_ROWS = 500;

interface Entry {
  /** Each table read, with its version when the statement ran. */
  read: Array<[string, number]>;
  results: Results<unknown>;
}

/** A write names the tables it may change; a read the tables it reads, or none when its answer may not be kept. */
type Plan = { writes: string[]; reads?: undefined } | { writes?: undefined; reads: string[] | undefined; id: number };

interface Schema {
  tables: Set<string>;
  plans: Map<string, Plan>;
  /** A table and every table whose rows a write to it may change through cascading foreign keys. */
  reach: Map<string, string[]>;
}

/** Each table read, with its version when it was read. */
export type ReadSet = ReadonlyArray<readonly [string, number]>;

/** What the statements of one piece of work read, while it runs (see `observe`). */
class Observation {
  readonly read = new Map<string, number>();
  /** False once a statement ran whose answer may not be kept (a write, a transaction, a clock). */
  keepable = true;

  see(read: ReadSet): void {
    for (const [table, version] of read) {
      const seen = this.read.get(table);
      // Read at two versions: written in between, so the work's answer may mix old and new.
      if (seen !== undefined && seen !== version) this.keepable = false;
      this.read.set(table, version);
    }
  }
}

/** Approximate bytes: two per character of text (json measured as text), eight per other value. */
function sizeOf(rows: unknown[]): number {
  let bytes = 0;
  for (const row of rows) {
    for (const value of Object.values(row as object)) {
      if (typeof value === 'string') bytes += 8 + 2 * value.length;
      else if (value === null || typeof value !== 'object' || value instanceof Date) bytes += 8;
      else {
        try {
          bytes += 8 + 2 * (JSON.stringify(value)?.length ?? 0);
        } catch {
          return Infinity; // an int8[] (bigints) has no JSON form: not kept
        }
      }
    }
  }
  return bytes;
}

function copyOf<T>(results: Results<T>): Results<T> {
  // Field descriptions are the engine's metadata, never changed by callers.
  return { ...results, rows: results.rows.map(deepCopy) };
}

/**
 * Answers repeated reads of the embedded engine from memory until a table they read is written.
 *
 * Why only embedded: PGlite is one process's private database, so every write passes through
 * here and the versions below are exact; with PostgreSQL other processes write too and the
 * processes stay stateless. A single connection serialises everything, so a version is read and a
 * statement runs with nothing in between, and a transaction's uncommitted writes are never cached
 * (statements inside transactions bypass the cache, and their writes invalidate at once).
 * Invalidation over-approximates on purpose: an insert, update or delete invalidates its target and
 * what the target's cascading foreign keys reach, any other write every table its text names (and
 * their reach); a schema change or anything unrecognised invalidates all.
 */
export class EmbeddedReadCache {
  private static readonly perEngine = new WeakMap<PGlite, EmbeddedReadCache>();

  static of(pglite: PGlite): EmbeddedReadCache {
    let cache = EmbeddedReadCache.perEngine.get(pglite);
    if (!cache) EmbeddedReadCache.perEngine.set(pglite, (cache = new EmbeddedReadCache(PgLiteStatements.of(pglite))));
    return cache;
  }

  private readonly entries = new BoundedLru<Entry>(MAX_ENTRIES, MAX_BYTES);
  private readonly versions = new Map<string, number>();
  private clock = 0;
  private plans = 0;
  private schema: Schema | undefined;
  private readonly observations = new AsyncLocalStorage<Observation>();

  private constructor(private readonly statements: PgLiteStatements) {}

  /** Runs one statement; `transacting` says it belongs to an open transaction. */
  async query<T>(sql: string, params: unknown[] = [], options: QueryOptions | undefined, transacting: boolean): Promise<Results<T>> {
    const observation = this.observations.getStore();
    const run = () => {
      if (observation) observation.keepable = false;
      return this.statements.query<T>(sql, params, options);
    };
    if (CONTROL.test(sql)) return run();
    if (!DATA.test(sql)) {
      // New plans get new numbers, so no answer kept under the old ones is found again.
      this.schema = undefined;
      return run();
    }
    const plan = await this.planOf(sql);
    if (plan.writes) {
      for (const table of plan.writes) this.versions.set(table, ++this.clock);
      return run();
    }
    if (transacting || !plan.reads || options?.blob) return run();

    let key: string;
    try {
      // The plan's number stands for the statement text, keeping keys short to hash.
      key = `${plan.id} ${JSON.stringify(params)}${options ? ` ${JSON.stringify(options)}` : ''}`;
    } catch {
      return run(); // bigint parameters have no JSON form
    }
    const hit = this.entries.get(key);
    if (hit && this.isCurrent(hit.read)) {
      observation?.see(hit.read);
      // Callers may change what they get back; the cached answer must stay as the database gave it.
      return copyOf(hit.results) as Results<T>;
    }
    const read = plan.reads.map((t): [string, number] => [t, this.versions.get(t) ?? 0]);
    observation?.see(read);
    const results = await this.statements.query<T>(sql, params, options);
    const bytes = results.rows.length <= MAX_ROWS ? sizeOf(results.rows) : Infinity;
    if (bytes <= MAX_BYTES / 8) {
      this.entries.set(key, { read, results: copyOf(results) }, bytes);
    }
    return results;
  }

  /** Whether no table of this read set was written since. */
  isCurrent(read: ReadSet): boolean {
    return read.every(([table, version]) => this.versions.get(table) === version);
  }

  /**
   * Runs `work` and reports the tables its statements read, with their versions, or null when one
   * of its statements could not be kept (see `query`): its answer is then only as fresh as the
   * database, and EmbeddedReadMemo does not keep it. An observation inside another adds to it.
   */
  async observe<T>(work: () => Promise<T>): Promise<{ value: T; read: ReadSet | null }> {
    const outer = this.observations.getStore();
    const observation = new Observation();
    try {
      const value = await this.observations.run(observation, work);
      return { value, read: observation.keepable ? [...observation.read] : null };
    } finally {
      if (outer) this.witness(observation.keepable ? [...observation.read] : null, outer);
    }
  }

  /** Counts a read set (or an unkeepable answer) towards the observation the caller runs in. */
  witness(read: ReadSet | null, observation = this.observations.getStore()): void {
    if (!observation) return;
    if (read) observation.see(read);
    else observation.keepable = false;
  }

  /** What a data statement reads or writes, worked out once per statement text. */
  private async planOf(sql: string): Promise<Plan> {
    const schema = await this.loadSchema();
    const known = schema.plans.get(sql);
    if (known) return known;
    const named = new Set<string>();
    for (const match of sql.matchAll(IDENTIFIER)) {
      const name = match[1] !== undefined ? match[1].replace(/""/g, '"') : match[2]!.toLowerCase();
      if (schema.tables.has(name)) named.add(name);
    }
    let plan: Plan;
    const target = SINGLE_TARGET.exec(sql);
    const targetName = target && (target[3] !== undefined ? target[3].replace(/""/g, '"') : target[4]!.toLowerCase());
    if (target && targetName && schema.tables.has(targetName)) {
      // The other tables it names are only read (there are no triggers); its cascades (an update on
      // conflict included) may reach further.
      plan = { writes: schema.reach.get(targetName) ?? [targetName] };
    } else if (!READ.test(sql) || WRITES_OR_LOCKS.test(sql)) plan = { writes: [...new Set([...named].flatMap((t) => schema.reach.get(t) ?? [t]))] };
    else plan = { reads: named.size > 0 && !VOLATILE.test(sql) ? [...named] : undefined, id: ++this.plans };
    if (schema.plans.size >= MAX_ENTRIES) schema.plans.clear();
    schema.plans.set(sql, plan);
    return plan;
  }

  private async loadSchema(): Promise<Schema> {
    if (this.schema) return this.schema;
    const tables = await this.statements.query<{ name: string }>(
      `select c.relname as name from pg_class c where c.relkind in ('r', 'p') and c.relnamespace = current_schema()::regnamespace`,
    );
    const links = await this.statements.query<{ child: string; parent: string }>(
      `select child.relname as child, parent.relname as parent
         from pg_constraint k join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
        where k.contype = 'f' and (k.confdeltype in ('c', 'n', 'd') or k.confupdtype in ('c', 'n', 'd'))`,
    );
    const children = new Map<string, string[]>();
    for (const { child, parent } of links.rows) children.set(parent, [...(children.get(parent) ?? []), child]);
    const reach = new Map<string, string[]>();
    for (const { name } of tables.rows) {
      const seen = new Set([name]);
      for (const table of seen) for (const child of children.get(table) ?? []) seen.add(child);
      reach.set(name, [...seen]);
    }
    this.schema = { tables: new Set(tables.rows.map((t) => t.name)), plans: new Map(), reach };
    return this.schema;
  }
}
