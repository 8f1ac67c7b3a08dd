import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { harness, type Harness, type TestTenant } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import type { TenantRepository } from '../../../application/identity/ports/tenant-repository.js';
import type { TenantDeletionRepository } from '../../../application/identity/ports/tenant-deletion-repository.js';
import type { makeResumeTenantDeletions } from '../../../application/identity/use-cases/resume-tenant-deletions.usecase.js';
import { PURGE_BATCH } from '../../../application/identity/use-cases/purge-tenant.usecase.js';
import { enrol, seedCourse } from '../learning/learning-fixtures.js';

/** Rows the tenant still has, per table holding a tenant_id (only the non-empty ones). */
async function leftovers(h: Harness, tenantId: string): Promise<Record<string, number>> {
  const knex = h.app.db.knex;
  const { rows } = (await knex.raw(
    `select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'tenant_id'`,
  )) as { rows: Array<{ table_name: string }> };
  const left: Record<string, number> = {};
  for (const { table_name: table } of rows) {
    const n = Number(((await knex(table).where({ tenant_id: tenantId }).count({ n: '*' }).first()) as { n: number }).n);
    if (n > 0) left[table] = n;
  }
  return left;
}

/** A tenant with users, a course with its outline and an enrolment, and progress: rows in many tables. */
async function populated(h: Harness): Promise<TestTenant> {
  const t = await h.tenant();
  const admin = await h.user(t, Role.Admin);
  const student = await h.user(t);
  const course = await seedCourse(h, admin, { modules: 1, lessons: 2 });
  await enrol(h, admin, student.id, course.id);
  await h.http.post('/api/lms/progress').set(student.headers).send({ lesson_id: course.lessonIds[0], status: 'completed' }).expect(200);
  return t;
}

describe('HTTP tenant deletion is a job', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('answers the tenant deleting, refuses its requests at once, and a job removes every row of it', async () => {
    const root = await h.user(await h.defaultTenant(), Role.SuperAdmin);
    const t = await populated(h);
    const admin = await h.user(t, Role.Admin);
    expect(Object.keys(await leftovers(h, t.id))).to.include.members(['users', 'courses', 'lessons', 'enrollments', 'lesson_progress']);

    const res = await h.http.delete(`/api/tenants/${t.id}`).set(root.headers);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ id: t.id, status: 'deleting' });
    expect(res.body.data.deletion).to.include({ tables_done: 0, rows_deleted: 0 });
    // From the very next request: the tenant is unknown by slug and by id, signed in or not.
    expect((await h.http.get('/api/settings').set(t.headers)).status).to.equal(404);
    expect((await h.http.get('/api/settings').set('X-Tenant-ID', t.id)).status).to.equal(404);
    expect((await h.http.get('/api/user/self').set(admin.headers)).status).to.equal(404);
    expect((await h.http.put(`/api/tenants/${t.id}`).set(root.headers).send({ status: 'active' })).status).to.equal(404);

    await h.jobsIdle();
    expect(await leftovers(h, t.id)).to.deep.equal({});
    expect((await h.http.get(`/api/tenants/${t.id}`).set(root.headers)).status).to.equal(404);
  });

  it('shows the progress while deleting, and a deletion a worker left half-done is resumed to the end, in batches', async () => {
    const root = await h.user(await h.defaultTenant(), Role.SuperAdmin);
    const t = await populated(h);
    // More users than one batch, straight into the table.
    const now = new Date();
    const extra = Array.from({ length: PURGE_BATCH + 10 }, (_, i) => ({
      id: randomUUID(),
      tenant_id: t.id,
      username: `bulk${i}`,
      email: `bulk${i}@example.test`,
      display_name: 'Bulk',
      role: 1,
      status: 1,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < extra.length; i += 1000) await h.app.db.knex<Record<string, unknown>>('users').insert(extra.slice(i, i + 1000));

    // As a request would leave it, with the worker dead after its first batch of the first table.
    const tenants = h.resolve<TenantRepository>('tenantRepository');
    const deletions = h.resolve<TenantDeletionRepository>('tenantDeletionRepository');
    await tenants.update({ ...(await tenants.findById(t.id))!, status: 'deleting' });
    await deletions.begin(t.id, now);
    const [first] = await deletions.tablesInDeletionOrder();
    const gone = await deletions.deleteBatch(t.id, first!, 1);
    await deletions.record(t.id, { tablesDone: 0, tablesTotal: 99, rowsDeleted: gone });

    const during = await h.http.get(`/api/tenants/${t.id}`).set(root.headers);
    expect(during.status).to.equal(200);
    expect(during.body.data).to.include({ status: 'deleting' });
    expect(during.body.data.deletion).to.include({ tables_done: 0, tables_total: 99, rows_deleted: gone });
    const listed = await h.http.get('/api/tenants').query({ search: t.slug }).set(root.headers);
    expect(listed.body.data.items[0]).to.include({ id: t.id, status: 'deleting' });

    // The periodic sweep finds it and runs the job again.
    await h.resolve<ReturnType<typeof makeResumeTenantDeletions>>('resumeTenantDeletions')();
    await h.jobsIdle(60_000);
    expect(await leftovers(h, t.id)).to.deep.equal({});
    expect((await h.http.get(`/api/tenants/${t.id}`).set(root.headers)).status).to.equal(404);
  }).timeout(120_000);

  it('a second request for a deleting tenant answers it deleting again; the default tenant stays', async () => {
    const root = await h.user(await h.defaultTenant(), Role.SuperAdmin);
    const t = await h.tenant();
    const tenants = h.resolve<TenantRepository>('tenantRepository');
    await tenants.update({ ...(await tenants.findById(t.id))!, status: 'deleting' });
    await h.resolve<TenantDeletionRepository>('tenantDeletionRepository').begin(t.id, new Date());
    const again = await h.http.delete(`/api/tenants/${t.id}`).set(root.headers);
    expect(again.status).to.equal(200);
    expect(again.body.data).to.include({ status: 'deleting' });
    await h.jobsIdle();
    expect((await h.http.get(`/api/tenants/${t.id}`).set(root.headers)).status).to.equal(404);
    const def = await h.defaultTenant();
    expect((await h.http.delete(`/api/tenants/${def.id}`).set(root.headers)).status).to.equal(400);
  });
});
