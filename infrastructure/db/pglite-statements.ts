import { parse as pgliteParse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { isPreparable, isStalePlan } from './prepared-statements.js';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's row description (absent for statements without rows), replayed before its data rows. */
  rowDescription: BackendMessage | undefined;
}

/** Bounds the plans held inside the embedded engine's memory; the least recently used is closed. */
const MAX_PREPARED = 500;

/**
 * Runs statements on PGlite as PostgreSQL's drivers do on a server, with one protocol round per
 * statement: a statement is parsed and described once and then only bound and executed, so its
 * parse/analyse work (and often its plan) is reused. PGlite's own `query()` makes six rounds and
 * parses anew each time, which measured at three times the cost of a catalogue query here.
 * Results are built by PGlite's own parser with its own type parsers and serializers, so rows,
 * errors and affected counts are those `query()` answers.
 */
export class PgLiteStatements {
  private static readonly perEngine = new WeakMap<PGlite, PgLiteStatements>();

  /** Statement names live in the engine's session, so every knex over one PGlite shares one set. */
  static of(pglite: PGlite): PgLiteStatements {
    let statements = PgLiteStatements.perEngine.get(pglite);
    if (!statements) PgLiteStatements.perEngine.set(pglite, (statements = new PgLiteStatements(pglite)));
    return statements;
  }

  private readonly prepared = new Map<string, Prepared>();
  private readonly toClose: string[] = [];
  private counter = 0;

  private constructor(private readonly pglite: PGlite) {}

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob) return this.pglite.query<T>(sql, params, options);
    // As query(): after any transaction PGlite itself runs, and one statement at a time.
    return this.pglite._runExclusiveTransaction(() =>
      this.pglite._runExclusiveQuery(async () => {
        let results: Results<T>;
        try {
          results = await this.run<T>(sql, params, options);
        } catch (error) {
          if (!isStalePlan(error)) throw error;
          this.forget(sql);
          results = await this.run<T>(sql, params, options);
        }
        await this.pglite.syncToFs();
        return results;
      }),
    );
  }

  private async run<T>(sql: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const statement = isPreparable(sql) ? await this.prepare(sql) : undefined;
    if (!statement) {
      // Unnamed: parse and describe, then bind and execute: two rounds instead of PGlite's six.
      const described = await this.exchange([protocol.serialize.parse({ text: sql }), protocol.serialize.describe({ type: 'S' }), protocol.serialize.sync()]);
      const paramTypes = pgliteParse.parseDescribeStatementResults(described);
      const messages = await this.exchange([
        protocol.serialize.bind({ values: this.serialize(params, paramTypes, options) }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
      return pgliteParse.parseResults(messages, this.pglite.parsers, options)[0] as Results<T>;
    }
    const messages = await this.exchange([
      protocol.serialize.bind({ statement: statement.name, values: this.serialize(params, statement.paramTypes, options) }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    const all = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return pgliteParse.parseResults(all, this.pglite.parsers, options)[0] as Results<T>;
  }

  private async prepare(sql: string): Promise<Prepared> {
    const known = this.prepared.get(sql);
    if (known) {
      // Map order is insertion order: re-inserting marks it the most recently used.
      this.prepared.delete(sql);
      this.prepared.set(sql, known);
      return known;
    }
    const name = `knex_${++this.counter}`;
    const described = await this.exchange([protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]);
    const statement: Prepared = {
      name,
      paramTypes: pgliteParse.parseDescribeStatementResults(described),
      rowDescription: described.find((m) => m.name === 'rowDescription'),
    };
    this.prepared.set(sql, statement);
    if (this.prepared.size > MAX_PREPARED) this.forget(this.prepared.keys().next().value!);
    return statement;
  }

  private forget(sql: string): void {
    const statement = this.prepared.get(sql);
    if (!statement) return;
    this.prepared.delete(sql);
    this.toClose.push(statement.name);
  }

  /** One protocol round; statements forgotten since the last round are closed in it. */
  private exchange(parts: Uint8Array[]): Promise<BackendMessage[]> {
    const closing = this.toClose.splice(0).map((name) => protocol.serialize.close({ type: 'S', name }));
    return this.pglite.execProtocolStream(Buffer.concat([...closing, ...parts]), { syncToFs: false });
  }

  private serialize(params: unknown[], types: number[], options?: QueryOptions): Array<string | null> {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i]!;
      const serializer = options?.serializers?.[type] ?? this.pglite.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
  }
}
