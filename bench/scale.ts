/**
 * The scale section of `npm run bench` (issue 28 §6): a tenant seeded at scale 20 (20,000 users,
 * 100,000 enrolments and attempts, 200,000 leads; `--scale-factor N` for another) and the median
 * of 5 warm requests of each endpoint whose cost could grow with the table instead of the page.
 * Run by bench/run.ts in a child process (alone with `npm run bench -- --scale-only`); prints a
 * table and, last, one JSON line of its results for results.json.
 *
 * On PostgreSQL the seeded tenant (`bench-scale-<N>`) is kept and reused by the next run: seeding
 * scale 20 takes minutes. On PGlite it lives in a temporary directory, seeded every run.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import supertest from 'supertest';
import { buildApplication } from '../composition/container.js';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import { packageVersion } from '../infrastructure/version.js';
import { seedTenant, SEED_PASSWORD } from '../scripts/seed.js';
import { arg, sweepRedisPrefix } from './support.js';

const scale = Number(arg('--scale-factor') ?? 20);
const WARM = 5;

/** The requests whose curve is watched, each answered by an Admin of the seeded tenant. */
const REQUESTS: Array<[label: string, path: string]> = [
  ['leads, page 1', '/api/crm/leads?page=1'],
  ['leads, search=citra', '/api/crm/leads?search=citra'],
  ['leads, provider=meta', '/api/crm/leads?provider=meta'],
  ['leads, status=new', '/api/crm/leads?status=new'],
  ['enrolments (admin), page 1', '/api/lms/admin/resources/enrollments?page=1'],
  ['users, page 1', '/api/users?page=1'],
  ['users, search=citra', '/api/users?search=citra'],
  ['dashboard overview', '/api/dashboard/overview'],
  ['CRM dashboard', '/api/crm/dashboard'],
  ['CRM dashboard, group_by=day', '/api/crm/dashboard?group_by=day'],
  ['leads, page 500', '/api/crm/leads?page=500'],
];

export interface ScaleRow {
  request: string;
  median_ms: number;
  min_ms: number;
  max_ms: number;
}

async function main() {
  const config = loadConfig(
    {
      ...process.env,
      DATA_DIR: process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lms-bench-scale-')),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_GLOBAL: '1000000',
      RATE_LIMIT_CRITICAL: '1000000',
      QUEUE_PREFIX: `bench-${randomUUID().slice(0, 8)}`,
    },
    packageVersion,
  );
  const app = await buildApplication(config, { logger: createLogger('silent'), runWorkers: false });
  const knex = app.db.knex;
  const slug = `bench-scale-${scale}`;
  const t0 = performance.now();
  const kept = (await knex('tenants').where({ slug }).first()) as { id: string } | undefined;
  let adminEmail: string;
  if (kept) {
    // Seeded by an earlier run: its first user is the Admin (scripts/seed.ts).
    adminEmail = ((await knex('users').where({ tenantId: kept.id, role: 99 }).orderBy('createdAt').first('email')) as { email: string })
      .email;
    console.log(`scale ${scale}: reusing tenant ${slug}`);
  } else {
    const seeded = await seedTenant(knex, scale, slug);
    if (config.DATABASE_URL) await knex.raw('vacuum analyze');
    adminEmail = seeded.sample.adminEmail;
    console.log(
      `scale ${scale}: seeded ${slug} in ${((performance.now() - t0) / 1000).toFixed(0)} s (${seeded.users} users, ` +
        `${seeded.enrollments} enrolments, ${seeded.leads} leads, ${seeded.attempts} attempts)`,
    );
  }
  const http = supertest(app.callback);
  const tenant = { 'X-Tenant-ID': slug };
  const login = await http.post('/api/auth/login').set(tenant).send({ email: adminEmail, password: SEED_PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const headers = { ...tenant, Authorization: `Bearer ${login.body.data.access_token as string}` };

  const rows: ScaleRow[] = [];
  for (const [label, path] of REQUESTS) {
    const ms: number[] = [];
    // One cold request first (plans, caches), then the measured warm ones.
    for (let i = 0; i <= WARM; i++) {
      const started = performance.now();
      const res = await http.get(path).set(headers);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status} ${JSON.stringify(res.body)}`);
      if (i > 0) ms.push(performance.now() - started);
    }
    const sorted = [...ms].sort((a, b) => a - b);
    const round = (x: number) => Math.round(x * 10) / 10;
    rows.push({
      request: `GET ${path} (${label})`,
      median_ms: round(sorted[Math.floor(sorted.length / 2)]!),
      min_ms: round(sorted[0]!),
      max_ms: round(sorted.at(-1)!),
    });
  }
  console.log(`\n${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, scale ${scale}: median of ${WARM} warm requests, one at a time\n`);
  console.log('| request | median ms | min / max ms |');
  console.log('|---|---:|---:|');
  for (const r of rows) console.log(`| ${r.request} | ${r.median_ms} | ${r.min_ms} / ${r.max_ms} |`);
  process.stdout.write(
    `${JSON.stringify({ scale: { engine: config.DATABASE_URL ? 'postgresql' : 'pglite', factor: scale, warm_requests: WARM, rows } })}\n`,
  );
  await app.close();
  // Its queue's keys and its limiters' sit under the run's prefix: leave the shared Redis as it was found.
  await sweepRedisPrefix(config.QUEUE_PREFIX);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
