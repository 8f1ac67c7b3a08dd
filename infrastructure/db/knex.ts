import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { knexSnakeCaseMappers } from 'objection';
import { EmbeddedReadCache } from './embedded-read-cache.js';
import { PreparedPgClient } from './prepared-pg-client.js';

export type { Knex };

// pg answers int8 (count(*), sums) as strings to keep precision; our counts fit in a double,
// and PGlite already answers numbers, so both engines agree.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/**
 * PGlite is one connection. knex-pglite lends it through a tarn pool of one, whose hand-over lets a
 * newcomer overtake requests already waiting (long tails under load, seconds at p99) and arms a
 * timer per query. This client lends it in strict arrival order instead, runs statements prepared
 * (see PgLiteStatements) rather than through PGlite's query(), and answers repeated reads from
 * memory until their tables are written (see EmbeddedReadCache).
 */
type PgLiteClientClass = new (config: Knex.Config) => Knex.Client;

/** A query on the root knex inside a unit of work would wait forever: fail it loudly instead. */
const ACQUIRE_TIMEOUT_MS = 60_000;

const FairPgLiteClient = class extends (ClientPgLite as unknown as PgLiteClientClass) {
  private readonly waiting: Array<() => void> = [];
  private lent = false;
  /** knex-pglite awaits the engine's readiness on every query (a generator-driven promise each time). */
  private ready: unknown;

  async _query(connection: PGlite, obj: { sql?: string; bindings?: unknown[]; options?: Record<string, unknown>; response?: unknown }): Promise<unknown> {
    if (!obj.sql) throw new Error('The query is empty');
    const transacting = (this as { transacting?: boolean }).transacting === true;
    obj.response = await EmbeddedReadCache.of(connection).query(obj.sql, obj.bindings, obj.options, transacting);
    return obj;
  }

  override async acquireConnection(): Promise<unknown> {
    const connection = (this.ready ??= await (this as unknown as { _acquireOnlyConnection(): Promise<unknown> })._acquireOnlyConnection());
    if (!this.lent) {
      this.lent = true;
      return connection;
    }
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(new Error('Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?'));
      }, ACQUIRE_TIMEOUT_MS);
      timer.unref();
      this.waiting.push(turn);
    });
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next();
    else this.lent = false;
  }
};

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `null` keeps it in memory (tests). */
  embeddedDir: string | null;
  poolMax?: number;
  /** PostgreSQL only: run data statements as named prepared statements (default true). */
  preparedStatements?: boolean;
}

/** One knex for both engines: PostgreSQL through `pg`, or PGlite (PostgreSQL in WASM) embedded. */
export function createKnex(options: DatabaseOptions): Knex {
  const common = { ...knexSnakeCaseMappers() };
  if (options.databaseUrl) {
    // Read by PreparedPgClient, which also serialises each connection's statements when it prepares none.
    const config: Knex.Config & { prepareStatements: boolean } = {
      client: PreparedPgClient as unknown as typeof knexFactory.Client,
      prepareStatements: options.preparedStatements !== false,
      dialect: 'postgres',
      connection: options.databaseUrl,
      pool: { min: 0, max: options.poolMax ?? 10 },
      acquireConnectionTimeout: 10_000,
      ...common,
    };
    return knexFactory(config);
  }
  let dataDir: string | undefined;
  if (options.embeddedDir !== null) {
    dataDir = resolve(options.embeddedDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  return knexFactory({
    client: FairPgLiteClient as unknown as typeof knexFactory.Client,
    dialect: 'postgres',
    connection: { pglite } as unknown as Knex.StaticConnectionConfig,
    acquireConnectionTimeout: 60_000,
    ...common,
  });
}

export const embeddedDatabaseDir = (dataDir: string): string => join(dataDir, 'pgdata');

export const isEmbedded = (knex: Knex): boolean => {
  const connection: unknown = knex.client.config.connection;
  return typeof connection === 'object' && connection !== null && 'pglite' in connection;
};
