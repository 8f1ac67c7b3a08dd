import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { createCourse, createLesson, createModule, enrol, seedCourse } from './learning-fixtures.js';

describe('HTTP learning: modules, lessons and content gating', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it("refuses a paid course's lesson to a student without enrolment (403) and serves it after an admin enrolment (200)", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const c = await seedCourse(h, admin, { modules: 1, lessons: 2, fields: { price: 250000 } });
    const denied = await h.http.get(`/api/lms/lessons/${c.lessonIds[0]}`).set(student.headers);
    expect(denied.status).to.equal(403);
    expect(denied.body).to.deep.equal({ success: false, message: 'Not enrolled in this course', code: 'NOT_ENROLLED' });
    // Progress is gated the same way, and nothing is recorded.
    expect(
      (await h.http.post('/api/lms/progress').set(student.headers).send({ lesson_id: c.lessonIds[0], status: 'completed' })).status,
    ).to.equal(403);
    expect((await h.http.post(`/api/lms/lessons/${c.lessonIds[0]}/continue`).set(student.headers)).status).to.equal(403);

    await enrol(h, admin, student.id, c.id);
    const ok = await h.http.get(`/api/lms/lessons/${c.lessonIds[0]}`).set(student.headers);
    expect(ok.status).to.equal(200);
    expect(ok.body.data).to.include({
      id: c.lessonIds[0],
      content: 'The body of the lesson.',
      content_url: 'https://cdn.example.test/v.mp4',
      progress_status: 'not_started',
      previous_lesson_id: null,
      next_lesson_id: c.lessonIds[1],
    });
    expect(ok.body.data.course).to.include({ id: c.id });
  });

  it('opens content to Mentors and above without enrolment, closes it again when an enrolment expires or is cancelled', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const mentor = await h.user(t, Role.Mentor);
    const student = await h.user(t);
    const c = await seedCourse(h, admin, { modules: 1, lessons: 1, fields: { price: 1000 } });
    expect((await h.http.get(`/api/lms/lessons/${c.lessonIds[0]}`).set(mentor.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/lms/lessons/${c.lessonIds[0]}`).set(admin.headers)).status).to.equal(200);

    const e = await enrol(h, admin, student.id, c.id, { expires_at: new Date(h.clock.now().getTime() + 60_000).toISOString() });
    expect((await h.http.get(`/api/lms/lessons/${c.lessonIds[0]}`).set(student.headers)).status).to.equal(200);
    try {
      // Within the access token's 5 minutes: only the enrolment has expired.
      h.clock.advance(2 * 60_000);
      const expired = await h.http.get(`/api/lms/lessons/${c.lessonIds[0]}`).set(student.headers);
      expect(expired.status).to.equal(403);
      const listed = await h.http.get(`/api/lms/admin/resources/enrollments?user_id=${student.id}`).set(admin.headers);
      expect(listed.body.data.items[0].status).to.equal('expired');
      expect((await h.http.get('/api/lms/my-courses').set(student.headers)).body.data.total).to.equal(0);
      // A re-grant reactivates the expired enrolment (same row).
      const again = await enrol(h, admin, student.id, c.id);
      expect(again.id).to.equal(e.id);
      expect(again.status).to.equal('active');
      expect((await h.http.get(`/api/lms/lessons/${c.lessonIds[0]}`).set(student.headers)).status).to.equal(200);
    } finally {
      h.clock.reset();
    }
    await h.http.put(`/api/lms/admin/resources/enrollments/${e.id}`).set(admin.headers).send({ status: 'cancelled' }).expect(200);
    expect((await h.http.get(`/api/lms/lessons/${c.lessonIds[0]}`).set(student.headers)).status).to.equal(403);
  });

  it("lists modules and lessons by order, with the caller's status and no content", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const courseId = await createCourse(h, admin);
    const second = (await h.http.post('/api/lms/admin/modules').set(admin.headers).send({ course_id: courseId, title: 'Second', order: 2 }))
      .body.data.id;
    const first = (await h.http.post('/api/lms/admin/modules').set(admin.headers).send({ course_id: courseId, title: 'First', order: 1 }))
      .body.data.id;
    const modules = await h.http.get(`/api/lms/modules?course_id=${courseId}`).set(student.headers);
    expect(modules.status).to.equal(200);
    expect(modules.body.data.items.map((m: { id: string }) => m.id)).to.deep.equal([first, second]);
    expect(modules.body.data.total).to.equal(2);

    const l1 = await createLesson(h, admin, first, { title: 'A' });
    const l2 = await createLesson(h, admin, first, { title: 'B' });
    const lessons = await h.http.get(`/api/lms/lessons?module_id=${first}`).set(student.headers);
    expect(lessons.status).to.equal(200);
    expect(lessons.body.data.items.map((l: { id: string; order: number }) => [l.id, l.order])).to.deep.equal([
      [l1, 1],
      [l2, 2],
    ]);
    for (const l of lessons.body.data.items) {
      expect(l).to.include({ progress_status: 'not_started' });
      expect(l).to.not.have.property('content');
    }
    expect((await h.http.get('/api/lms/modules').set(student.headers)).status).to.equal(400);
    expect((await h.http.get(`/api/lms/lessons?module_id=${courseId}`).set(student.headers)).status).to.equal(404);
    const draft = await createCourse(h, admin, { status: 'draft' });
    expect((await h.http.get(`/api/lms/modules?course_id=${draft}`).set(student.headers)).status).to.equal(404);
    const other = await h.tenant();
    const stranger = await h.user(other);
    expect((await h.http.get(`/api/lms/modules?course_id=${courseId}`).set(stranger.headers)).status).to.equal(404);
    expect((await h.http.get(`/api/lms/lessons/${l1}`).set(stranger.headers)).status).to.equal(404);
  });

  it('creates, updates and deletes modules and lessons (admin only), with 404 for unknown parents', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const courseId = await createCourse(h, admin);
    const moduleId = await createModule(h, admin, courseId);
    const lesson = await h.http.post('/api/lms/admin/lessons').set(admin.headers).send({
      module_id: moduleId,
      title: 'Intro',
      content_type: 'video',
      content_url: 'https://v.example.test/1',
      duration: 300,
      content: '# Intro',
    });
    expect(lesson.status).to.equal(200);
    expect(lesson.body.data).to.include({
      module_id: moduleId,
      course_id: courseId,
      title: 'Intro',
      content_type: 'video',
      duration: 300,
      content: '# Intro',
      order: 1,
    });

    const updated = await h.http
      .put(`/api/lms/admin/lessons/${lesson.body.data.id}`)
      .set(admin.headers)
      .send({ title: 'Introduction', module_id: 'ignored' });
    expect(updated.status).to.equal(200);
    expect(updated.body.data).to.include({ title: 'Introduction', content: '# Intro', module_id: moduleId });
    const mod = await h.http.put(`/api/lms/admin/modules/${moduleId}`).set(admin.headers).send({ title: 'Basics' });
    expect(mod.body.data).to.include({ title: 'Basics', course_id: courseId });

    expect((await h.http.post('/api/lms/admin/modules').set(admin.headers).send({ course_id: moduleId, title: 'x' })).status).to.equal(404);
    expect((await h.http.post('/api/lms/admin/lessons').set(admin.headers).send({ module_id: courseId, title: 'x' })).status).to.equal(404);
    expect((await h.http.post('/api/lms/admin/lessons').set(admin.headers).send({ module_id: moduleId })).status).to.equal(400);
    expect((await h.http.post('/api/lms/admin/lessons').set(student.headers).send({ module_id: moduleId, title: 'x' })).status).to.equal(
      403,
    );
    expect((await h.http.post('/api/lms/admin/modules').set(student.headers).send({ course_id: courseId, title: 'x' })).status).to.equal(
      403,
    );

    expect((await h.http.delete(`/api/lms/admin/lessons/${lesson.body.data.id}`).set(admin.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/lms/lessons/${lesson.body.data.id}`).set(admin.headers)).status).to.equal(404);
    expect((await h.http.delete(`/api/lms/admin/modules/${moduleId}`).set(admin.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/lms/modules?course_id=${courseId}`).set(admin.headers)).body.data.total).to.equal(0);
  });

  it("reorders modules with exactly the course's modules, and refuses a foreign, missing or repeated id (400, nothing changes)", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const c = await seedCourse(h, admin, { modules: 3, lessons: 0 });
    const foreign = await seedCourse(h, admin, { modules: 1, lessons: 0 });
    const [a, b, m3] = c.moduleIds as [string, string, string];
    const order = async () =>
      (await h.http.get(`/api/lms/modules?course_id=${c.id}`).set(admin.headers)).body.data.items.map((m: { id: string }) => m.id);

    const ok = await h.http
      .put('/api/lms/admin/modules/reorder')
      .set(admin.headers)
      .send({ module_ids: [m3, a, b] });
    expect(ok.status).to.equal(200);
    expect(ok.body.data.map((m: { id: string; order: number }) => [m.id, m.order])).to.deep.equal([
      [m3, 1],
      [a, 2],
      [b, 3],
    ]);
    expect(await order()).to.deep.equal([m3, a, b]);

    for (const module_ids of [
      [a, b, foreign.moduleIds[0]],
      [a, b],
      [a, b, m3, foreign.moduleIds[0]],
      [a, a, b],
      [foreign.moduleIds[0], a, b, m3],
    ]) {
      const res = await h.http.put('/api/lms/admin/modules/reorder').set(admin.headers).send({ module_ids });
      expect(res.status, JSON.stringify(module_ids)).to.equal(400);
      expect(res.body.message).to.equal('Invalid parameters');
    }
    expect(await order()).to.deep.equal([m3, a, b]);
    expect(
      (
        await h.http
          .put('/api/lms/admin/modules/reorder')
          .set(admin.headers)
          .send({ module_ids: ['nope'] })
      ).status,
    ).to.equal(400);
    // The lesson order follows the modules: the course outline is in the new order.
    const outline = await h.http.get(`/api/lms/courses/${c.id}/public`).set(t.headers);
    expect(outline.body.data.modules.map((m: { id: string }) => m.id)).to.deep.equal([m3, a, b]);
    // Another tenant's admin cannot reorder them.
    const otherAdmin = await h.user(await h.tenant(), Role.Admin);
    expect(
      (
        await h.http
          .put('/api/lms/admin/modules/reorder')
          .set(otherAdmin.headers)
          .send({ module_ids: [a, b, m3] })
      ).status,
    ).to.equal(400);
  });
});
