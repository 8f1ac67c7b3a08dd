import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { ENROLLMENT_STATUSES, type Enrollment } from '../../../domain/learning/enrollment.js';
import type { EnrollmentRepository } from '../../../application/learning/ports/enrollment-repository.js';
import type { CertificateRepository } from '../../../application/learning/ports/certificate-repository.js';
import type { UserRepository } from '../../../application/identity/ports/user-repository.js';
import type { AttemptRepository } from '../../../application/assessment/ports/attempt-repository.js';

/** A small deterministic generator: a failure replays with the same writes. */
const generator = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const DAY_MS = 86_400_000;
const BIN = (column: string) =>
  `to_char(date_bin('1 day', ${column}, timestamptz '2000-01-01 00:00:00+00') at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * The admin overview's rollups (migration 1020) are kept by statement triggers in the writing
 * transaction: after any mix of single and bulk inserts, status, expiry and role changes, soft and
 * hard deletes (also cascaded from a user's deletion) and a rolled-back transaction they equal a full count of their
 * tables, and the overview's figures, with `now` and `since` cut to the millisecond, equal a
 * count over the rows. On the configured engine (PGlite, or PostgreSQL with DATABASE_URL).
 */
describe('contract: dashboard rollups (enrolments, quiz attempts, certificates, users by role) equal a full count', () => {
  let h: Harness;
  let knex: Knex;
  before(async () => {
    h = await harness();
    knex = h.app.db.knex;
  });

  // Plain tables (the name as a string, not the typed row of the adapters): the test writes their columns as the SQL names them.
  const table = (name: string, q: Knex | Knex.Transaction = knex) => q(name);
  const rows = async (sql: string, bindings: Knex.RawBinding[]) => ((await knex.raw(sql, bindings)) as { rows: unknown[] }).rows;

  it('equals a full count after random writes, and answers each overview figure as a pass over the rows does', async () => {
    const random = generator(20_261_128);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const users = await Promise.all(Array.from({ length: 8 }, () => h.user(t, Role.Student)));
    const courseIds: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const course = await h.http
        .post('/api/lms/admin/courses')
        .set(admin.headers)
        .send({ title: `Rollup ${i}`, status: 'published' });
      expect(course.status).to.equal(200);
      courseIds.push(course.body.data.id as string);
    }
    const module = await h.http.post('/api/lms/admin/modules').set(admin.headers).send({ course_id: courseIds[0], title: 'M1' });
    const quiz = await h.http.post('/api/lms/admin/quizzes').set(admin.headers).send({ module_id: module.body.data.id, title: 'Q1' });
    expect([module.status, quiz.status]).to.deep.equal([200, 200]);
    const quizId = quiz.body.data.id as string;

    const start = Date.parse('2026-03-01T00:00:00Z');
    // Times over ten days with hours and milliseconds, so days and their part ends both matter.
    const at = () => new Date(start + Math.floor(random() * 10 * DAY_MS));
    const enrollments = h.resolve<EnrollmentRepository>('enrollmentRepository');
    const certificates = h.resolve<CertificateRepository>('certificateRepository');
    const attempts = h.resolve<AttemptRepository>('attemptRepository');

    // Enrolments: one bulk statement, then single inserts, with and without an expiry.
    const enrolment = (userId: string, courseId: string): Enrollment => {
      const created = at();
      return {
        id: randomUUID(),
        tenantId: t.id,
        userId,
        courseId,
        status: pick(ENROLLMENT_STATUSES),
        source: pick(['admin', 'order', 'free'] as const),
        sourceRef: pick([null, 'order-1', 'order-2']),
        expiresAt: random() < 0.5 ? null : new Date(created.getTime() + Math.floor(random() * 8 * DAY_MS)),
        createdAt: created,
        updatedAt: created,
      };
    };
    const pairs = users.flatMap((u) => courseIds.map((c) => [u.id, c] as const));
    const bulk = pairs.slice(0, 14).map(([u, c]) => enrolment(u, c));
    expect(await enrollments.insertManyIfAbsent(bulk)).to.have.length(14);
    for (const [u, c] of pairs.slice(14)) expect(await enrollments.insertManyIfAbsent([enrolment(u, c)])).to.have.length(1);
    const enrolmentIds = (await table('enrollments').where({ tenant_id: t.id }).select('id')).map((r: { id: string }) => r.id);
    for (let i = 0; i < 40; i += 1) {
      const e = (await enrollments.findById(t.id, pick(enrolmentIds)))!;
      const change = random();
      if (change < 0.4) await enrollments.update({ ...e, status: pick(ENROLLMENT_STATUSES) });
      else if (change < 0.8)
        await enrollments.update({ ...e, expiresAt: random() < 0.3 ? null : new Date(start + Math.floor(random() * 12 * DAY_MS)) });
      else await enrollments.update({ ...e, source: 'admin' });
    }
    // A multi-row update, and deletes.
    await enrollments.cancelBySource(t.id, 'order', 'order-1', new Date(start));
    for (let i = 0; i < 5; i += 1)
      expect(await enrollments.delete(t.id, enrolmentIds.splice(Math.floor(random() * enrolmentIds.length), 1)[0]!)).to.equal(true);

    // Certificates, one per user and course.
    for (const [u, c] of pairs.filter(() => random() < 0.6)) {
      expect(
        await certificates.insertIfAbsent({
          id: randomUUID(),
          tenantId: t.id,
          userId: u,
          courseId: c,
          code: randomUUID().replace(/-/g, '').slice(0, 20),
          studentName: 'S',
          courseTitle: 'C',
          issuedAt: at(),
        }),
      ).to.equal(true);
    }

    // Quiz attempts: a multi-row insert and single ones, a few moved and deleted.
    const attempt = (userId: string, n: number) => ({
      id: randomUUID(),
      tenant_id: t.id,
      quiz_id: quizId,
      user_id: userId,
      attempt_number: n,
      status: 'graded',
      seed: 1,
      started_at: at(),
      max_score: 0,
      updated_at: new Date(start),
    });
    await table('quiz_attempts').insert(users.flatMap((u) => [1, 2, 3].map((n) => attempt(u.id, n))));
    for (const u of users) await table('quiz_attempts').insert(attempt(u.id, 4));
    await table('quiz_attempts')
      .where({ tenant_id: t.id, attempt_number: 2 })
      .update({ started_at: new Date(start + 3 * DAY_MS + 1) });
    await table('quiz_attempts').where({ tenant_id: t.id, attempt_number: 3 }).delete();

    // A user's deletion cascades to their rows of all three tables; others change role, are
    // deleted softly (not counted) and restored, one statement for several users.
    await table('users').where({ tenant_id: t.id, id: users[0]!.id }).delete();
    await table('users').where({ tenant_id: t.id }).whereIn('id', [users[1]!.id, users[2]!.id]).update({ role: Role.Mentor });
    await table('users')
      .where({ tenant_id: t.id })
      .whereIn('id', [users[3]!.id, users[4]!.id, users[5]!.id])
      .update({ deleted_at: new Date(start) });
    await table('users').where({ tenant_id: t.id, id: users[4]!.id }).update({ deleted_at: null, role: Role.Parent });
    await table('users')
      .where({ tenant_id: t.id, id: users[6]!.id })
      .update({ last_login_at: new Date(start) });
    await h.user(t, Role.Parent);
    // Changes in one transaction, and changes undone by a rollback.
    await knex.transaction(async (trx) => {
      await table('enrollments', trx)
        .where({ tenant_id: t.id, user_id: users[1]!.id })
        .update({ status: 'active', expires_at: new Date(start + 5 * DAY_MS) });
      await table('certificates', trx).where({ tenant_id: t.id, user_id: users[1]!.id }).delete();
      await table('users', trx).where({ tenant_id: t.id, id: users[7]!.id }).update({ role: Role.Admin });
    });
    await knex
      .transaction(async (trx) => {
        await table('enrollments', trx).where({ tenant_id: t.id, user_id: users[2]!.id }).delete();
        await table('quiz_attempts', trx).where({ tenant_id: t.id, user_id: users[2]!.id }).delete();
        await table('users', trx)
          .where({ tenant_id: t.id, id: users[6]!.id })
          .update({ deleted_at: new Date(start) });
        await table('certificates', trx)
          .insert({
            id: randomUUID(),
            tenant_id: t.id,
            user_id: users[3]!.id,
            course_id: courseIds[3],
            code: 'rolled-back',
            student_name: 'S',
            course_title: 'C',
            issued_at: new Date(start),
          })
          .onConflict(['tenant_id', 'user_id', 'course_id'])
          .merge();
        throw new Error('rolled back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'rolled back') throw error;
      });

    expect(
      await rows(
        `select ${BIN('day')} as day, status, case when expires_day = 'infinity' then 'none' else ${BIN('expires_day')} ` +
          `end as expires_day, enrollments from enrollment_daily where tenant_id = ? and enrollments <> 0 order by 1, 2, 3`,
        [t.id],
      ),
    ).to.deep.equal(
      await rows(
        `select ${BIN('created_at')} as day, status, coalesce(${BIN('expires_at')}, 'none') as expires_day, ` +
          `count(*)::int as enrollments from enrollments where tenant_id = ? group by 1, 2, 3 order by 1, 2, 3`,
        [t.id],
      ),
    );
    for (const [rollup, column, table, time] of [
      ['quiz_attempt_daily', 'attempts', 'quiz_attempts', 'started_at'],
      ['certificate_daily', 'certificates', 'certificates', 'issued_at'],
    ] as const) {
      const rolled = await rows(
        `select ${BIN('day')} as day, ${column} as n from ${rollup} where tenant_id = ? and ${column} <> 0 order by 1`,
        [t.id],
      );
      expect(rolled, rollup).to.deep.equal(
        await rows(`select ${BIN(time)} as day, count(*)::int as n from ${table} where tenant_id = ? group by 1 order by 1`, [t.id]),
      );
      expect(rolled, rollup).to.have.length.above(3);
    }

    const byRole = await rows(
      'select role, count(*)::int as users from users where tenant_id = ? and deleted_at is null group by 1 order by 1',
      [t.id],
    );
    expect(await rows('select role, users from user_role_counts where tenant_id = ? and users <> 0 order by 1', [t.id])).to.deep.equal(
      byRole,
    );
    expect(byRole).to.have.length(4);
    expect(await h.resolve<UserRepository>('userRepository').countByRole(t.id)).to.deep.equal(
      Object.fromEntries((byRole as Array<{ role: number; users: number }>).map((r) => [r.role, r.users])),
    );

    // The figures at instants cut to the millisecond, at midnight, and with no since.
    const count = async (sql: string, bindings: Knex.RawBinding[]) => Number(((await rows(sql, bindings))[0] as { n: unknown }).n);
    const moments: Array<[now: Date, since: Date | undefined]> = [
      [new Date(start + 4 * DAY_MS), new Date(start + 2 * DAY_MS)],
      [new Date(start + 4 * DAY_MS), undefined],
    ];
    for (let i = 0; i < 12; i += 1) {
      const now = new Date(start + Math.floor(random() * 13 * DAY_MS));
      moments.push([now, new Date(now.getTime() - Math.floor(random() * 6 * DAY_MS))], [now, undefined]);
    }
    let nonZero = 0;
    for (const [now, since] of moments) {
      const label = `now ${now.toISOString()} since ${since?.toISOString()}`;
      const active = await count(
        `select count(*) as n from enrollments where tenant_id = ? and status = 'active' and (expires_at is null or ` +
          `expires_at > ?) and created_at >= coalesce(?::timestamptz, '-infinity')`,
        [t.id, now, since ?? null],
      );
      expect(await enrollments.countActive(t.id, now, since ? { since } : {}), label).to.equal(active);
      nonZero += active > 0 ? 1 : 0;
      const from = since ?? now;
      expect(await attempts.countStartedSince(t.id, from), label).to.equal(
        await count('select count(*) as n from quiz_attempts where tenant_id = ? and started_at >= ?', [t.id, from]),
      );
      expect(await certificates.count(t.id, since ? { since } : {}), label).to.equal(
        await count(`select count(*) as n from certificates where tenant_id = ? and issued_at >= coalesce(?::timestamptz, '-infinity')`, [
          t.id,
          since ?? null,
        ]),
      );
    }
    expect(nonZero, 'moments with active enrolments').to.be.above(5);
    // A few users' active enrolments still come from their rows.
    const few = [users[4]!.id, users[5]!.id];
    const now = new Date(start + 5 * DAY_MS + 1234);
    expect(await enrollments.countActive(t.id, now, { userIds: few })).to.equal(
      await count(
        `select count(*) as n from enrollments where tenant_id = ? and user_id in (?, ?) and status = 'active' and (expires_at is null or expires_at > ?)`,
        [t.id, ...few, now],
      ),
    );
  });

  it('empties with its tenant: a deleted tenant leaves no rollup rows', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await h.http.post('/api/lms/admin/courses').set(admin.headers).send({ title: 'Gone', status: 'published' });
    const e: Enrollment = {
      id: randomUUID(),
      tenantId: t.id,
      userId: admin.id,
      courseId: course.body.data.id as string,
      status: 'active',
      source: 'admin',
      sourceRef: null,
      expiresAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    await h.resolve<EnrollmentRepository>('enrollmentRepository').insertManyIfAbsent([e]);
    expect(await rows('select enrollments from enrollment_daily where tenant_id = ?', [t.id])).to.deep.equal([{ enrollments: 1 }]);
    await knex('tenants').where({ id: t.id }).delete();
    expect(await rows('select 1 from enrollment_daily where tenant_id = ?', [t.id])).to.deep.equal([]);
  });
});
