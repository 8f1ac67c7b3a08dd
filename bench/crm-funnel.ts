/**
 * CRM funnel benchmark (issue 20): into a fresh tenant of the database at DATABASE_URL, seeds
 * (generate_series, in SQL) 100,000 users, 1,000,000 leads (one in five linked to a user, over
 * 3 providers, 20 campaigns, 60 forms and 400 ads, created over the last 365 days), 100,000
 * orders (70 % paid) and 20,000 certificates, then times GET /api/crm/dashboard's use case with
 * its PostgreSQL adapters: KPIs, funnel and by_source, then the same with a daily series in
 * Asia/Jakarta. Prints the medians and PASS when both are under 1 s.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/crm-funnel.ts [--leads 1000000] [--orders 100000] [--keep] [--tenant <id>]
 *
 * The tenant is deleted afterwards (cascade) unless --keep is given; `--tenant` times a tenant
 * kept by an earlier run again, without seeding (seeding and deleting a million leads take minutes).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { arg, flag, requirePostgresUrl, time } from './support.js';
import { createKnex } from '../infrastructure/db/knex.js';
import { migrateLatest } from '../infrastructure/db/migrate.js';
import { Database } from '../infrastructure/db/database.js';
import { makeLeadAnalyticsPg } from '../adapters/persistence/pg/crm-customers.pg-repository.js';
import { makeGetCrmDashboard } from '../application/crm/use-cases/get-crm-dashboard.usecase.js';
import { Role } from '../domain/identity/role.js';
import { fromMinor } from '../domain/shared/money.js';

const leads = Number(arg('--leads') ?? 1_000_000);
const orders = Number(arg('--orders') ?? 100_000);
const users = Math.max(1, Math.round(orders));
const certificates = Math.max(1, Math.round(orders / 5));
const reuse = arg('--tenant');
const keep = flag('--keep') || reuse !== undefined;
const url = requirePostgresUrl();
const LIMIT_MS = 1000;

const knex = await createKnex({ databaseUrl: url, embeddedDir: null, poolMax: 4 });
const db = new Database(knex);

async function seed(tenantId: string, now: Date) {
  const t0 = performance.now();
  // Deterministic ids (md5 of tenant and number) let leads and orders name users without a join.
  const userId = (n: string) => `md5(:tenant || '-u-' || (${n}))::uuid`;
  await knex.raw(
    `insert into users (id, tenant_id, username, email, display_name, role, status, created_at, updated_at)
     select ${userId('g')}, :tenant, 'u' || g, 'u' || g || '@bench.test', 'User ' || g, 1, 1, :now, :now
     from generate_series(1, :users::int) g`,
    { tenant: tenantId, users, now: now.toISOString() },
  );
  const courseId = randomUUID();
  await knex('courses').insert({ id: courseId, tenantId, title: 'Bench course', status: 'published', createdAt: now, updatedAt: now });
  await knex.raw(
    `insert into orders (id, tenant_id, user_id, items, subtotal, discount, total_amount, currency, status, created_at, updated_at, paid_at)
     select gen_random_uuid(), :tenant, ${userId('1 + (g * 7919) % :users::int')}, '[]'::jsonb, 100000 + (g % 20) * 50000, 0, 100000 + (g % 20) * 50000, 'IDR',
            case when g % 10 < 7 then 'paid' when g % 10 = 7 then 'pending' when g % 10 = 8 then 'expired' else 'refunded' end,
            c.created, c.created, case when g % 10 < 7 then c.created + interval '1 hour' end
     from generate_series(1, :orders::int) g
     cross join lateral (select :now::timestamptz - ((g % 525600) || ' minutes')::interval as created) c`,
    { tenant: tenantId, users, orders, now: now.toISOString() },
  );
  await knex.raw(
    `insert into certificates (id, tenant_id, user_id, course_id, code, student_name, course_title, issued_at)
     select gen_random_uuid(), :tenant, ${userId('g * 5')}, :course, 'B' || substr(md5(:tenant || g), 1, 20), 'User', 'Bench course', :now
     from generate_series(1, :certificates::int) g where g * 5 <= :users::int`,
    { tenant: tenantId, course: courseId, certificates, users, now: now.toISOString() },
  );
  console.log(`users, orders, certificates in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const batch = 200_000;
  for (let start = 1; start <= leads; start += batch) {
    const end = Math.min(leads, start + batch - 1);
    await knex.raw(
      `insert into crm_leads (id, tenant_id, provider, external_id, name, email, answers, status, is_test, created_at, updated_at, status_changed_at,
                              user_id, campaign_id, form_id, ad_id)
       select gen_random_uuid(), :tenant, p.provider, 'bench-' || g, 'Lead ' || g, 'lead' || g || '@example.test', '[]'::jsonb,
              (array['new','new','contacted','qualified','converted','closed_won','closed_lost'])[1 + (g * 3) % 7], g % 200 = 0,
              c.created, c.created, c.created,
              case when g % 5 = 0 then ${userId('1 + (g / 5) % :users::int')} end,
              p.provider || '-c' || (g % 20), p.provider || '-f' || (g % 60), p.provider || '-a' || (g % 400)
       from generate_series(:start::int, :end::int) g
       cross join lateral (select (array['meta','meta','meta','google','google','manual'])[1 + g % 6] as provider) p
       cross join lateral (select :now::timestamptz - ((g % 525600) || ' minutes')::interval as created) c`,
      { tenant: tenantId, users, start, end, now: now.toISOString() },
    );
    process.stdout.write(`  ${end.toLocaleString('en')} leads\r`);
  }
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const v0 = performance.now();
  await knex.raw('vacuum analyze users, orders, certificates, crm_leads');
  console.log(`vacuum analyze in ${((performance.now() - v0) / 1000).toFixed(1)} s`);
}

async function main() {
  await migrateLatest(knex);
  const tenantId = reuse ?? randomUUID();
  const now = new Date();
  if (!reuse)
    await knex('tenants').insert({
      id: tenantId,
      slug: `bench-funnel-${Date.now()}`,
      name: 'CRM funnel benchmark',
      status: 'active',
      createdAt: now,
      updatedAt: now,
    });
  console.log(
    `tenant ${tenantId}: ${leads.toLocaleString('en')} leads, ${orders.toLocaleString('en')} orders, ` +
      `${users.toLocaleString('en')} users${reuse ? ' (seeded earlier)' : ''}`,
  );
  try {
    if (!reuse) await seed(tenantId, now);
    const dashboard = makeGetCrmDashboard({
      leadAnalytics: makeLeadAnalyticsPg({ db }),
      settingsReader: { get: async () => ({ TimeZone: 'Asia/Jakarta' }), invalidate: async () => {} },
    });
    const actor = { userId: randomUUID(), role: Role.Admin, tenantId, homeTenantId: tenantId };
    const medians: number[] = [];
    const timed = async (label: string, run: () => Promise<unknown>) => {
      const samples: number[] = [];
      await time(label, async () => {
        const t0 = performance.now();
        const result = await run();
        samples.push(performance.now() - t0);
        return result;
      });
      const measured = samples.slice(1).sort((a, b) => a - b);
      medians.push(measured[Math.floor(measured.length / 2)]!);
    };
    await timed('dashboard (KPIs, funnel, by_source), all leads', () => dashboard(actor, {}, false));
    await timed('dashboard with ?group_by=day (Asia/Jakarta), all leads', () => dashboard(actor, {}, false, 'day'));
    const sample = await dashboard(actor, {}, false, 'month');
    console.log(
      JSON.stringify(
        {
          funnel: sample.funnel,
          sources: sample.bySource.length,
          top_source: sample.bySource.sort((a, b) => b.leads - a.leads)[0],
          months: sample.series?.points.length,
        },
        (_key, v: unknown) => (typeof v === 'bigint' ? fromMinor(v) : v),
      ),
    );
    const worst = Math.max(...medians);
    console.log(
      `${worst < LIMIT_MS ? 'PASS' : 'FAIL'}: slowest median ${worst.toFixed(1)} ms (limit ${LIMIT_MS} ms) over ` +
        `${leads.toLocaleString('en')} leads and ${orders.toLocaleString('en')} orders`,
    );
  } finally {
    if (!keep) {
      await knex('tenants').where({ id: tenantId }).delete();
      console.log('benchmark tenant deleted');
    }
  }
  await knex.destroy();
}

main().catch(async (error: unknown) => {
  console.error(error);
  await knex.destroy();
  process.exit(1);
});
