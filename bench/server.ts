/**
 * The benchmark's server process (started by bench/run.ts): our composed application and, beside
 * it, a bare Koa baseline that runs, per endpoint, the very SQL statements our endpoint runs
 * (captured from one sample request) through the raw driver: `pg` with DATABASE_URL, else the
 * same PGlite instance. The ratio ours/baseline is then the cost of everything we add around the
 * database work (routing, validation, auth, DI, knex, envelope, logging).
 *
 * And a third server, the plain baseline (bench/plain.ts, issue 32): the same endpoints written by
 * hand with the fewest statements, on the same database, rate-limit store and queue kind as ours.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import pg from 'pg';
import supertest from 'supertest';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { buildApplication } from '../composition/container.js';
import { embeddedEngine } from '../infrastructure/db/knex.js';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import { packageVersion } from '../infrastructure/version.js';
import { seedTenant, SEED_PASSWORD } from '../scripts/seed.js';
import { benchEndpoints, type EndpointSetup } from './endpoints.js';
import { sweepRedisPrefix } from './support.js';
import { PLAIN_ENDPOINTS, plainOnApplication } from './plain.js';

interface Captured {
  sql: string;
  bindings: unknown[];
}

/** Columns whose values must be new on every replayed insert (keys, digests, message ids). */
const UNIQUE_COLUMNS = new Set(['id', 'jti', 'session_hash', 'message_id', 'external_id']);

/**
 * Fresh values for the unique columns of the captured inserts, applied consistently to every
 * later statement of the same replay (a login's id is also its refresh token's login_id).
 */
function replayBindings(statements: Captured[], unique: string | undefined): unknown[][] {
  const map = new Map<unknown, unknown>();
  if (unique) map.set(unique, randomUUID());
  for (const s of statements) {
    const m = /^\s*insert\s+into\s+"?\w+"?\s*\(([^)]*)\)/i.exec(s.sql);
    if (!m) continue;
    const columns = m[1]!.split(',').map((c) => c.trim().replace(/"/g, ''));
    s.bindings.forEach((b, i) => {
      if (UNIQUE_COLUMNS.has(columns[i % columns.length]!) && typeof b === 'string' && !map.has(b)) {
        map.set(
          b,
          b.length === 64
            ? randomUUID().replace(/-/g, '').repeat(2)
            : b
                .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i, randomUUID())
                .replace(/^(?![\s\S]*[0-9a-f]{8}-)[\s\S]*$/, randomUUID()),
        );
      }
    });
  }
  return statements.map((s) => s.bindings.map((b) => (map.has(b) ? map.get(b) : b)));
}

/** knex writes `?` placeholders; both drivers take `$n`. */
const placeholders = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

async function main() {
  const config = loadConfig(
    {
      ...process.env,
      DATA_DIR: process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lms-bench-')),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_GLOBAL: '1000000',
      RATE_LIMIT_CRITICAL: '1000000',
      RATE_LIMIT_UPLOAD: '1000000',
      RATE_LIMIT_AI: '1000000',
      QUEUE_PREFIX: `bench-${randomUUID().slice(0, 8)}`,
    },
    packageVersion,
  );
  // The API process is measured; background jobs are a worker's business (npm run worker).
  const app = await buildApplication(config, { logger: createLogger('silent'), runWorkers: false });
  const knex = app.db.knex;
  const seed = await seedTenant(knex, Number(process.env.BENCH_SCALE ?? 1), `bench-${randomUUID().slice(0, 6)}`);
  // Freshly bulk-loaded tables would draw autovacuum into the first minutes of measuring.
  if (config.DATABASE_URL) await knex.raw('vacuum analyze');
  const server = await app.listen(0, '127.0.0.1');
  const ours = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const http = supertest(app.callback);

  // The baseline's driver: the same database, without knex or the service.
  const pool = config.DATABASE_URL ? new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_MAX }) : null;
  const pglite = pool ? null : embeddedEngine(knex);
  const run = async (sql: string, bindings: unknown[]) =>
    pool ? (await pool.query(placeholders(sql), bindings)).rows : (await pglite!.query(placeholders(sql), bindings)).rows;

  const setups: EndpointSetup[] = await benchEndpoints({
    http,
    seed,
    tenantHeader: { 'X-Tenant-ID': seed.tenant },
    password: SEED_PASSWORD,
    knex,
  });
  const baseline = new Koa();
  const router = new Router();
  const described = [];
  for (const setup of setups) {
    // Capture what one request of ours runs.
    const captured: Captured[] = [];
    const listener = (q: { sql: string; bindings?: unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
    knex.on('query', listener);
    const sample = await setup.sample();
    knex.off('query', listener);
    if (sample.status !== 200) throw new Error(`${setup.name}: sample answered ${sample.status} ${JSON.stringify(sample.body)}`);
    const statements = captured.filter((c) => !/^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)/i.test(c.sql.trim()));
    // The baseline opens a transaction when ours did, no more (a single insert needs none).
    const transactional = captured.some((c) => /^BEGIN/i.test(c.sql.trim()));
    router[setup.method](`/baseline/${setup.name}`, async (ctx) => {
      if (setup.extraWork) await setup.extraWork();
      // Every statement's rows go out, so the baseline serialises as much data as ours does.
      let rows: unknown[][] = [];
      const bindings = replayBindings(statements, setup.uniqueBinding);
      if (!transactional) {
        for (const [i, s] of statements.entries()) rows.push(await run(s.sql, bindings[i]!));
      } else if (pool) {
        // Writes of several statements run in one transaction, as ours do.
        const client = await pool.connect();
        try {
          await client.query('begin');
          for (const [i, s] of statements.entries()) rows.push((await client.query(placeholders(s.sql), bindings[i]!)).rows);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      } else {
        // PGlite is one session: its transaction() serialises, as knex's single connection does for ours.
        rows = await pglite!.transaction(async (tx) => {
          const all: unknown[][] = [];
          for (const [i, s] of statements.entries()) all.push((await tx.query(placeholders(s.sql), bindings[i]!)).rows);
          return all;
        });
      }
      ctx.body = { success: true, message: 'Success', data: rows };
    });
    described.push({
      name: setup.name,
      label: setup.label,
      method: setup.method.toUpperCase(),
      path: setup.path,
      headers: setup.headers,
      body: setup.body,
      varyBody: setup.varyBody ?? null,
      queries: statements.length,
      plain: PLAIN_ENDPOINTS.has(setup.name),
    });
  }
  // Requests still being answered by either server; the load generator waits for none between turns.
  let inFlight = 0;
  const track = (_req: unknown, res: ServerResponse) => {
    inFlight++;
    res.once('close', () => inFlight--);
  };
  server.on('request', track);
  router.get('/bench/settled', async (ctx) => {
    while (inFlight > 1) await new Promise((resolve) => setTimeout(resolve, 5));
    ctx.body = { inFlight: inFlight - 1 };
  });
  // What a turn cost this process: its CPU time (all threads) and the statements each side ran, read
  // by bench/run.ts before and after a turn. Ours: every statement knex sends (transaction control
  // aside, as the replay counts them); the plain app's through its one query function.
  let oursStatements = 0;
  let plainStatements = 0;
  knex.on('query', (q: { sql: string }) => {
    if (!/^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)/i.test(q.sql.trim())) oursStatements++;
  });
  router.get('/bench/counters', (ctx) => {
    const cpu = process.cpuUsage();
    ctx.body = { cpu_us: cpu.user + cpu.system, ours_statements: oursStatements, plain_statements: plainStatements };
  });
  // A V8 CPU profile of one turn (bench/run.ts --profile; bench/profile-layers.ts reads it): started
  // and stopped through the inspector, so that each side's turn has a profile of its own.
  const profiler = new Session();
  profiler.connect();
  router.post('/bench/profile/start', async (ctx) => {
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 250 });
    await profiler.post('Profiler.start');
    ctx.body = { started: true };
  });
  router.post('/bench/profile/stop', async (ctx) => {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(String(ctx.query.file), JSON.stringify(profile));
    ctx.body = { stopped: true };
  });
  baseline.use(router.routes());

  // The plain baseline: one enqueue per lead on the same kind of queue as ours (BullMQ on the same
  // Redis, else nothing to hand over in process: ours' in-process queue runs no worker here either).
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }) : null;
  const queue = redis ? new Queue('plain-lead-ingest', { connection: redis, prefix: config.QUEUE_PREFIX }) : null;
  const plain = plainOnApplication(app, {
    onQuery: () => void plainStatements++,
    redis,
    prefix: `${config.QUEUE_PREFIX}-plain`,
    enqueue: async (tenantId, deliveryId) => {
      await queue?.add('crm.lead-ingest', { tenantId, deliveryId }, { jobId: `crm-delivery-${deliveryId}`, removeOnComplete: true });
    },
  });
  const plainServer = plain.app.listen(0, '127.0.0.1');
  plainServer.on('request', track);
  await new Promise((r) => plainServer.once('listening', r));
  const plainUrl = `http://127.0.0.1:${(plainServer.address() as AddressInfo).port}`;
  const baseServer = baseline.listen(0, '127.0.0.1');
  baseServer.on('request', track);
  await new Promise((r) => baseServer.once('listening', r));
  const base = `http://127.0.0.1:${(baseServer.address() as AddressInfo).port}`;
  process.stdout.write(
    `${JSON.stringify({ ready: true, ours, base, plain: plainUrl, engine: pool ? 'postgresql' : 'pglite', endpoints: described })}\n`,
  );

  process.on('SIGTERM', async () => {
    // Every server first finishes what it is serving: a webhook still in flight would otherwise
    // enqueue after the sweep below and leave its job's keys behind.
    await Promise.all([baseServer, plainServer].map((s) => new Promise((resolve) => s.close(resolve))));
    await app.close();
    await queue?.close();
    // Every key of this run (both queues' jobs, both sides' limiters) sits under the run's prefix:
    // leave the shared Redis as it was found.
    if (redis) await sweepRedisPrefix(config.QUEUE_PREFIX, redis);
    redis?.disconnect();
    await plain.close();
    await pool?.end();
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
