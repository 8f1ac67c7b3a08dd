/**
 * The plans behind the scale section (issue 28): for each request, the statements it runs
 * (captured from knex) with `EXPLAIN (ANALYZE, BUFFERS)`, warm (after one unmeasured request), so a
 * slow median can be traced to its statement:
 *
 *   DATABASE_URL=… npx tsx bench/scale-explain.ts [--scale-factor 20] [path …]
 *
 * On the tenant `bench-scale-<N>` that the scale section seeded (run it first). Prints, per
 * statement, its execution time, its shared buffers (hit + read) and the plan's top nodes.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import supertest from 'supertest';
import { buildApplication } from '../composition/container.js';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import { packageVersion } from '../infrastructure/version.js';
import { SEED_PASSWORD } from '../scripts/seed.js';
import { arg, requirePostgresUrl } from './support.js';

const scale = Number(arg('--scale-factor') ?? 20);
const paths = process.argv.slice(2).filter((a, i, all) => a.startsWith('/') && all[i - 1] !== '--scale-factor');

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Total Time'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

const describeNode = (n: PlanNode, depth: number, out: string[]) => {
  if (depth > 3) return;
  out.push(
    `${'  '.repeat(depth + 2)}${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${
      n['Index Name'] ? ` using ${n['Index Name']}` : ''
    }: ${n['Actual Total Time']?.toFixed(2)} ms, ${(n['Shared Hit Blocks'] ?? 0) + (n['Shared Read Blocks'] ?? 0)} buffers`,
  );
  for (const c of n.Plans ?? []) describeNode(c, depth + 1, out);
};

async function main() {
  const url = requirePostgresUrl();
  const config = loadConfig(
    {
      ...process.env,
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_GLOBAL: '1000000',
      RATE_LIMIT_CRITICAL: '1000000',
      QUEUE_PREFIX: `explain-${randomUUID().slice(0, 8)}`,
    },
    packageVersion,
  );
  const app = await buildApplication(config, { logger: createLogger('silent'), runWorkers: false });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const slug = `bench-scale-${scale}`;
    const tenant = (await app.db.knex('tenants').where({ slug }).first()) as { id: string } | undefined;
    if (!tenant) throw new Error(`no tenant ${slug}: run the scale section first (npm run bench -- --scale-only)`);
    const admin = (await app.db.knex('users').where({ tenantId: tenant.id, role: 99 }).orderBy('createdAt').first('email')) as {
      email: string;
    };
    const http = supertest(app.callback);
    const login = await http.post('/api/auth/login').set({ 'X-Tenant-ID': slug }).send({ email: admin.email, password: SEED_PASSWORD });
    const headers = { 'X-Tenant-ID': slug, Authorization: `Bearer ${login.body.data.access_token as string}` };
    for (const path of paths.length ? paths : ['/api/dashboard/overview']) {
      await http.get(path).set(headers);
      const captured: Array<{ sql: string; bindings: unknown[]; uid: string; at: number; ms?: number }> = [];
      const listener = (q: { sql: string; bindings?: unknown[]; __knexQueryUid: string }) =>
        captured.push({ sql: q.sql, bindings: q.bindings ?? [], uid: q.__knexQueryUid, at: performance.now() });
      // The time each statement took as the application saw it: queueing for a connection and the round trip included.
      const answered = (_r: unknown, q: { __knexQueryUid: string }) => {
        const c = captured.find((x) => x.uid === q.__knexQueryUid);
        if (c) c.ms = performance.now() - c.at;
      };
      app.db.knex.on('query', listener);
      app.db.knex.on('query-response', answered);
      const started = performance.now();
      const res = await http.get(path).set(headers);
      const total = performance.now() - started;
      app.db.knex.off('query', listener);
      app.db.knex.off('query-response', answered);
      console.log(
        `\nGET ${path} → ${res.status} in ${total.toFixed(1)} ms, ${captured.length} statements (seen by the ` +
          `application: ${captured.map((c) => c.ms?.toFixed(1)).join(', ')} ms)`,
      );
      for (const q of captured) {
        if (!/^\s*(select|with)/i.test(q.sql)) continue;
        const plan = (
          (await client.query(`explain (analyze, buffers, format json) ${q.sql}`, q.bindings)).rows[0] as {
            'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }>;
          }
        )['QUERY PLAN'][0]!;
        const out = [
          `  ${plan['Execution Time'].toFixed(2)} ms, ${
            (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0)
          } buffers: ${q.sql.replace(/\s+/g, ' ').slice(0, 160)}`,
        ];
        describeNode(plan.Plan, 0, out);
        console.log(out.join('\n'));
      }
    }
  } finally {
    await client.end();
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
