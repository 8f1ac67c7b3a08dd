/**
 * Tenant deletion benchmark (issue 28 §4): seeds a tenant at `--scale N` (default 2) into the
 * database at DATABASE_URL, marks it deleting as `DELETE /api/tenants/:id` does, and times the
 * purge job's work (every table emptied in batches, then the tenant row).
 *
 *   DATABASE_URL=postgres://… npx tsx bench/tenant-deletion.ts [--scale 2]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { arg, requirePostgresUrl } from './support.js';
import { buildApplication } from '../composition/container.js';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import { packageVersion } from '../infrastructure/version.js';
import { seedTenant } from '../scripts/seed.js';
import type { TenantRepository } from '../application/identity/ports/tenant-repository.js';
import type { TenantDeletionRepository } from '../application/identity/ports/tenant-deletion-repository.js';
import type { makePurgeTenant } from '../application/identity/use-cases/purge-tenant.usecase.js';

requirePostgresUrl();
const scale = Number(arg('--scale') ?? 2);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', QUEUE_PREFIX: `bench-${randomUUID().slice(0, 8)}` }, packageVersion);
const app = await buildApplication(config, { logger: createLogger('silent'), runWorkers: false });
const resolve = <T>(name: string) => app.container.resolve<T>(name);

const seeded = await seedTenant(app.db.knex, scale, `bench-delete-${randomUUID().slice(0, 6)}`);
console.log(
  `seeded scale ${scale} in ${seeded.seconds} s: ${seeded.users} users, ${seeded.enrollments} enrolments, ${seeded.leads} leads, ${seeded.attempts} attempts`,
);
const tenants = resolve<TenantRepository>('tenantRepository');
await tenants.update({ ...(await tenants.findById(seeded.tenantId))!, status: 'deleting' });
await resolve<TenantDeletionRepository>('tenantDeletionRepository').begin(seeded.tenantId, new Date());
// The time spent on each table's batches (the same repository object the purge uses).
const deletions = resolve<TenantDeletionRepository>('tenantDeletionRepository');
const perTable = new Map<string, { ms: number; rows: number }>();
const deleteBatch = deletions.deleteBatch.bind(deletions);
deletions.deleteBatch = async (tenantId, table, limit) => {
  const started = performance.now();
  const n = await deleteBatch(tenantId, table, limit);
  const t = perTable.get(table) ?? { ms: 0, rows: 0 };
  perTable.set(table, { ms: t.ms + performance.now() - started, rows: t.rows + n });
  return n;
};
const t0 = performance.now();
await resolve<ReturnType<typeof makePurgeTenant>>('purgeTenant')(seeded.tenantId);
console.log(
  `purged in ${((performance.now() - t0) / 1000).toFixed(2)} s; tenant row left: ${(await tenants.findById(seeded.tenantId)) ? 'yes' : 'no'}`,
);
const slowest = [...perTable].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8);
console.log(`slowest tables: ${slowest.map(([table, t]) => `${table} ${(t.ms / 1000).toFixed(2)} s (${t.rows} rows)`).join(', ')}`);
await app.close();
