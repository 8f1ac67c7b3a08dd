import { expect } from 'chai';
import { Role } from '../../../domain/identity/role.js';
import { harness, type Harness } from '../../support/harness.js';
import type { makeExpireSubscriptions } from '../../../application/commerce/use-cases/expire-subscriptions.usecase.js';
import { openShop, relogin, signedNotification, type Shop } from './commerce-fixtures.js';
import { seedCourse, type SeededCourse } from '../learning/learning-fixtures.js';

const DAY = 86_400_000;

describe('HTTP commerce: subscriptions', () => {
  let h: Harness;
  let shop: Shop;
  before(async () => {
    h = await harness();
  });
  beforeEach(async () => {
    shop = await openShop(h, { durationDays: 10 });
  });
  afterEach(() => h.clock.reset());

  const pay = async (orderId: string, amount = '250000.00') => {
    const res = await h.http
      .post('/api/paygate/webhook')
      .send(signedNotification(h, { order_id: orderId, gross_amount: amount, transaction_status: 'settlement' }));
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  };

  it('create → pending with its order; cancel a pending one cancels its order', async () => {
    const res = await h.http.post('/api/lms/subscriptions').set(shop.student.headers).send({ plan_id: shop.planId });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const sub = res.body.data;
    expect(sub).to.include({ plan_id: shop.planId, status: 'pending', starts_at: null, ends_at: null });
    expect(sub.order).to.include({ status: 'pending', total_amount: 250000, subscription_id: sub.id });
    const payment = await h.http.get(`/api/lms/subscription-payments/${sub.id}`).set(shop.student.headers);
    expect(payment.body.data).to.include({ status: null, payment: null, order_status: 'pending' });

    const cancelled = await h.http.post(`/api/lms/subscriptions/${sub.id}/cancel`).set(shop.student.headers);
    expect(cancelled.status).to.equal(200);
    expect(cancelled.body.data.status).to.equal('cancelled');
    expect((await h.http.get(`/api/orders/${sub.order.id}`).set(shop.student.headers)).body.data.status).to.equal('cancelled');
    expect((await h.http.post(`/api/lms/subscriptions/${sub.id}/cancel`).set(shop.student.headers)).status).to.equal(400);
  });

  it('an active subscription cancelled keeps access until ends_at; the sweep expires it; a renewal stacks', async () => {
    const created = (await h.http.post('/api/lms/subscriptions').set(shop.student.headers).send({ plan_id: shop.planId })).body.data;
    await pay(created.order.id);
    const lesson = shop.courses[0]!.lessonIds[0]!;
    expect((await h.http.get(`/api/lms/lessons/${lesson}`).set(shop.student.headers)).status).to.equal(200);

    // Renewing early starts where the running period ends.
    const renewal = (await h.http.post('/api/lms/subscriptions').set(shop.student.headers).send({ plan_id: shop.planId })).body.data;
    await pay(renewal.order.id);
    const list = (await h.http.get('/api/lms/my-subscriptions').set(shop.student.headers)).body.data.items as Array<Record<string, string>>;
    const first = list.find((s) => s.id === created.id)!;
    const second = list.find((s) => s.id === renewal.id)!;
    expect(second.starts_at).to.equal(first.ends_at);
    expect(new Date(second.ends_at!).getTime() - new Date(first.starts_at!).getTime()).to.equal(20 * DAY);

    const cancelled = await h.http.post(`/api/lms/subscriptions/${renewal.id}/cancel`).set(shop.student.headers);
    expect(cancelled.body.data).to.include({ status: 'cancelled', ends_at: second.ends_at });
    expect((await h.http.get(`/api/lms/lessons/${lesson}`).set(shop.student.headers)).status).to.equal(200);

    const expire = h.resolve<ReturnType<typeof makeExpireSubscriptions>>('expireSubscriptions');
    h.clock.advance(10 * DAY + 1000);
    await expire();
    shop.student = await relogin(h, shop.student);
    let mine = (await h.http.get('/api/lms/my-subscriptions').set(shop.student.headers)).body.data.items as Array<Record<string, string>>;
    expect(mine.find((s) => s.id === created.id)!.status).to.equal('expired');
    expect(mine.find((s) => s.id === renewal.id)!.status).to.equal('cancelled');
    expect((await h.http.get(`/api/lms/lessons/${lesson}`).set(shop.student.headers)).status).to.equal(200);
    h.clock.advance(10 * DAY);
    await expire();
    shop.student = await relogin(h, shop.student);
    expect((await h.http.get(`/api/lms/lessons/${lesson}`).set(shop.student.headers)).status).to.equal(403);
    mine = (await h.http.get('/api/lms/my-subscriptions').set(shop.student.headers)).body.data.items;
    expect(mine.map((s) => s.status).sort()).to.deep.equal(['cancelled', 'expired']);
    expect((await h.http.post(`/api/lms/subscriptions/${created.id}/cancel`).set(shop.student.headers)).status).to.equal(400);
  });

  it("a course put into a subscribed category later (created there or moved there) is the subscriber's until the subscription ends", async () => {
    const other = await h.user(shop.tenant, Role.Student);
    const created = (await h.http.post('/api/lms/subscriptions').set(shop.student.headers).send({ plan_id: shop.planId })).body.data;
    await pay(created.order.id);
    const endsAt = (
      (await h.http.get('/api/lms/my-subscriptions').set(shop.student.headers)).body.data.items as Array<Record<string, string>>
    )[0]!.ends_at;
    const lessonOf = (c: SeededCourse) => `/api/lms/lessons/${c.lessonIds[0]!}`;

    const added = await seedCourse(h, shop.admin, {
      modules: 1,
      lessons: 1,
      fields: { title: 'Trigonometry', status: 'published', category_id: shop.categoryId },
    });
    const elsewhere = await seedCourse(h, shop.admin, { modules: 1, lessons: 1, fields: { title: 'Drawing', status: 'published' } });
    expect((await h.http.get(lessonOf(added)).set(shop.student.headers)).status).to.equal(200);
    expect((await h.http.get(lessonOf(elsewhere)).set(shop.student.headers)).status).to.equal(403);
    const page = (await h.http.get(`/api/lms/courses/${added.id}`).set(shop.student.headers)).body.data;
    expect(page.enrollment).to.include({ source: 'subscription', expires_at: endsAt });

    const moved = await h.http.put(`/api/lms/admin/courses/${elsewhere.id}`).set(shop.admin.headers).send({ category_id: shop.categoryId });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
    expect((await h.http.get(lessonOf(elsewhere)).set(shop.student.headers)).status).to.equal(200);
    // Only subscribers: a student without one stays outside.
    expect((await h.http.get(lessonOf(added)).set(other.headers)).status).to.equal(403);
    expect((await h.http.get(lessonOf(elsewhere)).set(other.headers)).status).to.equal(403);

    h.clock.advance(10 * DAY + 1000);
    await h.resolve<ReturnType<typeof makeExpireSubscriptions>>('expireSubscriptions')();
    shop.student = await relogin(h, shop.student);
    shop.admin = await relogin(h, shop.admin);
    expect((await h.http.get(lessonOf(added)).set(shop.student.headers)).status).to.equal(403);
    // Put into the category after the subscription ended: nothing granted.
    const late = await seedCourse(h, shop.admin, {
      modules: 1,
      lessons: 1,
      fields: { title: 'Late', status: 'published', category_id: shop.categoryId },
    });
    expect((await h.http.get(lessonOf(late)).set(shop.student.headers)).status).to.equal(403);
  });

  it('refuses inactive and unknown plans; others see 404', async () => {
    const inactive = await h.http
      .post('/api/lms/admin/resources/subscription-plans')
      .set(shop.admin.headers)
      .send({ name: 'Off', price: 10, duration_days: 5, active: false });
    const res = await h.http.post('/api/lms/subscriptions').set(shop.student.headers).send({ plan_id: inactive.body.data.id });
    expect(res.status).to.equal(400);
    expect((await h.http.post('/api/lms/subscriptions').set(shop.student.headers).send({ plan_id: shop.student.id })).status).to.equal(404);
    expect(
      (
        await h.http
          .post('/api/lms/subscription-checkout')
          .set(shop.student.headers)
          .send({ plan_id: shop.student.id, payment_method: 'card' })
      ).status,
    ).to.equal(404);

    const sub = (await h.http.post('/api/lms/subscriptions').set(shop.student.headers).send({ plan_id: shop.planId })).body.data;
    const other = await h.user(shop.tenant, Role.Student);
    expect((await h.http.get(`/api/lms/subscription-payments/${sub.id}`).set(other.headers)).status).to.equal(404);
    expect((await h.http.post(`/api/lms/subscriptions/${sub.id}/cancel`).set(other.headers)).status).to.equal(404);
    expect((await h.http.get('/api/lms/my-subscriptions').set(other.headers)).body.data.total).to.equal(0);
    expect((await h.http.get(`/api/lms/subscription-payments/${sub.id}`).set(shop.student.headers)).status).to.equal(200);
  });
});
