import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import pg from 'pg';

interface Captured {
  sql: string;
  bindings: unknown[];
}

/**
 * Every list, filter and search endpoint is served by an index (issue 9 §3). The queries an
 * endpoint really runs are captured and explained with sequential scans disabled: a plan that
 * still needs one means no index can serve that query. PostgreSQL only: the planner of record.
 */
async function seqScans(client: pg.Client, captured: Captured[]): Promise<string[]> {
  const problems: string[] = [];
  for (const q of captured) {
    if (!/^\s*select/i.test(q.sql) || /pg_|information_schema|knex_migrations/i.test(q.sql)) continue;
    await client.query('begin');
    try {
      await client.query('set local enable_seqscan = off');
      // The captured SQL carries the driver's own $n placeholders.
      const res = await client.query(`explain (format json) ${q.sql}`, q.bindings);
      const plan = JSON.stringify(res.rows[0]['QUERY PLAN']);
      for (const m of plan.matchAll(/"Node Type":"Seq Scan"[^}]*?"Relation Name":"(\w+)"/g)) problems.push(`${m[1]}: ${q.sql}`);
    } finally {
      await client.query('rollback');
    }
  }
  return problems;
}

if (process.env.DATABASE_URL) {
  describe('query plans on PostgreSQL: lists, filters and searches use indexes', function () {
    this.timeout(60_000);
    let h: Harness;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    before(async () => {
      h = await harness();
      await client.connect();
    });
    after(() => client.end());

    const capture = async (run: () => Promise<unknown>): Promise<Captured[]> => {
      const captured: Captured[] = [];
      const listener = (q: { sql: string; bindings?: unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
      h.app.db.knex.on('query', listener);
      try {
        await run();
      } finally {
        h.app.db.knex.off('query', listener);
      }
      return captured;
    };

    it('uses an index for every query of the main list and search endpoints', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const student = await h.user(t);
      const mentor = await h.user(t, Role.Mentor);
      const course = await h.http.post('/api/lms/admin/courses').set(admin.headers).send({ title: 'Plans 101', status: 'published' });
      const module = await h.http.post('/api/lms/admin/modules').set(admin.headers).send({ course_id: course.body.data.id, title: 'M1' });
      const quiz = await h.http.post('/api/lms/admin/quizzes').set(admin.headers).send({ module_id: module.body.data.id, title: 'Q1' });
      const lesson = await h.http.post('/api/lms/admin/lessons').set(admin.headers).send({ module_id: module.body.data.id, title: 'L1', content: 'Text' });
      expect([course.status, module.status, quiz.status, lesson.status]).to.deep.equal([200, 200, 200, 200]);
      const quizId = quiz.body.data.id as string;
      const requests: Array<[string, Record<string, string>]> = [
        ['/api/users?search=alice&role=1&status=1', admin.headers],
        ['/api/users?page=2', admin.headers],
        ['/api/audit-logs?action=auth.login&start_date=2026-01-01&end_date=2026-12-31', admin.headers],
        [`/api/audit-logs?user_id=${admin.id}`, admin.headers],
        ['/api/email/outbox?to=a@example.test', admin.headers],
        ['/api/lms/courses?search=math&level=beginner', t.headers],
        ['/api/lms/courses?page=1', t.headers],
        [`/api/lms/courses/${course.body.data.id as string}`, student.headers],
        [`/api/lms/courses/${course.body.data.id as string}/public`, t.headers],
        [`/api/lms/lessons/${lesson.body.data.id as string}`, admin.headers],
        ['/api/lms/my-courses', student.headers],
        ['/api/lms/my-certificates', student.headers],
        ['/api/crm/leads?status=new&search=budi', admin.headers],
        ['/api/crm/leads?provider=google&from=2026-01-01&to=2026-12-31', admin.headers],
        [`/api/crm/leads?assigned_to=${admin.id}`, admin.headers],
        ['/api/crm/dashboard?from=2026-01-01&to=2026-12-31', admin.headers],
        ['/api/crm/webhook-deliveries?status=failed', admin.headers],
        ['/api/file/search?q=report', admin.headers],
        ['/api/file', admin.headers],
        ['/api/lms/admin/resources/enrollments?search=x', admin.headers],
        ['/api/lms/admin/resources/course-categories?search=math', admin.headers],
        [`/api/lms/quizzes?module_id=${module.body.data.id}`, admin.headers],
        [`/api/lms/quizzes/${quizId}/attempts`, admin.headers],
        [`/api/lms/admin/quizzes/${quizId}/analytics`, admin.headers],
        ['/api/lms/mentor/assignments?status=pending', mentor.headers],
        ['/api/lms/my-schedule?start_date=2026-01-01&end_date=2026-12-31', student.headers],
        ['/api/lms/schedule-templates', mentor.headers],
        ['/api/lms/chat/conversations', student.headers],
        ['/api/orders', student.headers],
        ['/api/lms/my-subscriptions', student.headers],
        ['/api/lms/admin/payments?status=paid', admin.headers],
        ['/api/mailer-logs?event=delivered', admin.headers],
        ['/api/mailer-logs/stats', admin.headers],
        ['/api/dashboard/overview', admin.headers],
        ['/api/dashboard/overview', student.headers],
      ];
      const problems: string[] = [];
      for (const [path, headers] of requests) {
        let status = 0;
        const captured = await capture(async () => {
          status = (await h.http.get(path).set(headers)).status;
        });
        expect(status, path).to.equal(200);
        problems.push(...(await seqScans(client, captured)).map((p) => `${path} → ${p}`));
      }
      expect(problems, problems.join('\n')).to.deep.equal([]);
    });

    it('can serve the user search from a trigram index on every column it ORs', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const captured = await capture(async () => {
        expect((await h.http.get('/api/users?search=zqxw').set(admin.headers)).status).to.equal(200);
      });
      const search = captured.find((q) => /ilike/i.test(q.sql))!;
      // Without the tenant's btree indexes (dropped inside the rolled-back transaction), the only
      // plan that avoids a scan is the OR of the three trigram indexes: a column without one forces it.
      await client.query('begin');
      try {
        await client.query('set local enable_seqscan = off');
        for (const index of ['users_tenant_id_role_status_index', 'users_tenant_id_created_at_index', 'users_tenant_phone']) await client.query(`drop index ${index}`);
        await client.query('alter table users drop constraint users_tenant_id_email_unique cascade');
        const plan = JSON.stringify((await client.query(`explain (format json) ${search.sql}`, search.bindings)).rows[0]['QUERY PLAN']);
        expect(plan).to.not.include('Seq Scan');
        for (const index of ['users_display_name_trgm', 'users_email_trgm', 'users_username_trgm']) expect(plan, index).to.include(index);
      } finally {
        await client.query('rollback');
      }
    });
  });
}
