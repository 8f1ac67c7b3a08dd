import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { knexSnakeCaseMappers } from 'objection';

export type { Knex };

// pg answers int8 (count(*), sums of integers) as strings to keep precision; our counts fit in a
// double, and PGlite already answers numbers, so both engines agree.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// numeric (money, marks) stays the text PostgreSQL sends, as both stock clients answer it: a binary
// float would not hold 19999.99. Repositories read money digit by digit (domain/shared/money.ts)
// and marks with `Number`.

// PGlite reads timestamps with `new Date(text)`, which takes years 0–99 for 1900–1999 and makes an
// invalid Date of a BC one; pg reads them with postgres-date, which reads both right. The same
// parser on PGlite keeps the engines reading every timestamp alike. Required, not imported: its
// typings declare an ES default export for what is a CommonJS `module.exports` function.
const parseTimestamp = createRequire(import.meta.url)('postgres-date') as (text: string) => Date | number | null;
const embeddedParsers = { [types.TIMESTAMPTZ]: parseTimestamp, [types.TIMESTAMP]: parseTimestamp };

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `null` keeps it in memory (tests). */
  embeddedDir: string | null;
  poolMax?: number;
}

/** What each knex of ours runs on: the migration lock and the bench's baseline need it. */
const engines = new WeakMap<Knex, { pglite: PGlite } | { url: string }>();

/**
 * One knex for both engines, each through its stock client: PostgreSQL through `pg`, or PGlite
 * (PostgreSQL in WASM) through knex-pglite, whose pool is one connection: inside a transaction
 * every statement must use that transaction (`db.q()`), or it waits for the acquire timeout.
 */
export async function createKnex(options: DatabaseOptions): Promise<Knex> {
  const common = { ...knexSnakeCaseMappers() };
  if (options.databaseUrl) {
    const knex = knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: options.poolMax ?? 10 },
      acquireConnectionTimeout: 10_000,
      ...common,
    });
    engines.set(knex, { url: options.databaseUrl });
    return knex;
  }
  let dataDir: string | undefined;
  if (options.embeddedDir !== null) {
    dataDir = resolve(options.embeddedDir);
    mkdirSync(dataDir, { recursive: true });
  }
  // Our own instance (knex-pglite's documented connection function) so that pg_trgm is loaded.
  const pglite = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm }, parsers: embeddedParsers });
  // Starting the engine (compiling its WASM, opening or creating the database) takes seconds, a
  // minute on a busy machine: it must not count against the first query's wait for the connection.
  await pglite.waitReady;
  const knex = knexFactory({
    client: ClientPgLite,
    dialect: 'postgres',
    connection: () => ({ pglite }) as unknown as Knex.StaticConnectionConfig,
    ...common,
  });
  engines.set(knex, { pglite });
  return knex;
}

export const embeddedDatabaseDir = (dataDir: string): string => join(dataDir, 'pgdata');

/** The embedded engine behind `knex`, or null on PostgreSQL. */
export function embeddedEngine(knex: Knex): PGlite | null {
  const engine = engines.get(knex);
  return engine && 'pglite' in engine ? engine.pglite : null;
}

/** The PostgreSQL server's URL behind `knex`, or null when embedded. */
export function databaseUrlOf(knex: Knex): string | null {
  const engine = engines.get(knex);
  return engine && 'url' in engine ? engine.url : null;
}

/** The part of tarn's pool (knex's `client.pool`, its documented pool) that /metrics reads. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** Connections in use, idle, and acquisitions waiting for one; null once the pool is destroyed. */
export function poolStats(knex: Knex): { used: number; idle: number; waiting: number } | null {
  const pool = (knex.client as { pool?: TarnPool | undefined }).pool;
  return pool ? { used: pool.numUsed(), idle: pool.numFree(), waiting: pool.numPendingAcquires() } : null;
}
