import { expect } from 'chai';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { complete, createCourse, enrol, seedCourse } from './learning-fixtures.js';
import { answersFor, seedQuiz } from '../assessment/assessment-fixtures.js';
import { openShop, placeOrder } from '../commerce/commerce-fixtures.js';
import type { UnitOfWork } from '../../../application/shared/ports.js';
import type { CourseRepository } from '../../../application/learning/ports/catalog.js';

const REFUSED = "The course holds learners' enrolments, results or payments: archive it instead";

/** A course learners have records in, or paid for, is archived, never deleted (issue 26, item 2). */
describe("HTTP learning: deleting a course that holds learners' records", () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  /** Removes every enrolment of the course through the admin resource, as the probe did. */
  async function unenrolAll(admin: TestUser, courseId: string): Promise<void> {
    const listed = await h.http.get(`/api/lms/admin/resources/enrollments?course_id=${courseId}`).set(admin.headers);
    expect(listed.status).to.equal(200);
    for (const e of listed.body.data.items as Array<{ id: string }>) {
      expect((await h.http.delete(`/api/lms/admin/resources/enrollments/${e.id}`).set(admin.headers)).status).to.equal(200);
    }
  }

  it(
    'deleting the enrolments first does not open the way: progress and the certificate hold the course, which can be ' +
      'archived and keeps verifying',
    async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const course = await seedCourse(h, admin, { modules: 1, lessons: 1 });
      const student = await h.user(t);
      await enrol(h, admin, student.id, course.id);
      const done = await complete(h, student, course.lessonIds[0]!);
      expect(done.body.data).to.include({ certificate_issued: true });
      const code = (await h.http.get(`/api/lms/courses/${course.id}/certificate`).set(student.headers)).body.data.code as string;
      await unenrolAll(admin, course.id);

      const refused = await h.http.delete(`/api/lms/admin/courses/${course.id}`).set(admin.headers);
      expect(refused.status).to.equal(400);
      expect(refused.body).to.include({
        success: false,
        message: REFUSED,
        error: '1 progress record(s), 1 certificate(s); archive the course instead',
      });
      expect((await h.http.get(`/api/lms/certificates/verify/${code}`)).body.data).to.include({ valid: true, course_title: 'Algebra I' });

      const archived = await h.http.put(`/api/lms/admin/courses/${course.id}`).set(admin.headers).send({ status: 'archived' });
      expect(archived.status).to.equal(200);
      expect(archived.body.data).to.include({ status: 'archived' });
      const catalogue = await h.http.get('/api/lms/courses').set(t.headers);
      expect((catalogue.body.data.items as Array<{ id: string }>).map((c) => c.id)).to.not.include(course.id);
      const newcomer = await h.user(t);
      expect((await h.http.post(`/api/lms/courses/${course.id}/enroll`).set(newcomer.headers)).status).to.equal(404);
      expect((await h.http.delete(`/api/lms/admin/courses/${course.id}`).set(admin.headers)).status).to.equal(400);
      const verified = await h.http.get(`/api/lms/certificates/verify/${code}`);
      expect(verified.status).to.equal(200);
      expect(verified.body.data).to.include({ valid: true });

      // A course nobody touched still deletes.
      const empty = await createCourse(h, admin);
      expect((await h.http.delete(`/api/lms/admin/courses/${empty}`).set(admin.headers)).status).to.equal(200);
    },
  );

  it('quiz attempts and assignment submissions hold the course after its enrolments are gone', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const q = await seedQuiz(h, admin, { lessons: 2 });
    const student = await h.user(t);
    await enrol(h, admin, student.id, q.course.id);
    const start = await h.http.post(`/api/lms/quizzes/${q.quizId}/start`).set(student.headers);
    expect(start.status).to.equal(200);
    expect(
      (
        await h.http
          .post(`/api/lms/quiz-attempts/${start.body.data.attempt.id}/submit`)
          .set(student.headers)
          .send({ answers: answersFor(q, 'half') })
      ).status,
    ).to.equal(200);
    const submission = await h.http
      .post(`/api/lms/lessons/${q.course.lessonIds[1]}/assignments`)
      .set(student.headers)
      .send({ file_url: 'https://files.test/essay.pdf' });
    expect(submission.status, JSON.stringify(submission.body)).to.equal(200);
    await unenrolAll(admin, q.course.id);

    const refused = await h.http.delete(`/api/lms/admin/courses/${q.course.id}`).set(admin.headers);
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.equal('1 assignment submission(s), 1 quiz attempt(s); archive the course instead');
    expect((await h.http.get(`/api/lms/quiz-attempts/${start.body.data.attempt.id}`).set(student.headers)).status).to.equal(200);
  });

  it('a paid order holds the course after its enrolment is gone', async () => {
    const shop = await openShop(h);
    const order = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }]);
    const paid = await h.http
      .post('/api/lms/admin/payments')
      .set(shop.admin.headers)
      .send({ order_id: order.id, amount: order.total_amount, payment_method: 'cash' });
    expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
    await unenrolAll(shop.admin, shop.soloCourse.id);

    const refused = await h.http.delete(`/api/lms/admin/courses/${shop.soloCourse.id}`).set(shop.admin.headers);
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.equal('1 paid order(s); archive the course instead');
    // An unsold course of the same shop deletes.
    expect((await h.http.delete(`/api/lms/admin/courses/${shop.courses[1]!.id}`).set(shop.admin.headers)).status).to.equal(200);
  });

  it('an order awaiting payment holds the course, so its payment still finds it; cancelled, it holds nothing', async () => {
    const shop = await openShop(h);
    const pending = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }]);
    const refused = await h.http.delete(`/api/lms/admin/courses/${shop.soloCourse.id}`).set(shop.admin.headers);
    expect(refused.status).to.equal(400);
    expect(refused.body).to.include({ message: REFUSED, error: '1 order(s) awaiting payment; archive the course instead' });

    const paid = await h.http
      .post('/api/lms/admin/payments')
      .set(shop.admin.headers)
      .send({ order_id: pending.id, amount: pending.total_amount, payment_method: 'cash' });
    expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
    const enrolled = await h.http.get(`/api/lms/admin/resources/enrollments?course_id=${shop.soloCourse.id}`).set(shop.admin.headers);
    expect((enrolled.body.data.items as Array<{ user_id: string }>).map((e) => e.user_id)).to.deep.equal([shop.student.id]);

    const other = await h.user(shop.tenant);
    const cancelled = await placeOrder(h, other, [{ course_id: shop.courses[1]!.id }]);
    expect((await h.http.delete(`/api/lms/admin/courses/${shop.courses[1]!.id}`).set(shop.admin.headers)).status).to.equal(400);
    expect((await h.http.delete(`/api/orders/${cancelled.id}`).set(other.headers)).status).to.equal(200);
    expect((await h.http.delete(`/api/lms/admin/courses/${shop.courses[1]!.id}`).set(shop.admin.headers)).status).to.equal(200);
  });

  it("an order being written share-locks its courses: a delete waits for the order's unit of work to end", async () => {
    const shop = await openShop(h);
    const courseId = shop.soloCourse.id;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // The share lock create-order takes (holdItemsForSale), held open while the delete comes in.
    const writing = h.resolve<UnitOfWork>('uow').run(async () => {
      await h.resolve<CourseRepository>('courseRepository').lockShared(shop.tenant.id, [courseId]);
      holding();
      await released;
    });
    await held;
    let answered = false;
    const deleting = h.http
      .delete(`/api/lms/admin/courses/${courseId}`)
      .set(shop.admin.headers)
      .then((res) => {
        answered = true;
        return res;
      });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(answered, 'the delete waits for the share lock').to.equal(false);
    release();
    await writing;
    // No order was written in it: the course deletes.
    expect((await deleting).status).to.equal(200);
  });

  it('a plan with a subscription is deactivated, not deleted; a subscription bought later grants no archived course of its categories', async () => {
    const shop = await openShop(h);
    const checkout = await h.http
      .post('/api/lms/subscription-checkout')
      .set(shop.student.headers)
      .send({ plan_id: shop.planId, payment_method: 'card' });
    expect(checkout.status, JSON.stringify(checkout.body)).to.equal(200);
    const refused = await h.http.delete(`/api/lms/admin/resources/subscription-plans/${shop.planId}`).set(shop.admin.headers);
    expect(refused.status).to.equal(400);
    expect(refused.body).to.include({
      message: 'The subscription plan has subscribers: deactivate it instead',
      error: '1 subscription(s); set active: false instead',
    });
    expect(
      (await h.http.put(`/api/lms/admin/resources/subscription-plans/${shop.planId}`).set(shop.admin.headers).send({ active: false }))
        .status,
    ).to.equal(200);
    const unsold = await h.http
      .post('/api/lms/admin/resources/subscription-plans')
      .set(shop.admin.headers)
      .send({ name: 'Unsold', price: 1000, duration_days: 7 });
    expect(
      (await h.http.delete(`/api/lms/admin/resources/subscription-plans/${unsold.body.data.id}`).set(shop.admin.headers)).status,
    ).to.equal(200);

    const [kept, archived] = [shop.courses[0]!, shop.courses[1]!];
    expect(
      (await h.http.put(`/api/lms/admin/courses/${archived.id}`).set(shop.admin.headers).send({ status: 'archived' })).status,
    ).to.equal(200);
    const order = checkout.body.data.order as { id: string; total_amount: number };
    const paid = await h.http
      .post('/api/lms/admin/payments')
      .set(shop.admin.headers)
      .send({ order_id: order.id, amount: order.total_amount, payment_method: 'cash' });
    expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
    const enrolled = async (courseId: string) =>
      (await h.http.get(`/api/lms/admin/resources/enrollments?course_id=${courseId}`).set(shop.admin.headers)).body.data.total as number;
    expect([await enrolled(kept.id), await enrolled(archived.id)]).to.deep.equal([1, 0]);
  });
});
