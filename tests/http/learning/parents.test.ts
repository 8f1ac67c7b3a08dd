import { expect } from 'chai';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { complete, enrol, seedCourse } from './learning-fixtures.js';

describe('HTTP learning: parents and students', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const codeOf = async (student: TestUser) => {
    const res = await h.http.get('/api/lms/student/linking-code').set(student.headers);
    expect(res.status).to.equal(200);
    return res.body.data as { linking_code: string; expires_at: string };
  };
  const link = (parent: TestUser, code: string) =>
    h.http.post('/api/lms/parent/link-student').set(parent.headers).send({ linking_code: code });

  it('issues 8-character codes without look-alikes, valid 24 hours, to students only', async () => {
    const t = await h.tenant();
    const student = await h.user(t);
    const before = h.clock.now().getTime();
    const code = await codeOf(student);
    expect(code.linking_code).to.match(/^[A-HJKMNP-Z2-9]{8}$/);
    const ttl = new Date(code.expires_at).getTime() - before;
    expect(ttl).to.be.within(24 * 3600_000 - 5000, 24 * 3600_000 + 5000);
    for (const role of [Role.Parent, Role.Mentor, Role.Admin]) {
      const other = await h.user(t, role);
      const res = await h.http.get('/api/lms/student/linking-code').set(other.headers);
      expect(res.status).to.equal(403);
    }
  });

  it('links with a code once: a used code, a replaced code and an expired code are 400 and link nothing', async () => {
    const t = await h.tenant();
    const student = await h.user(t);
    const parent = await h.user(t, Role.Parent);
    const second = await h.user(t, Role.Parent);
    const code = await codeOf(student);

    const linked = await link(parent, code.linking_code.toLowerCase().replace(/(.{4})/, '$1-'));
    expect(linked.status).to.equal(200);
    expect(linked.body.data).to.include({ id: student.id, display_name: student.user.displayName });
    const used = await link(second, code.linking_code);
    expect(used.status).to.equal(400);
    expect(used.body.message).to.equal('The linking code is invalid, expired or already used');
    expect((await h.http.get('/api/lms/parent/students').set(second.headers)).body.data.total).to.equal(0);

    // A new code replaces the previous unused one.
    const first = await codeOf(student);
    const replacement = await codeOf(student);
    expect((await link(second, first.linking_code)).status).to.equal(400);

    const expiring = replacement.linking_code;
    try {
      h.clock.advance(24 * 3600_000 + 1000);
      // Tokens of the test users are 5-minute tokens: log the parent in again at the new time.
      const fresh = await h.user(t, Role.Parent);
      const expired = await link(fresh, expiring);
      expect(expired.status).to.equal(400);
      expect((await h.http.get('/api/lms/parent/students').set(fresh.headers)).body.data.total).to.equal(0);
    } finally {
      h.clock.reset();
    }
    expect((await link(second, 'ABC')).status).to.equal(400);
    expect((await link(second, 'ZZZZZZZZ')).status).to.equal(400);
    // A student cannot use the parent routes.
    expect((await link(student, (await codeOf(student)).linking_code)).status).to.equal(403);
  });

  it('redeems one code once under concurrent links', async () => {
    const t = await h.tenant();
    const student = await h.user(t);
    const parents = await Promise.all([1, 2, 3, 4, 5].map(() => h.user(t, Role.Parent)));
    const { linking_code } = await codeOf(student);
    const results = await Promise.all(parents.map((p) => link(p, linking_code)));
    expect(results.map((r) => r.status).sort()).to.deep.equal([200, 400, 400, 400, 400]);
  });

  it('shows linked students, their detail, progress and assignments; unlinked or foreign students are 404', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const parent = await h.user(t, Role.Parent);
    const child = await h.user(t, Role.Student, { displayName: 'Budi' });
    const stranger = await h.user(t);
    const c = await seedCourse(h, admin, { modules: 1, lessons: 2, fields: { title: 'Biology' } });
    await enrol(h, admin, child.id, c.id);
    await enrol(h, admin, stranger.id, c.id);
    await complete(h, child, c.lessonIds[0]!);
    expect((await link(parent, (await codeOf(child)).linking_code)).status).to.equal(200);

    const list = await h.http.get('/api/lms/parent/students').set(parent.headers);
    expect(list.status).to.equal(200);
    expect(list.body.data.total).to.equal(1);
    expect(list.body.data.items[0]).to.include({ id: child.id, display_name: 'Budi' });
    expect(list.body.data.items[0].summary).to.include({
      courses_enrolled: 1,
      courses_completed: 0,
      average_progress: 50,
      certificates: 0,
    });

    const detail = await h.http.get(`/api/lms/parent/students/${child.id}`).set(parent.headers);
    expect(detail.status).to.equal(200);
    expect(detail.body.data).to.include({ id: child.id, email: child.email });
    const progress = await h.http.get(`/api/lms/parent/students/${child.id}/progress`).set(parent.headers);
    expect(progress.status).to.equal(200);
    expect(progress.body.data.courses).to.have.length(1);
    expect(progress.body.data.courses[0]).to.include({ id: c.id, title: 'Biology', progress: 50, last_lesson_id: c.lessonIds[0] });
    const assignments = await h.http.get(`/api/lms/parent/students/${child.id}/assignments`).set(parent.headers);
    expect(assignments.status).to.equal(200);
    expect(assignments.body.data).to.include({ total: 0, page: 1 });

    for (const path of [
      `/api/lms/parent/students/${stranger.id}`,
      `/api/lms/parent/students/${stranger.id}/progress`,
      `/api/lms/parent/students/${stranger.id}/assignments`,
    ]) {
      const res = await h.http.get(path).set(parent.headers);
      expect(res.status, path).to.equal(404);
      expect(res.body.message).to.equal('Record not found');
    }
    // Another parent, even an admin, sees only their own links.
    const admin2 = await h.user(t, Role.Admin);
    expect((await h.http.get(`/api/lms/parent/students/${child.id}`).set(admin2.headers)).status).to.equal(404);
    expect((await h.http.get(`/api/lms/parent/students/${child.id}`).set(child.headers)).status).to.equal(403);

    const dash = await h.http.get('/api/lms/parent/dashboard').set(parent.headers);
    expect(dash.status).to.equal(200);
    expect(dash.body.data.totals).to.deep.equal({ students: 1, courses_enrolled: 1, courses_completed: 0, certificates: 0 });
    expect(dash.body.data.students[0]).to.include({ id: child.id });
    expect(dash.body.data.students[0].courses[0]).to.include({ id: c.id, progress: 50 });

    const unlinked = await h.http.delete(`/api/lms/parent/students/${child.id}`).set(parent.headers);
    expect(unlinked.status).to.equal(200);
    expect((await h.http.get(`/api/lms/parent/students/${child.id}`).set(parent.headers)).status).to.equal(404);
    expect((await h.http.delete(`/api/lms/parent/students/${child.id}`).set(parent.headers)).status).to.equal(404);
    expect((await h.http.get('/api/lms/parent/students').set(parent.headers)).body.data.total).to.equal(0);
  });
});
