import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { statementsOf } from '../../support/statement-counter.js';
import { Role } from '../../../domain/identity/role.js';
import { binary, complete, createCourse, enrol, seedCourse } from './learning-fixtures.js';

describe('HTTP learning: enrolment, progress and completion', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('enrols in a free published course (idempotent); refuses paid (400), draft and foreign (404) courses', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const free = await seedCourse(h, admin, { modules: 1, lessons: 1 });
    const res = await h.http.post(`/api/lms/courses/${free.id}/enroll`).set(student.headers);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ user_id: student.id, course_id: free.id, status: 'active', source: 'free', expires_at: null });
    const again = await h.http.post(`/api/lms/courses/${free.id}/enroll`).set(student.headers);
    expect(again.body.data.id).to.equal(res.body.data.id);
    expect((await h.http.get(`/api/lms/lessons/${free.lessonIds[0]}`).set(student.headers)).status).to.equal(200);

    const paid = await createCourse(h, admin, { price: 99000 });
    const refused = await h.http.post(`/api/lms/courses/${paid}/enroll`).set(student.headers);
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.match(/not free/);
    const draft = await createCourse(h, admin, { status: 'draft' });
    expect((await h.http.post(`/api/lms/courses/${draft}/enroll`).set(student.headers)).status).to.equal(404);
    const stranger = await h.user(await h.tenant());
    expect((await h.http.post(`/api/lms/courses/${free.id}/enroll`).set(stranger.headers)).status).to.equal(404);
    const list = await h.http.get(`/api/lms/admin/resources/enrollments?course_id=${paid}`).set(admin.headers);
    expect(list.body.data.total).to.equal(0);
  });

  it('keeps one enrolment under concurrent enrol requests', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const free = await createCourse(h, admin);
    const results = await Promise.all(Array.from({ length: 8 }, () => h.http.post(`/api/lms/courses/${free}/enroll`).set(student.headers)));
    expect(results.map((r) => r.status)).to.deep.equal(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.data.id)).size).to.equal(1);
    expect((await h.http.get(`/api/lms/admin/resources/enrollments?course_id=${free}`).set(admin.headers)).body.data.total).to.equal(1);
  });

  it('records progress forward only, continues to the next lesson, and reports the course percentage', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const c = await seedCourse(h, admin, { modules: 2, lessons: 2 });
    await enrol(h, admin, student.id, c.id);

    const cont = await h.http.post(`/api/lms/lessons/${c.lessonIds[1]}/continue`).set(student.headers);
    expect(cont.status).to.equal(200);
    expect(cont.body.data).to.include({ lesson_id: c.lessonIds[1], status: 'in_progress', certificate: null });
    expect(cont.body.data.next_lesson).to.include({ id: c.lessonIds[2] });
    expect(cont.body.data.next_lesson).to.not.have.property('content');
    expect(cont.body.data.course).to.include({
      course_id: c.id,
      progress: 0,
      completed_lessons: 0,
      total_lessons: 4,
      last_lesson_id: c.lessonIds[1],
    });

    const done = await complete(h, student, c.lessonIds[0]!);
    expect(done.status).to.equal(200);
    expect(done.body.data).to.include({ status: 'completed', certificate_issued: false });
    expect(done.body.data.course).to.include({ progress: 25, completed_lessons: 1 });
    // A completed lesson stays completed when opened again or marked in progress.
    const back = await h.http.post('/api/lms/progress').set(student.headers).send({ lesson_id: c.lessonIds[0], status: 'not_started' });
    expect(back.body.data.status).to.equal('completed');
    const reopened = await h.http.post(`/api/lms/lessons/${c.lessonIds[0]}/continue`).set(student.headers);
    expect(reopened.body.data.status).to.equal('completed');
    expect(reopened.body.data.next_lesson.id).to.equal(c.lessonIds[1]);
    const last = await h.http.post(`/api/lms/lessons/${c.lessonIds[3]}/continue`).set(student.headers);
    expect(last.body.data.next_lesson).to.equal(null);

    const mine = await h.http.get('/api/lms/my-courses').set(student.headers);
    expect(mine.status).to.equal(200);
    expect(mine.body.data.total).to.equal(1);
    expect(mine.body.data.items[0]).to.include({
      id: c.id,
      title: 'Algebra I',
      progress: 25,
      last_lesson_id: c.lessonIds[3],
      completed: false,
    });
    expect(mine.body.data.items[0].enrollment).to.include({ status: 'active', source: 'admin' });

    expect(
      (await h.http.post('/api/lms/progress').set(student.headers).send({ lesson_id: c.lessonIds[0], status: 'done' })).status,
    ).to.equal(400);
    expect((await h.http.post('/api/lms/progress').set(student.headers).send({ lesson_id: c.id, status: 'completed' })).status).to.equal(
      404,
    );
  });

  it('issues exactly one certificate when every lesson is completed; its PDF starts with %PDF and its code verifies publicly', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t, Role.Student, { displayName: 'Siti Rahma' });
    const c = await seedCourse(h, admin, { modules: 2, lessons: 2, fields: { title: 'Physics for Everyone', price: 50000 } });
    await enrol(h, admin, student.id, c.id);

    expect((await h.http.get(`/api/lms/courses/${c.id}/certificate`).set(student.headers)).status).to.equal(404);
    const issued: boolean[] = [];
    for (const lessonId of c.lessonIds) {
      const res = await complete(h, student, lessonId);
      expect(res.status).to.equal(200);
      issued.push(res.body.data.certificate_issued);
    }
    expect(issued).to.deep.equal([false, false, false, true]);
    // Completing again (or concurrently) never issues a second one.
    const repeats = await Promise.all(c.lessonIds.map((id) => complete(h, student, id)));
    expect(repeats.map((r) => r.body.data.certificate_issued)).to.deep.equal([false, false, false, false]);

    const cert = await h.http.get(`/api/lms/courses/${c.id}/certificate`).set(student.headers);
    expect(cert.status).to.equal(200);
    expect(cert.body.data).to.include({
      course_id: c.id,
      user_id: student.id,
      student_name: 'Siti Rahma',
      course_title: 'Physics for Everyone',
    });
    expect(cert.body.data.code).to.match(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(cert.body.data.verify_url).to.equal(`${h.app.config.publicUrl}/api/lms/certificates/verify/${cert.body.data.code}`);
    for (const r of repeats) if (r.body.data.certificate) expect(r.body.data.certificate.id).to.equal(cert.body.data.id);

    const mine = await h.http.get('/api/lms/my-certificates').set(student.headers);
    expect(mine.body.data.total).to.equal(1);
    expect(mine.body.data.items[0].id).to.equal(cert.body.data.id);
    const detail = await h.http.get(`/api/lms/courses/${c.id}`).set(student.headers);
    expect(detail.body.data.progress).to.include({ progress: 100, completed: true });
    expect(detail.body.data.certificate.code).to.equal(cert.body.data.code);

    const pdf = await h.http.get(`/api/lms/courses/${c.id}/certificate?format=pdf`).set(student.headers).buffer(true).parse(binary);
    expect(pdf.status).to.equal(200);
    expect(pdf.headers['content-type']).to.equal('application/pdf');
    expect(pdf.headers['content-disposition']).to.match(/attachment; filename="certificate-.+\.pdf"/);
    expect((pdf.body as Buffer).subarray(0, 4).toString('latin1')).to.equal('%PDF');

    // Public verification: no login, no tenant header, any case and without dashes.
    const verify = await h.http.get(`/api/lms/certificates/verify/${cert.body.data.code}`);
    expect(verify.status).to.equal(200);
    expect(verify.body.data).to.include({
      valid: true,
      code: cert.body.data.code,
      student_name: 'Siti Rahma',
      course_title: 'Physics for Everyone',
    });
    const loose = await h.http.get(`/api/lms/certificates/verify/${cert.body.data.code.replace(/-/g, '').toLowerCase()}`);
    expect(loose.status).to.equal(200);
    expect((await h.http.get('/api/lms/certificates/verify/AAAA-BBBB-CCCC')).status).to.equal(404);
    expect((await h.http.get('/api/lms/certificates/verify/nonsense')).status).to.equal(404);

    // Another student of the course has none; the admin list has exactly one.
    const other = await h.user(t);
    await enrol(h, admin, other.id, c.id);
    expect((await h.http.get(`/api/lms/courses/${c.id}/certificate`).set(other.headers)).status).to.equal(404);
    expect((await h.http.get(`/api/lms/courses/${c.id}/certificate?format=pdf`).set(other.headers)).status).to.equal(404);
  });

  it('gives a mentor previewing a course progress but no certificate', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const mentor = await h.user(t, Role.Mentor);
    const c = await seedCourse(h, admin, { modules: 1, lessons: 1 });
    const res = await complete(h, mentor, c.lessonIds[0]!);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ certificate_issued: false, certificate: null });
    expect(res.body.data.course).to.include({ completed: true, progress: 100 });
    expect((await h.http.get(`/api/lms/courses/${c.id}/certificate`).set(mentor.headers)).status).to.equal(404);
  });

  it('does not grow the query count of /api/lms/my-courses with the number of courses (no N+1)', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const few = await h.user(t);
    const many = await h.user(t);
    const courses = [];
    for (let i = 0; i < 8; i++) courses.push(await seedCourse(h, admin, { modules: 1, lessons: 2 }));
    await enrol(h, admin, few.id, courses[0]!.id);
    for (const c of courses) {
      await enrol(h, admin, many.id, c.id);
      await complete(h, many, c.lessonIds[0]!);
    }
    const count = async (headers: Record<string, string>) => {
      const { statements, result: res } = await statementsOf(h, (http) => http.get('/api/lms/my-courses?page_size=100').set(headers));
      expect(res.status).to.equal(200);
      return { n: statements, items: res.body.data.items as Array<{ progress: number }> };
    };
    const one = await count(few.headers);
    const eight = await count(many.headers);
    expect(one.items).to.have.length(1);
    expect(eight.items).to.have.length(8);
    expect(eight.items.every((c) => c.progress === 50)).to.equal(true);
    expect(one.n).to.be.greaterThan(0);
    expect(eight.n).to.equal(one.n);
    expect(eight.n).to.be.at.most(10);
  });
});
