/**
 * CRM dashboard benchmark (issue 8): bulk-inserts 1,000,000 leads into a fresh tenant of the
 * database at DATABASE_URL, then times GET /api/crm/dashboard's aggregation (the repository
 * query plus the KPI formulas) over all leads and over a 30-day range.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/crm-dashboard.ts [--leads 1000000] [--keep]
 *
 * The tenant is deleted afterwards (cascade) unless --keep is given.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { arg, flag, requirePostgresUrl, time } from './support.js';
import { createKnex } from '../infrastructure/db/knex.js';
import { migrateLatest } from '../infrastructure/db/migrate.js';
import { Database } from '../infrastructure/db/database.js';
import { makeLeadPgRepository } from '../adapters/persistence/pg/crm.pg-repositories.js';
import { computeKpis } from '../domain/crm/kpi.js';

const total = Number(arg('--leads') ?? 1_000_000);
const keep = flag('--keep');
const url = requirePostgresUrl();

const knex = await createKnex({ databaseUrl: url, embeddedDir: null, poolMax: 4 });
const db = new Database(knex);
const repo = makeLeadPgRepository({ db });

async function main() {
  await migrateLatest(knex);
  const tenantId = randomUUID();
  const now = new Date();
  await knex('tenants').insert({
    id: tenantId,
    slug: `bench-crm-${Date.now()}`,
    name: 'CRM benchmark',
    status: 'active',
    createdAt: now,
    updatedAt: now,
  });
  console.log(`tenant ${tenantId}: inserting ${total.toLocaleString('en')} leads…`);
  const t0 = performance.now();
  const batch = 200_000;
  for (let start = 1; start <= total; start += batch) {
    const end = Math.min(total, start + batch - 1);
    // Statuses with a realistic funnel, three providers, created over the last 365 days,
    // closed deals closed 0–30 days after creation, values on won and lost deals.
    await knex.raw(
      `insert into crm_leads (id, tenant_id, provider, external_id, name, phone, email, city, region, category, answers, status,
                              value, is_test, created_at, updated_at, status_changed_at, closed_at)
       select gen_random_uuid(), :tenant, p.provider, 'bench-' || g, 'Lead ' || g, '+62812' || lpad((g % 100000000)::text, 8, '0'),
              'lead' || g || '@example.test', (array['Jakarta','Bandung','Surabaya','Medan','Makassar'])[1 + g % 5], null, null, '[]'::jsonb,
              s.status, case when s.status in ('closed_won', 'closed_lost') then 500000 + (g % 50) * 100000 end, g % 200 = 0,
              c.created, c.created, c.created,
              case when s.status in ('closed_won', 'closed_lost') then c.created + ((g % 30) || ' days')::interval + ((g % 24) || ' hours')::interval end
       from generate_series(:start::int, :end::int) g
       cross join lateral (select (array['meta','meta','meta','google','google','manual'])[1 + g % 6] as provider) p
       cross join lateral (select (array['new','new','new','contacted','contacted','qualified','unqualified','converted','closed_won','closed_lost'])[1 ` +
        `+ (g * 7) % 10] as status) s
       cross join lateral (select :now::timestamptz - ((g % 525600) || ' minutes')::interval as created) c`,
      { tenant: tenantId, start, end, now: now.toISOString() },
    );
    process.stdout.write(`  ${end.toLocaleString('en')}\r`);
  }
  console.log(`inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const v0 = performance.now();
  await knex.raw('vacuum analyze crm_leads');
  console.log(`vacuum analyze in ${((performance.now() - v0) / 1000).toFixed(1)} s`);

  const all = await time('dashboard, all leads', async () => computeKpis(await repo.aggregate(tenantId, {}, false)));
  console.log(JSON.stringify(all));
  const from = new Date(now.getTime() - 30 * 86_400_000);
  await time('dashboard, last 30 days', async () => computeKpis(await repo.aggregate(tenantId, { from, to: now }, false)));
  await time('lead list, first page', async () => repo.list(tenantId, {}, { page: 1, pageSize: 10 }));

  const plan = await knex.raw(
    `explain (analyze, buffers) select status, provider, count(*) from crm_leads where tenant_id = ? and is_test = false group by status, provider`,
    [tenantId],
  );
  console.log((plan.rows as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join('\n'));

  if (!keep) {
    await knex('tenants').where({ id: tenantId }).delete();
    console.log('benchmark tenant deleted');
  }
  await knex.destroy();
}

main().catch(async (error: unknown) => {
  console.error(error);
  await knex.destroy();
  process.exit(1);
});
