import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { createLesson, createModule, enrol } from '../learning/learning-fixtures.js';

type Json = Record<string, unknown>;

/**
 * A create or update answers the record exactly as its GET does (the same presenter, the same
 * values). Where a resource has no GET of its own, the GET is its list, read for that id. A GET
 * that adds the caller's view of the record (course detail, lesson detail, quiz detail) is compared
 * on the record's fields, and the fields it adds are named here.
 */
describe('HTTP: a create or update answers what a GET then answers', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const ok = (res: Response): Json => {
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data as Json;
  };
  const itemOf = (page: Json, id: string): Json => {
    const found = (page.items as Json[]).find((i) => i.id === id);
    expect(found, `${id} in the list`).to.not.equal(undefined);
    return found!;
  };
  /** The GET's answer without the fields it adds beside the record's own. */
  const without = (data: Json, added: readonly string[]): Json =>
    Object.fromEntries(Object.entries(data).filter(([k]) => !added.includes(k)));

  async function check(
    label: string,
    write: () => Promise<Response>,
    read: (id: string) => Promise<Json>,
    added: readonly string[] = [],
  ): Promise<Json> {
    const written = ok(await write());
    const got = await read(written.id as string);
    expect(without(got, added), label).to.deep.equal(written);
    return written;
  }

  it('learning and assessment: course, module, lesson, quiz, question, assignment, category, plan, promo code', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const get = (url: string, as: TestUser = admin) => h.http.get(url).set(as.headers).then(ok);

    const category = await check(
      'category create',
      () => h.http.post('/api/lms/admin/resources/course-categories').set(admin.headers).send({ name: 'Music', slug: 'music' }),
      async (id) => itemOf(await get('/api/lms/admin/resources/course-categories?search=Music'), id),
    );
    await check(
      'category update',
      () => h.http.put(`/api/lms/admin/resources/course-categories/${category.id}`).set(admin.headers).send({ description: 'Sound' }),
      async (id) => itemOf(await get('/api/lms/admin/resources/course-categories?search=Music'), id),
    );

    // A course's create and update answer its page whole: outline, and the caller's enrolment, progress and certificate.
    const course = await check(
      'course create',
      () => h.http.post('/api/lms/admin/courses').set(admin.headers).send({ title: 'Piano', category_id: category.id, price: 1000 }),
      (id) => get(`/api/lms/courses/${id}`),
    );
    expect(course.category).to.include({ id: category.id, name: 'Music' });
    expect(course).to.include({ total_lessons: 0, total_duration: 0, enrolled: false, can_access: true });
    await check(
      'course update',
      () => h.http.put(`/api/lms/admin/courses/${course.id}`).set(admin.headers).send({ status: 'published', difficulty: 'beginner' }),
      (id) => get(`/api/lms/courses/${id}`),
    );
    // The catalogue lists the record's own fields, without the page's additions.
    const listedUpdate = ok(await h.http.put(`/api/lms/admin/courses/${course.id}`).set(admin.headers).send({ description: 'Keys' }));
    const listed = itemOf(await get('/api/lms/courses'), course.id as string);
    expect(listed).to.include.keys('id', 'title', 'description', 'category', 'status', 'price', 'created_at', 'updated_at');
    expect(listed).to.deep.equal(Object.fromEntries(Object.keys(listed).map((k) => [k, listedUpdate[k]])));

    const moduleRead = async (id: string) => itemOf(await get(`/api/lms/modules?course_id=${course.id as string}`), id);
    const mod = await check(
      'module create',
      () => h.http.post('/api/lms/admin/modules').set(admin.headers).send({ course_id: course.id, title: 'Basics' }),
      moduleRead,
    );
    await check(
      'module update',
      () => h.http.put(`/api/lms/admin/modules/${mod.id}`).set(admin.headers).send({ description: 'First steps' }),
      moduleRead,
    );

    // The lesson detail adds its module, course, the caller's status and its neighbours.
    const lessonDetail = ['module', 'course', 'progress_status', 'previous_lesson_id', 'next_lesson_id'];
    const lesson = await check(
      'lesson create',
      () => h.http.post('/api/lms/admin/lessons').set(admin.headers).send({ module_id: mod.id, title: 'Scales', content: '# C major' }),
      (id) => get(`/api/lms/lessons/${id}`),
      lessonDetail,
    );
    await check(
      'lesson update',
      () => h.http.put(`/api/lms/admin/lessons/${lesson.id}`).set(admin.headers).send({ duration: 120 }),
      (id) => get(`/api/lms/lessons/${id}`),
      lessonDetail,
    );

    // The quiz detail adds its questions, the caller's attempts and, for admins, its random slots.
    const quizDetail = ['questions', 'my_attempts', 'random_slots'];
    const quiz = await check(
      'quiz create',
      () => h.http.post('/api/lms/admin/quizzes').set(admin.headers).send({ module_id: mod.id, title: 'Check' }),
      (id) => get(`/api/lms/quizzes/${id}`),
      quizDetail,
    );
    const questionRead = async (id: string) =>
      ((await get(`/api/lms/quizzes/${quiz.id as string}`)).questions as Json[]).find((q) => q.id === id)!;
    const question = await check(
      'question create',
      () =>
        h.http
          .post(`/api/lms/admin/quizzes/${quiz.id}/questions`)
          .set(admin.headers)
          .send({ question_type: 'true_false', question_text: 'C has no sharps', correct_answer: true }),
      questionRead,
    );
    await check(
      'question update',
      () => h.http.put(`/api/lms/admin/quiz-questions/${question.id}`).set(admin.headers).send({ points: 3 }),
      questionRead,
    );
    await check(
      'quiz update',
      () => h.http.put(`/api/lms/admin/quizzes/${quiz.id}`).set(admin.headers).send({ status: 'published', passing_score: 70 }),
      (id) => get(`/api/lms/quizzes/${id}`),
      quizDetail,
    );

    const student = await h.user(t);
    await enrol(h, admin, student.id, course.id as string);
    const mine = async () => get(`/api/lms/lessons/${lesson.id as string}/my-assignment`, student);
    const submission = await check(
      'assignment submit',
      () =>
        h.http
          .post(`/api/lms/lessons/${lesson.id}/assignments`)
          .set(student.headers)
          .send({ file_url: 'https://files.test/a.pdf', notes: 'v1' }),
      mine,
    );
    await check(
      'assignment grade',
      () => h.http.post(`/api/lms/assignments/${submission.id}/grade`).set(admin.headers).send({ score: 90, feedback: 'Good' }),
      mine,
    );

    const planRead = async (id: string) => itemOf(await get('/api/lms/admin/resources/subscription-plans'), id);
    const plan = await check(
      'plan create',
      () =>
        h.http
          .post('/api/lms/admin/resources/subscription-plans')
          .set(admin.headers)
          .send({ name: 'Monthly', price: 250000, duration_days: 30, category_ids: [category.id] }),
      planRead,
    );
    await check(
      'plan update',
      () => h.http.put(`/api/lms/admin/resources/subscription-plans/${plan.id}`).set(admin.headers).send({ price: 200000 }),
      planRead,
    );

    const promoRead = async (id: string) => itemOf(await get('/api/lms/admin/resources/promo-codes?search=SPRING'), id);
    const promo = await check(
      'promo create',
      () => h.http.post('/api/lms/admin/resources/promo-codes').set(admin.headers).send({ code: 'SPRING', type: 'percent', value: 10 }),
      promoRead,
    );
    await check(
      'promo update',
      () => h.http.put(`/api/lms/admin/resources/promo-codes/${promo.id}`).set(admin.headers).send({ max_uses: 5 }),
      promoRead,
    );

    // A lesson and module made by the fixtures answer the same way (no other path to the record).
    const other = await createModule(h, admin, course.id as string, 'Second');
    await createLesson(h, admin, other);
  });

  it('crm, engagement and identity: lead, schedule template and item, user', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const get = (url: string, as: TestUser = admin) => h.http.get(url).set(as.headers).then(ok);

    const lead = await check(
      'lead create',
      () => h.http.post('/api/crm/leads').set(admin.headers).send({ name: 'Budi', phone: '0812345678', city: 'Bandung' }),
      (id) => get(`/api/crm/leads/${id}`),
    );
    await check(
      'lead update',
      () => h.http.patch(`/api/crm/leads/${lead.id}`).set(admin.headers).send({ status: 'contacted', value: 500000, note: 'Called' }),
      (id) => get(`/api/crm/leads/${id}`),
    );

    const template = await check(
      'schedule template create',
      () => h.http.post('/api/lms/schedule-templates').set(admin.headers).send({ name: 'Week 1' }),
      (id) => get(`/api/lms/schedule-templates/${id}`),
    );
    await check(
      'schedule template update',
      () => h.http.put(`/api/lms/schedule-templates/${template.id}`).set(admin.headers).send({ description: 'Start' }),
      (id) => get(`/api/lms/schedule-templates/${id}`),
    );
    const itemRead = async (id: string) => itemOf(await get('/api/lms/my-schedule?start_date=2026-06-01&end_date=2026-06-07'), id);
    const item = await check(
      'schedule item create',
      () =>
        h.http
          .post('/api/lms/my-schedule/items')
          .set(admin.headers)
          .send({ title: 'Practice', date: '2026-06-01', start_time: '09:00', end_time: '10:00' }),
      itemRead,
    );
    await check(
      'schedule item update',
      () => h.http.put(`/api/lms/my-schedule/items/${item.id}`).set(admin.headers).send({ end_time: '11:00' }),
      itemRead,
    );

    const user = await check(
      'user create',
      () =>
        h.http
          .post('/api/users')
          .set(admin.headers)
          .send({ name: 'Mentor', email: 'mentor@example.test', password: 'long enough pw', role: 30 }),
      (id) => get(`/api/users/${id}/detail`),
    );
    await check(
      'user update',
      () => h.http.put(`/api/users/${user.id}`).set(admin.headers).send({ display_name: 'Mentor Two' }),
      (id) => get(`/api/users/${id}/detail`),
    );
    await check(
      'user status',
      () => h.http.put(`/api/users/${user.id}/status`).set(admin.headers).send({ status: 2 }),
      (id) => get(`/api/users/${id}/detail`),
    );
    await check(
      'own profile',
      () => h.http.put('/api/user/self').set(admin.headers).send({ display_name: 'Boss' }),
      () => get('/api/user/self'),
    );
  });
  it(
    'more writes: pricing, enrolment, student profile, asset, library item, question copy, publish, certificate ' +
      'template, template item, order, subscription, conversation, message, tenant, settings, crm rules',
    async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const get = (url: string, as: TestUser = admin) => h.http.get(url).set(as.headers).then(ok);
      const resource =
        (name: string, search = '') =>
        async (id: string) =>
          itemOf(await get(`/api/lms/admin/resources/${name}${search}`), id);

      const category = ok(
        await h.http.post('/api/lms/admin/resources/course-categories').set(admin.headers).send({ name: 'Art', slug: 'art' }),
      );
      const price = await check(
        'pricing create',
        () =>
          h.http
            .post('/api/lms/admin/resources/pricing')
            .set(admin.headers)
            .send({ category_id: category.id, unit_price: 1000, tiers: [{ min_quantity: 2, unit_price: 900 }] }),
        resource('pricing'),
      );
      await check(
        'pricing update',
        () => h.http.put(`/api/lms/admin/resources/pricing/${price.id}`).set(admin.headers).send({ unit_price: 1200 }),
        resource('pricing'),
      );

      const course = ok(
        await h.http.post('/api/lms/admin/courses').set(admin.headers).send({ title: 'Drawing', price: 5000, status: 'published' }),
      );
      const student = await h.user(t);
      const enrolment = await check(
        'enrolment create',
        () => h.http.post('/api/lms/admin/resources/enrollments').set(admin.headers).send({ user_id: student.id, course_id: course.id }),
        resource('enrollments'),
      );
      await check(
        'enrolment update',
        () =>
          h.http
            .put(`/api/lms/admin/resources/enrollments/${enrolment.id}`)
            .set(admin.headers)
            .send({ expires_at: '2030-01-01T00:00:00.000Z' }),
        resource('enrollments'),
      );
      const profile = await check(
        'student create',
        () => h.http.post('/api/lms/admin/resources/students').set(admin.headers).send({ user_id: student.id, school: 'SMA 1' }),
        resource('students'),
      );
      await check(
        'student update',
        () => h.http.put(`/api/lms/admin/resources/students/${profile.id}`).set(admin.headers).send({ grade: '10' }),
        resource('students'),
      );
      const asset = await check(
        'asset create',
        () =>
          h.http
            .post('/api/lms/admin/learning-assets')
            .set(admin.headers)
            .send({ title: 'Palette', url: 'https://files.test/p.png', type: 'image' }),
        async (id) => itemOf(await get('/api/lms/learning-assets'), id),
      );
      await check(
        'asset update',
        () => h.http.put(`/api/lms/admin/resources/learning-assets/${asset.id}`).set(admin.headers).send({ description: 'Colours' }),
        async (id) => itemOf(await get('/api/lms/learning-assets'), id),
      );
      const item = await check(
        'library item create',
        () => h.http.post('/api/lms/admin/library-items').set(admin.headers).send({ title: 'Book' }),
        async (id) => itemOf(await get('/api/lms/library-items'), id),
      );
      await check(
        'library item update',
        () => h.http.post('/api/lms/admin/library-items').set(admin.headers).send({ id: item.id, title: 'Big book' }),
        async (id) => itemOf(await get('/api/lms/library-items'), id),
      );

      const mod = await createModule(h, admin, course.id as string);
      const quiz = ok(await h.http.post('/api/lms/admin/quizzes').set(admin.headers).send({ module_id: mod, title: 'Q' }));
      const questionRead = async (id: string) =>
        ((await get(`/api/lms/quizzes/${quiz.id as string}`)).questions as Json[]).find((q) => q.id === id)!;
      const question = ok(
        await h.http
          .post(`/api/lms/admin/quizzes/${quiz.id}/questions`)
          .set(admin.headers)
          .send({ question_type: 'true_false', question_text: 'Red is warm', correct_answer: true }),
      );
      await check(
        'question copy',
        () => h.http.post(`/api/lms/admin/quiz-questions/${question.id}/duplicate`).set(admin.headers),
        questionRead,
      );
      await check(
        'quiz publish',
        () => h.http.post(`/api/lms/admin/quizzes/${quiz.id}/publish`).set(admin.headers),
        (id) => get(`/api/lms/quizzes/${id}`),
        ['questions', 'my_attempts', 'random_slots'],
      );

      const templateWrite = ok(
        await h.http
          .put(`/api/lms/admin/courses/${course.id}/certificate-template`)
          .set(admin.headers)
          .send({ title: 'Well done', orientation: 'portrait' }),
      );
      expect(await get(`/api/lms/admin/courses/${course.id as string}/certificate-template`), 'certificate template').to.deep.equal(
        templateWrite,
      );

      const schedule = ok(await h.http.post('/api/lms/schedule-templates').set(admin.headers).send({ name: 'Week' }));
      const scheduleItemRead = async (id: string) =>
        ((await get(`/api/lms/schedule-templates/${schedule.id as string}`)).items as Json[]).find((i) => i.id === id)!;
      const templateItem = await check(
        'template item create',
        () =>
          h.http
            .post(`/api/lms/schedule-templates/${schedule.id}/items`)
            .set(admin.headers)
            .send({ day_offset: 1, title: 'Sketch', start_time: '08:00', end_time: '09:00' }),
        scheduleItemRead,
      );
      await check(
        'template item update',
        () => h.http.put(`/api/lms/schedule-template-items/${templateItem.id}`).set(admin.headers).send({ title: 'Ink' }),
        scheduleItemRead,
      );

      const buyer = await h.user(t);
      const promo = ok(
        await h.http.post('/api/lms/admin/resources/promo-codes').set(admin.headers).send({ code: 'ART10', type: 'percent', value: 10 }),
      );
      const order = await check(
        'order create',
        () =>
          h.http
            .post('/api/orders')
            .set(buyer.headers)
            .send({ items: [{ course_id: course.id }] }),
        (id) => get(`/api/orders/${id}`, buyer),
      );
      await check(
        'order update',
        () => h.http.put(`/api/orders/${order.id}`).set(buyer.headers).send({ promo_code: promo.code }),
        (id) => get(`/api/orders/${id}`, buyer),
      );

      // A subscription answers as the caller's list shows it; its create adds the order it placed.
      const plan = ok(
        await h.http
          .post('/api/lms/admin/resources/subscription-plans')
          .set(admin.headers)
          .send({ name: 'Art monthly', price: 100, duration_days: 30, category_ids: [category.id] }),
      );
      const mySubscription = async (id: string) => itemOf(await get('/api/lms/my-subscriptions', buyer), id);
      const subscription = await check(
        'subscription create',
        async () => {
          const res = await h.http.post('/api/lms/subscriptions').set(buyer.headers).send({ plan_id: plan.id });
          return Object.assign(res, { body: { ...res.body, data: without(res.body.data as Json, ['order']) } });
        },
        mySubscription,
      );
      expect(subscription.plan).to.include({ id: plan.id, name: 'Art monthly' });
      await check(
        'subscription cancel',
        () => h.http.post(`/api/lms/subscriptions/${subscription.id}/cancel`).set(buyer.headers),
        mySubscription,
      );

      const conversation = await check(
        'conversation',
        () =>
          h.http
            .post('/api/lms/chat/conversations')
            .set(admin.headers)
            .send({ participant_ids: [student.id], title: 'Hello' }),
        (id) => get(`/api/lms/chat/conversations/${id}`),
      );
      await check(
        'message',
        () => h.http.post(`/api/lms/chat/conversations/${conversation.id}/messages`).set(admin.headers).send({ content: 'Hi' }),
        async (id) => itemOf(await get(`/api/lms/chat/conversations/${conversation.id as string}/messages`), id),
      );

      const integration = ok(
        await h.http
          .put('/api/crm/integrations/google')
          .set(admin.headers)
          .send({ webhook_key: `write-answers-${randomUUID()}`, enabled: true }),
      );
      expect(
        ((await get('/api/crm/integrations')) as unknown as Json[]).find((i) => i.provider === 'google'),
        'integration',
      ).to.deep.equal(integration);
      const rules = ok(
        await h.http
          .put('/api/crm/automation')
          .set(admin.headers)
          .send({ mode: 'round_robin', members: [{ user_id: admin.id, active: true, regions: [], categories: [] }] }),
      );
      expect(await get('/api/crm/automation'), 'automation').to.deep.equal(rules);
      const settings = ok(await h.http.put('/api/settings').set(admin.headers).send({ RegisterEnabled: false }));
      expect(await get('/api/settings/admin'), 'settings').to.deep.equal(settings);

      const root = await h.user(t, Role.SuperAdmin);
      const tenant = await check(
        'tenant create',
        () =>
          h.http
            .post('/api/tenants')
            .set(root.headers)
            .send({ slug: `t${Date.now()}`, name: 'School' }),
        (id) => get(`/api/tenants/${id}`, root),
      );
      await check(
        'tenant update',
        () => h.http.put(`/api/tenants/${tenant.id}`).set(root.headers).send({ name: 'Big school' }),
        (id) => get(`/api/tenants/${id}`, root),
      );
    },
  );
});
