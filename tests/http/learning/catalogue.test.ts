import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { statementsOf } from '../../support/statement-counter.js';
import { Role, UserStatus } from '../../../domain/identity/role.js';
import { createCourse, createLesson, createModule, enrol, seedCourse } from './learning-fixtures.js';

describe('HTTP learning: catalogue', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('lists only published courses to the public, with page, category, level and search filters', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const cat = await h.http.post('/api/lms/admin/resources/course-categories').set(admin.headers).send({ name: 'Mathematics' });
    expect(cat.status).to.equal(200);
    expect(cat.body.data.slug).to.equal('mathematics');
    const math = await createCourse(h, admin, { title: 'Algebra I', category_id: cat.body.data.id, difficulty: 'beginner' });
    await createCourse(h, admin, { title: 'Geometry', difficulty: 'advanced' });
    await createCourse(h, admin, { title: 'Draft algebra', status: 'draft' });
    await createCourse(h, admin, { title: 'Old algebra', status: 'archived' });

    const all = await h.http.get('/api/lms/courses').set(t.headers);
    expect(all.status).to.equal(200);
    expect(all.body.data.total).to.equal(2);
    expect(all.body.data.items.map((c: { title: string }) => c.title)).to.have.members(['Algebra I', 'Geometry']);
    expect(all.body.data).to.include({ page: 1, page_size: 10 });

    const bySlug = await h.http.get('/api/lms/courses?category=mathematics').set(t.headers);
    expect(bySlug.body.data.items.map((c: { id: string }) => c.id)).to.deep.equal([math]);
    expect(bySlug.body.data.items[0].category).to.include({ name: 'Mathematics', slug: 'mathematics' });
    const byId = await h.http.get(`/api/lms/courses?category=${cat.body.data.id}`).set(t.headers);
    expect(byId.body.data.total).to.equal(1);
    expect((await h.http.get('/api/lms/courses?category=nothing').set(t.headers)).body.data.total).to.equal(0);
    const byLevel = await h.http.get('/api/lms/courses?level=advanced').set(t.headers);
    expect(byLevel.body.data.items.map((c: { title: string }) => c.title)).to.deep.equal(['Geometry']);
    const bySearch = await h.http.get('/api/lms/courses?search=ALGEB').set(t.headers);
    expect(bySearch.body.data.items.map((c: { title: string }) => c.title)).to.deep.equal(['Algebra I']);
    const paged = await h.http.get('/api/lms/courses?page=2&page_size=1').set(t.headers);
    expect(paged.body.data).to.include({ total: 2, page: 2, page_size: 1 });
    expect(paged.body.data.items).to.have.length(1);

    // Staff see every status and may filter by it; a student asking for drafts still gets published ones only.
    const staff = await h.http.get('/api/lms/courses?status=draft').set(admin.headers);
    expect(staff.body.data.items.map((c: { title: string }) => c.title)).to.deep.equal(['Draft algebra']);
    const student = await h.user(t);
    const sneaky = await h.http.get('/api/lms/courses?status=draft').set(student.headers);
    expect(sneaky.body.data.items.map((c: { status: string }) => c.status)).to.deep.equal(['published', 'published']);

    // Another tenant sees none of these.
    const other = await h.tenant();
    expect((await h.http.get('/api/lms/courses').set(other.headers)).body.data.total).to.equal(0);
  });

  it("answers a published course's public outline without lesson content; drafts are not found", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const c = await seedCourse(h, admin, { modules: 2, lessons: 2 });
    const res = await h.http.get(`/api/lms/courses/${c.id}/public`).set(t.headers);
    expect(res.status).to.equal(200);
    expect(res.body.data.modules.map((m: { id: string }) => m.id)).to.deep.equal(c.moduleIds);
    expect(res.body.data.total_lessons).to.equal(4);
    expect(res.body.data.total_duration).to.equal(40);
    const lessons = res.body.data.modules.flatMap((m: { lessons: unknown[] }) => m.lessons);
    expect(lessons.map((l: { id: string }) => l.id)).to.deep.equal(c.lessonIds);
    for (const l of lessons) {
      expect(l).to.not.have.property('content');
      expect(l).to.not.have.property('content_url');
    }
    const draft = await createCourse(h, admin, { status: 'draft' });
    expect((await h.http.get(`/api/lms/courses/${draft}/public`).set(t.headers)).status).to.equal(404);
    expect((await h.http.get(`/api/lms/courses/${c.id}/public`).set((await h.tenant()).headers)).status).to.equal(404);
    expect((await h.http.get('/api/lms/courses/not-a-uuid/public').set(t.headers)).status).to.equal(400);
  });

  it("answers a course detail with the caller's enrolment and progress; drafts only to staff", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const c = await seedCourse(h, admin, { modules: 1, lessons: 2 });
    const before = await h.http.get(`/api/lms/courses/${c.id}`).set(student.headers);
    expect(before.status).to.equal(200);
    expect(before.body.data).to.include({ enrolled: false, can_access: false, enrollment: null, certificate: null });
    expect(before.body.data.progress).to.include({ progress: 0, completed_lessons: 0, total_lessons: 2, completed: false });

    await enrol(h, admin, student.id, c.id);
    await h.http.post('/api/lms/progress').set(student.headers).send({ lesson_id: c.lessonIds[0], status: 'completed' }).expect(200);
    const after = await h.http.get(`/api/lms/courses/${c.id}`).set(student.headers);
    expect(after.body.data).to.include({ enrolled: true, can_access: true });
    expect(after.body.data.enrollment).to.include({ status: 'active', source: 'admin' });
    expect(after.body.data.progress).to.include({ progress: 50, completed_lessons: 1, last_lesson_id: c.lessonIds[0] });
    expect(after.body.data.modules[0].lessons.map((l: { progress_status: string }) => l.progress_status)).to.deep.equal([
      'completed',
      'not_started',
    ]);

    const draft = await createCourse(h, admin, { status: 'draft' });
    expect((await h.http.get(`/api/lms/courses/${draft}`).set(student.headers)).status).to.equal(404);
    const mentor = await h.user(t, Role.Mentor);
    const seen = await h.http.get(`/api/lms/courses/${draft}`).set(mentor.headers);
    expect(seen.status).to.equal(200);
    expect(seen.body.data.can_access).to.equal(true);
    expect((await h.http.get(`/api/lms/courses/${c.id}`).set(t.headers)).status).to.equal(401);
  });

  it("reads the caller's login with the course page, and refuses as every route does: logged out, deactivated, another tenant's", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const course = await seedCourse(h, admin, { modules: 1, lessons: 1 });
    const page = (headers: Record<string, string>, id: string = course.id) => h.http.get(`/api/lms/courses/${id}`).set(headers);
    const refusal = (res: { status: number; body: { code?: string } }) => [res.status, res.body.code];
    const student = await h.user(t);
    expect((await page(student.headers)).status).to.equal(200);
    // A Mentor sees a draft, a student does not: the role is the login's, read with the page.
    const draft = await seedCourse(h, admin, { modules: 1, lessons: 1 });
    await h.app.db.knex('courses').where({ id: draft.id }).update({ status: 'draft' });
    const mentor = await h.user(t, Role.Mentor);
    expect((await page(mentor.headers, draft.id)).status).to.equal(200);
    expect(refusal(await page(student.headers, draft.id))).to.deep.equal([404, 'COURSE_NOT_FOUND']);
    // A role changed since the token was issued counts at once: the Mentor made a student no longer sees the draft.
    await h.app.db.knex('users').where({ id: mentor.id }).update({ role: Role.Student });
    expect(refusal(await page(mentor.headers, draft.id))).to.deep.equal([404, 'COURSE_NOT_FOUND']);

    const elsewhere = await h.user(await h.tenant());
    expect(refusal(await page({ ...t.headers, Authorization: elsewhere.headers.Authorization! }))).to.deep.equal([403, 'TENANT_MISMATCH']);
    expect(refusal(await page(t.headers))).to.deep.equal([401, 'UNAUTHORIZED']);
    await h.http.post('/api/auth/logout').set(student.headers).expect(200);
    expect(refusal(await page(student.headers))).to.deep.equal([401, 'INVALID_TOKEN']);
    // Refused before anything else: an unknown course, or an invalid id, answers 401 to a logged-out caller.
    expect(refusal(await page(student.headers, '00000000-0000-4000-8000-000000000000'))).to.deep.equal([401, 'INVALID_TOKEN']);
    expect(refusal(await page(student.headers, 'not-an-id'))).to.deep.equal([401, 'INVALID_TOKEN']);
    const deactivated = await h.user(t);
    await h.app.db.knex('users').where({ id: deactivated.id }).update({ status: UserStatus.Deactivated });
    expect(refusal(await page(deactivated.headers))).to.deep.equal([401, 'INVALID_TOKEN']);
  });

  it('answers the course page and a catalogue page in one statement each, whatever their size', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const small = await seedCourse(h, admin, { modules: 1, lessons: 1 });
    const large = await seedCourse(h, admin, { modules: 3, lessons: 3 });
    await enrol(h, admin, student.id, large.id);
    for (const lessonId of large.lessonIds.slice(0, 4))
      await h.http.post('/api/lms/progress').set(student.headers).send({ lesson_id: lessonId, status: 'completed' }).expect(200);
    const page = async (id: string) => {
      const { statements, result } = await statementsOf(h, (http) => http.get(`/api/lms/courses/${id}`).set(student.headers));
      expect(result.status).to.equal(200);
      return { statements, body: result.body.data as { total_lessons: number; progress: { completed_lessons: number } } };
    };
    await page(small.id); // the tenant and the token verified, as every later request finds them
    const [one, nine] = [await page(small.id), await page(large.id)];
    expect(nine.body.total_lessons).to.equal(9);
    expect(nine.body.progress.completed_lessons).to.equal(4);
    // The caller's login, the course with its category, the caller's enrolment and certificate, outline, progress and quiz list.
    expect([one.statements, nine.statements]).to.deep.equal([1, 1]);

    // A page that is not the last counts the whole list in its own statement (the total beside the rows).
    await createCourse(h, admin, { title: 'Third' });
    const { statements, result } = await statementsOf(h, (http) => http.get('/api/lms/courses?page=2&page_size=1').set(t.headers));
    expect(result.body.data).to.include({ total: 3, page: 2, page_size: 1 });
    expect(result.body.data.next_cursor).to.be.a('string');
    expect(statements).to.equal(1);
  });

  it('lists categories publicly as a plain array by name', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    for (const name of ['Science', 'Art', 'Mathematics'])
      await h.http.post('/api/lms/admin/resources/course-categories').set(admin.headers).send({ name }).expect(200);
    const res = await h.http.get('/api/lms/course-categories').set(t.headers);
    expect(res.status).to.equal(200);
    expect(res.body.data.map((c: { name: string }) => c.name)).to.deep.equal(['Art', 'Mathematics', 'Science']);
  });

  it('lets admins create, update and delete courses, with validation and no mass assignment', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const other = await h.tenant();
    const created = await h.http.post('/api/lms/admin/courses').set(admin.headers).send({
      title: 'Physics',
      description: 'Motion',
      difficulty: 'intermediate',
      price: 150000,
      cover_image: 'https://cdn.example.test/p.png',
      tenant_id: other.id,
      id: '00000000-0000-4000-8000-000000000000',
      created_by: 'x',
    });
    expect(created.status).to.equal(200);
    const course = created.body.data;
    expect(course).to.include({
      title: 'Physics',
      difficulty: 'intermediate',
      price: 150000,
      currency: 'IDR',
      status: 'draft',
      published_at: null,
    });
    expect(course.id).to.not.equal('00000000-0000-4000-8000-000000000000');
    expect(
      (await h.http.get('/api/lms/courses?status=draft').set({ ...other.headers, Authorization: admin.headers.Authorization! })).status,
    ).to.equal(403);

    const published = await h.http.put(`/api/lms/admin/courses/${course.id}`).set(admin.headers).send({ status: 'published', price: 0 });
    expect(published.status).to.equal(200);
    expect(published.body.data).to.include({ status: 'published', price: 0, title: 'Physics', description: 'Motion' });
    expect(published.body.data.published_at).to.be.a('string');

    expect((await h.http.post('/api/lms/admin/courses').set(admin.headers).send({ description: 'no title' })).status).to.equal(400);
    expect((await h.http.post('/api/lms/admin/courses').set(admin.headers).send({ title: 'x', status: 'live' })).status).to.equal(400);
    expect((await h.http.post('/api/lms/admin/courses').set(admin.headers).send({ title: 'x', price: -1 })).status).to.equal(400);
    const badCategory = await h.http
      .post('/api/lms/admin/courses')
      .set(admin.headers)
      .send({ title: 'x', category_id: '7f1c3f0e-1c5b-4f7e-9f61-0d7c3a1b2c3d' });
    expect(badCategory.status).to.equal(400);
    expect(badCategory.body.error).to.match(/category_id/);

    const student = await h.user(t);
    expect((await h.http.post('/api/lms/admin/courses').set(student.headers).send({ title: 'x' })).status).to.equal(403);
    const mentor = await h.user(t, Role.Mentor);
    expect((await h.http.put(`/api/lms/admin/courses/${course.id}`).set(mentor.headers).send({ title: 'y' })).status).to.equal(403);

    // A course with an enrolment is kept (archive it instead); one without is deleted with its outline.
    await enrol(h, admin, student.id, course.id);
    const refused = await h.http.delete(`/api/lms/admin/courses/${course.id}`).set(admin.headers);
    expect(refused.status).to.equal(400);
    expect((await h.http.get(`/api/lms/courses/${course.id}/public`).set(t.headers)).status).to.equal(200);

    const empty = await createCourse(h, admin);
    const moduleId = await createModule(h, admin, empty);
    await createLesson(h, admin, moduleId);
    expect((await h.http.delete(`/api/lms/admin/courses/${empty}`).set(admin.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/lms/courses/${empty}/public`).set(t.headers)).status).to.equal(404);
    expect((await h.http.delete(`/api/lms/admin/courses/${empty}`).set(admin.headers)).status).to.equal(404);
    // Another tenant's admin cannot touch it.
    const otherAdmin = await h.user(other, Role.Admin);
    expect((await h.http.put(`/api/lms/admin/courses/${course.id}`).set(otherAdmin.headers).send({ title: 'stolen' })).status).to.equal(
      404,
    );
  });

  it('documents the learning, file and region routes in the OpenAPI document', async () => {
    const res = await h.http.get('/api/openapi.json');
    expect(res.status).to.equal(200);
    for (const path of [
      '/api/lms/courses',
      '/api/lms/my-courses',
      '/api/lms/admin/resources/{resource}',
      '/api/lms/parent/link-student',
      '/api/file',
      '/api/regions/provinces',
      '/api/lms/certificates/verify/{code}',
    ]) {
      expect(res.body.paths, path).to.have.property(path);
    }
    expect(res.body.paths['/api/lms/admin/courses'].post.requestBody.content['application/json'].schema.properties).to.have.property(
      'title',
    );
  });

  it('lets the Super Admin delete a tenant with its whole catalogue, enrolments and certificates', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const root = await h.user(await h.defaultTenant(), Role.SuperAdmin);
    const cat = (await h.http.post('/api/lms/admin/resources/course-categories').set(admin.headers).send({ name: 'Doomed' })).body.data.id;
    await h.http.post('/api/lms/admin/resources/pricing').set(admin.headers).send({ category_id: cat, unit_price: 1 }).expect(200);
    await h.http
      .post('/api/lms/admin/resources/subscription-plans')
      .set(admin.headers)
      .send({ name: 'P', price: 1, duration_days: 1, category_ids: [cat] })
      .expect(200);
    const c = await seedCourse(h, admin, { modules: 1, lessons: 1, fields: { category_id: cat } });
    await enrol(h, admin, student.id, c.id);
    await h.http.post('/api/lms/progress').set(student.headers).send({ lesson_id: c.lessonIds[0], status: 'completed' }).expect(200);
    const res = await h.http.delete(`/api/tenants/${t.id}`).set(root.headers);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    await h.jobsIdle();
    expect((await h.app.db.knex('courses').where({ tenantId: t.id }).count({ n: '*' }).first())?.n).to.equal(0);
    expect((await h.app.db.knex('certificates').where({ tenantId: t.id }).count({ n: '*' }).first())?.n).to.equal(0);
  });
});
