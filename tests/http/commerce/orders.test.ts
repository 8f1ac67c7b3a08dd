import { expect } from 'chai';
import { Role } from '../../../domain/identity/role.js';
import { harness, type Harness } from '../../support/harness.js';
import { createPromo, openShop, placeOrder, signedNotification, type Shop } from './commerce-fixtures.js';
import { statementsOf } from '../../support/statement-counter.js';
import { seedCourse } from '../learning/learning-fixtures.js';

const DAY = 86_400_000;

describe('HTTP commerce: catalogue, check-price and orders', () => {
  let h: Harness;
  let shop: Shop;
  before(async () => {
    h = await harness();
  });
  beforeEach(async () => {
    shop = await openShop(h);
  });

  it('paying an order grants its courses in as many statements for six courses as for two', async () => {
    for (const n of [1, 2, 3, 4])
      await seedCourse(h, shop.admin, {
        modules: 1,
        lessons: 1,
        fields: { title: `Extra ${n}`, price: 150000, category_id: shop.categoryId },
      });
    const two = await placeOrder(h, shop.student, [{ course_id: shop.courses[0]!.id }, { course_id: shop.courses[1]!.id }]);
    const buyer = await h.user(shop.tenant);
    const six = await placeOrder(h, buyer, [{ category_id: shop.categoryId }]);
    expect(six.items).to.have.length(1);
    const pay = (order: Record<string, unknown>) =>
      statementsOf(h, (http) =>
        http
          .post('/api/lms/admin/payments')
          .set(shop.admin.headers)
          .send({ order_id: order.id, amount: order.total_amount, payment_method: 'cash' }),
      );
    const paidTwo = await pay(two);
    const paidSix = await pay(six);
    expect(paidTwo.result.status, JSON.stringify(paidTwo.result.body)).to.equal(200);
    expect(paidSix.result.status, JSON.stringify(paidSix.result.body)).to.equal(200);
    expect(paidSix.statements, `two courses: ${paidTwo.statements}`).to.equal(paidTwo.statements);
    const enrolled = await h.http.get(`/api/lms/admin/resources/enrollments?user_id=${buyer.id}`).set(shop.admin.headers);
    expect(enrolled.body.data.items).to.have.length(6);
  });

  it('public catalogue: active plans, pricing with tiers, payment methods (plain arrays)', async () => {
    await h.http
      .post('/api/lms/admin/resources/subscription-plans')
      .set(shop.admin.headers)
      .send({ name: 'Old', price: 1, duration_days: 1, active: false });
    const plans = await h.http.get('/api/lms/subscription-plans').set(shop.tenant.headers);
    expect(plans.status).to.equal(200);
    expect(plans.body.data).to.be.an('array').with.length(1);
    expect(plans.body.data[0]).to.include({
      id: shop.planId,
      name: 'Monthly',
      price: 250000,
      currency: 'IDR',
      duration_days: 30,
      active: true,
    });
    const pricing = await h.http.get('/api/lms/pricing').set(shop.tenant.headers);
    expect(pricing.body.data).to.deep.equal([
      {
        id: pricing.body.data[0].id,
        category_id: shop.categoryId,
        unit_price: 100000,
        currency: 'IDR',
        tiers: [
          { min_quantity: 2, unit_price: 90000 },
          { min_quantity: 5, unit_price: 80000 },
        ],
      },
    ]);
    const methods = await h.http.get('/api/lms/payment-methods').set(shop.tenant.headers);
    expect(methods.body.data[0]).to.have.keys(['code', 'name', 'type', 'provider']);
    // The tenant narrows the methods in its settings.
    await h.http
      .put('/api/settings')
      .set(shop.admin.headers)
      .send({ PaymentMethods: ['card'] })
      .expect(200);
    const narrowed = await h.http.get('/api/lms/payment-methods').set(shop.tenant.headers);
    expect(narrowed.body.data.map((m: { code: string }) => m.code)).to.deep.equal(['card']);
    const refused = await h.http
      .post('/api/lms/subscription-checkout')
      .set(shop.student.headers)
      .send({ plan_id: shop.planId, payment_method: 'ewallet' });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.equal('Payment method is not available');
    expect((await h.http.get('/api/orders').set(shop.student.headers)).body.data.total).to.equal(0);
  });

  it('check-price: tiers, a valid promo code, and 400 naming why an expired, exhausted, unknown or future code is refused', async () => {
    const base = { category_id: shop.categoryId };
    const one = await h.http
      .post('/api/orders/check-price')
      .set(shop.tenant.headers)
      .send({ ...base, quantity: 1 });
    expect(one.status).to.equal(200);
    expect(one.body.data).to.include({
      unit_price: 100000,
      quantity: 1,
      subtotal: 100000,
      discount: 0,
      total: 100000,
      promo_code_applied: null,
    });
    const six = await h.http
      .post('/api/orders/check-price')
      .set(shop.tenant.headers)
      .send({ ...base, quantity: 6 });
    expect(six.body.data).to.include({ unit_price: 80000, subtotal: 480000, total: 480000, tier_min_quantity: 5 });

    const now = h.clock.now().getTime();
    await createPromo(h, shop.admin, {
      code: 'SAVE10',
      type: 'percent',
      value: 10,
      valid_until: new Date(now + DAY).toISOString(),
      max_uses: 5,
    });
    await createPromo(h, shop.admin, {
      code: 'OLD',
      valid_from: new Date(now - 3 * DAY).toISOString(),
      valid_until: new Date(now - DAY).toISOString(),
    });
    await createPromo(h, shop.admin, { code: 'GONE', max_uses: 2, used_count: 2 });
    await createPromo(h, shop.admin, { code: 'SOON', valid_from: new Date(now + DAY).toISOString() });
    await createPromo(h, shop.admin, { code: 'FLAT', type: 'fixed', value: 25000 });

    const valid = await h.http
      .post('/api/orders/check-price')
      .set(shop.tenant.headers)
      .send({ ...base, quantity: 2, promo_code: ' save10 ' });
    expect(valid.status).to.equal(200);
    expect(valid.body.data).to.include({
      unit_price: 90000,
      quantity: 2,
      subtotal: 180000,
      discount: 18000,
      total: 162000,
      promo_code_applied: 'SAVE10',
    });
    const flat = await h.http
      .post('/api/orders/check-price')
      .set(shop.tenant.headers)
      .send({ ...base, quantity: 1, promo_code: 'FLAT' });
    expect(flat.body.data).to.include({ discount: 25000, total: 75000 });

    for (const [code, message] of [
      ['OLD', 'Promo code has expired'],
      ['GONE', 'Promo code has been used up'],
      ['NOPE', 'Promo code is invalid'],
      ['SOON', 'Promo code is not valid yet'],
    ]) {
      const res = await h.http
        .post('/api/orders/check-price')
        .set(shop.tenant.headers)
        .send({ ...base, quantity: 1, promo_code: code });
      expect(res.status, code).to.equal(400);
      expect(res.body.message, code).to.equal(message);
    }
    expect((await h.http.get('/api/orders').set(shop.student.headers)).body.data.total).to.equal(0);
    const unknown = await h.http
      .post('/api/orders/check-price')
      .set(shop.tenant.headers)
      .send({ category_id: shop.student.id, quantity: 1 });
    expect(unknown.status).to.equal(404);
    expect((await h.http.post('/api/orders/check-price').set(shop.tenant.headers).send({ category_id: 'x', quantity: 1 })).status).to.equal(
      400,
    );
  });

  it('places a course order priced on the server, lists, updates, cancels it; client totals are ignored', async () => {
    const [a, b] = shop.courses;
    const order = await h.http
      .post('/api/orders')
      .set(shop.student.headers)
      .send({
        items: [{ course_id: a!.id }, { course_id: b!.id }, { course_id: shop.soloCourse.id }, { course_id: a!.id }],
        total_amount: 1,
        status: 'paid',
        user_id: shop.admin.id,
      });
    expect(order.status, JSON.stringify(order.body)).to.equal(200);
    const o = order.body.data;
    expect(o).to.include({
      status: 'pending',
      subtotal: 279000,
      discount: 0,
      total_amount: 279000,
      currency: 'IDR',
      user_id: shop.student.id,
      promo_code: null,
    });
    expect(o).to.have.keys([
      'id',
      'user_id',
      'items',
      'subtotal',
      'discount',
      'total_amount',
      'currency',
      'status',
      'promo_code',
      'subscription_id',
      'created_at',
      'updated_at',
      'paid_at',
    ]);
    const category = o.items.find((i: { type: string }) => i.type === 'category');
    expect(category).to.include({ category_id: shop.categoryId, quantity: 2, unit_price: 90000, amount: 180000 });
    expect(category.course_ids).to.have.members([a!.id, b!.id]);
    expect(o.items.find((i: { type: string }) => i.type === 'course')).to.include({
      course_id: shop.soloCourse.id,
      unit_price: 99000,
      amount: 99000,
    });

    const list = await h.http.get('/api/orders').set(shop.student.headers);
    expect(list.body.data).to.include({ total: 1, page: 1, page_size: 10 });
    expect((await h.http.get('/api/orders?status=paid').set(shop.student.headers)).body.data.total).to.equal(0);

    await createPromo(h, shop.admin, { code: 'HALF', value: 50 });
    const updated = await h.http
      .put(`/api/orders/${o.id}`)
      .set(shop.student.headers)
      .send({ items: [{ category_id: shop.categoryId }], promo_code: 'HALF' });
    expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
    expect(updated.body.data).to.include({ subtotal: 180000, discount: 90000, total_amount: 90000, promo_code: 'HALF' });
    const noPromo = await h.http.put(`/api/orders/${o.id}`).set(shop.student.headers).send({ promo_code: null });
    expect(noPromo.body.data).to.include({ total_amount: 180000, promo_code: null });

    const cancelled = await h.http.delete(`/api/orders/${o.id}`).set(shop.student.headers);
    expect(cancelled.status).to.equal(200);
    expect(cancelled.body.data.status).to.equal('cancelled');
    for (const res of [
      await h.http.put(`/api/orders/${o.id}`).set(shop.student.headers).send({ promo_code: null }),
      await h.http.delete(`/api/orders/${o.id}`).set(shop.student.headers),
      await h.http.post(`/api/orders/${o.id}/resend-receipt`).set(shop.student.headers),
      await h.http.post('/api/paygate/payment/initiate').set(shop.student.headers).send({ order_id: o.id, payment_method: 'card' }),
    ])
      expect(res.status).to.equal(400);
  });

  it('refuses unknown, draft and free courses, categories without a price, and bad items', async () => {
    const draft = await h.http.post('/api/lms/admin/courses').set(shop.admin.headers).send({ title: 'Draft', price: 5 });
    const free = await h.http.post('/api/lms/admin/courses').set(shop.admin.headers).send({ title: 'Free', price: 0, status: 'published' });
    for (const items of [
      [{ course_id: draft.body.data.id }],
      [{ course_id: shop.student.id }],
      [{ category_id: shop.student.id }],
      [],
      [{ title: 'x' }],
    ]) {
      const res = await h.http.post('/api/orders').set(shop.student.headers).send({ items });
      expect(res.status, JSON.stringify(items)).to.equal(400);
    }
    const freeRes = await h.http
      .post('/api/orders')
      .set(shop.student.headers)
      .send({ items: [{ course_id: free.body.data.id }] });
    expect(freeRes.status).to.equal(400);
    expect(freeRes.body.message).to.equal('This course is free: enrol in it directly');
    expect((await h.http.get('/api/orders').set(shop.student.headers)).body.data.total).to.equal(0);
  });

  it('paying a course order grants the courses once, counts the promo code once, and the receipt can be resent', async () => {
    await createPromo(h, shop.admin, { code: 'ONCE', value: 10, max_uses: 1 });
    const o = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }], 'ONCE');
    expect(o).to.include({ total_amount: 89100, promo_code: 'ONCE' });
    const init = await h.http
      .post('/api/paygate/payment/initiate')
      .set(shop.student.headers)
      .send({ order_id: o.id, payment_method: 'bank_transfer', amount: 89100 });
    expect(init.status, JSON.stringify(init.body)).to.equal(200);
    expect(init.body.data).to.include({ status: 'pending', amount: 89100, order_status: 'pending' });
    // A second initiate of the same method answers the same transaction.
    const again = await h.http
      .post('/api/paygate/payment/initiate')
      .set(shop.student.headers)
      .send({ order_id: o.id, payment_method: 'bank_transfer' });
    expect(again.body.data.transaction_id).to.equal(init.body.data.transaction_id);
    const wrongAmount = await h.http
      .post('/api/paygate/payment/initiate')
      .set(shop.student.headers)
      .send({ order_id: o.id, payment_method: 'card', amount: 1 });
    expect(wrongAmount.status).to.equal(400);
    // While the payer looks at the amount, the order is frozen.
    expect((await h.http.put(`/api/orders/${o.id}`).set(shop.student.headers).send({ promo_code: null })).status).to.equal(400);

    const tx = init.body.data.transaction_id as string;
    await Promise.all(
      [1, 2].map(() => h.http.post(`/api/paygate/sandbox/${tx}?result=success`).set('Accept', 'application/json').expect(200)),
    );
    const check = await h.http.get(`/api/paygate/payment/check/${tx}`).set(shop.student.headers);
    expect(check.body.data).to.include({ status: 'paid', order_status: 'paid', transaction_id: tx });
    const latest = await h.http.get(`/api/paygate/payment/latest/${o.id}`).set(shop.student.headers);
    expect(latest.body.data.transaction_id).to.equal(tx);

    const lesson = await h.http.get(`/api/lms/lessons/${shop.soloCourse.lessonIds[0]}`).set(shop.student.headers);
    expect(lesson.status).to.equal(200);
    const promos = await h.http.get('/api/lms/admin/resources/promo-codes?search=ONCE').set(shop.admin.headers);
    expect(promos.body.data.items[0]).to.include({ used_count: 1 });
    // Exhausted now: a new order cannot use it.
    const next = await h.http
      .post('/api/orders')
      .set(shop.student.headers)
      .send({ items: [{ course_id: shop.courses[0]!.id }], promo_code: 'ONCE' });
    expect(next.status).to.equal(400);
    expect(next.body.message).to.equal('Promo code has been used up');

    await h.jobsIdle();
    const before = (await h.mailsTo(shop.tenant, shop.student.email)).filter((m) => m.template === 'order_receipt');
    expect(before).to.have.length(1);
    expect((await h.http.post(`/api/orders/${o.id}/resend-receipt`).set(shop.student.headers)).status).to.equal(200);
    expect((await h.http.post(`/api/orders/${o.id}/resend-email`).set(shop.student.headers)).status).to.equal(200);
    await h.jobsIdle();
    const mails = await h.mailsTo(shop.tenant, shop.student.email);
    const receipts = mails.filter((m) => m.template === 'order_receipt');
    expect(receipts).to.have.length(2);
    expect(receipts[0]!.attachments[0]!.filename).to.equal(receipts[1]!.attachments[0]!.filename);
    expect(mails.filter((m) => m.template === 'order_confirmation')).to.have.length(2);
    expect((await h.http.delete(`/api/orders/${o.id}`).set(shop.student.headers)).status).to.equal(400);
  });

  it('a 100 % promo code pays the order at once', async () => {
    await createPromo(h, shop.admin, { code: 'FREEBIE', value: 100 });
    const o = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }], 'FREEBIE');
    expect(o).to.include({ total_amount: 0, status: 'paid' });
    expect((await h.http.get(`/api/lms/lessons/${shop.soloCourse.lessonIds[0]}`).set(shop.student.headers)).status).to.equal(200);
  });

  it("another user's order is 404 on every order and paygate endpoint", async () => {
    const o = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }]);
    const init = await h.http
      .post('/api/paygate/payment/initiate')
      .set(shop.student.headers)
      .send({ order_id: o.id, payment_method: 'card' });
    const tx = init.body.data.transaction_id as string;
    const other = await h.user(shop.tenant, Role.Mentor);
    const outsider = await h.user(await h.tenant(), Role.Admin);
    for (const who of [other, outsider]) {
      const answers = [
        await h.http.get(`/api/orders/${o.id}`).set(who.headers),
        await h.http.put(`/api/orders/${o.id}`).set(who.headers).send({ promo_code: null }),
        await h.http.delete(`/api/orders/${o.id}`).set(who.headers),
        await h.http.post(`/api/orders/${o.id}/resend-email`).set(who.headers),
        await h.http.post(`/api/orders/${o.id}/resend-receipt`).set(who.headers),
        await h.http.post('/api/paygate/payment/initiate').set(who.headers).send({ order_id: o.id, payment_method: 'card' }),
        await h.http.get(`/api/paygate/payment/check/${tx}`).set(who.headers),
        await h.http.get(`/api/paygate/payment/latest/${o.id}`).set(who.headers),
      ];
      for (const [i, res] of answers.entries()) {
        expect(res.status, `request ${i}`).to.equal(404);
        expect(res.body.message).to.equal('Record not found');
      }
    }
    expect((await h.http.get('/api/orders').set(other.headers)).body.data.total).to.equal(0);
    // The tenant's Admin may use the paygate endpoints (contract §5), not the caller's order routes.
    expect((await h.http.get(`/api/paygate/payment/latest/${o.id}`).set(shop.admin.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/paygate/payment/check/${tx}`).set(shop.admin.headers)).status).to.equal(200);
    expect((await h.http.get(`/api/orders/${o.id}`).set(shop.admin.headers)).status).to.equal(404);
    expect((await h.http.get(`/api/orders/${o.id}`).set(shop.student.headers)).body.data.status).to.equal('pending');
    expect((await h.http.get('/api/orders')).status).to.equal(401);
  });

  it('admin payments: list with filters; an offline payment pays the order through the state machine', async () => {
    const o = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }]);
    const student2 = await h.user(shop.tenant);
    const o2 = await placeOrder(h, student2, [{ course_id: shop.soloCourse.id }]);
    await h.http
      .post('/api/paygate/payment/initiate')
      .set(student2.headers)
      .send({ order_id: o2.id, payment_method: 'ewallet' })
      .expect(200);

    expect(
      (
        await h.http
          .post('/api/lms/admin/payments')
          .set(shop.student.headers)
          .send({ order_id: o.id, amount: 99000, payment_method: 'cash' })
      ).status,
    ).to.equal(403);
    const wrong = await h.http
      .post('/api/lms/admin/payments')
      .set(shop.admin.headers)
      .send({ order_id: o.id, amount: 5, payment_method: 'cash' });
    expect(wrong.status).to.equal(400);
    const recorded = await h.http
      .post('/api/lms/admin/payments')
      .set(shop.admin.headers)
      .send({ order_id: o.id, amount: 99000, payment_method: 'cash', reference: 'KW-17' });
    expect(recorded.status, JSON.stringify(recorded.body)).to.equal(200);
    expect(recorded.body.data).to.include({
      status: 'paid',
      payment_method: 'cash',
      reference: 'KW-17',
      provider: 'manual',
      order_status: 'paid',
      amount: 99000,
    });
    expect((await h.http.get(`/api/lms/lessons/${shop.soloCourse.lessonIds[0]}`).set(shop.student.headers)).status).to.equal(200);
    const twice = await h.http
      .post('/api/lms/admin/payments')
      .set(shop.admin.headers)
      .send({ order_id: o.id, amount: 99000, payment_method: 'cash' });
    expect(twice.status).to.equal(400);
    expect(twice.body.message).to.equal('The order is already paid');
    // A settlement from the gateway afterwards changes nothing.
    const late = await h.http
      .post('/api/paygate/webhook')
      .send(signedNotification(h, { order_id: o.id as string, gross_amount: '99000.00', transaction_status: 'settlement' }));
    expect(late.body.data).to.include({ status: 'paid', changed: false });

    const all = await h.http.get('/api/lms/admin/payments').set(shop.admin.headers);
    expect(all.status).to.equal(200);
    expect(all.body.data.total).to.be.greaterThanOrEqual(2);
    const cash = await h.http.get('/api/lms/admin/payments?method=cash').set(shop.admin.headers);
    expect(cash.body.data.items.map((p: { order_id: string }) => p.order_id)).to.deep.equal([o.id]);
    const pending = await h.http.get('/api/lms/admin/payments?status=pending').set(shop.admin.headers);
    expect(pending.body.data.items.map((p: { order_id: string }) => p.order_id)).to.deep.equal([o2.id]);
    expect((await h.http.get(`/api/lms/admin/payments?user_id=${student2.id}`).set(shop.admin.headers)).body.data.total).to.equal(1);
    expect((await h.http.get(`/api/lms/admin/payments?order_id=${o.id}`).set(shop.admin.headers)).body.data.total).to.be.greaterThanOrEqual(
      1,
    );
    const today = h.clock.now().toISOString().slice(0, 10);
    expect((await h.http.get(`/api/lms/admin/payments?from=${today}&to=${today}`).set(shop.admin.headers)).body.data.total).to.equal(
      all.body.data.total,
    );
    expect((await h.http.get('/api/lms/admin/payments?from=2000-01-01&to=2000-01-02').set(shop.admin.headers)).body.data.total).to.equal(0);
    expect((await h.http.get('/api/lms/admin/payments').set(shop.student.headers)).status).to.equal(403);

    const overview = await h.http.get('/api/dashboard/overview').set(shop.admin.headers);
    expect(overview.body.data.commerce).to.include({ paid_orders: 1, paid_orders_this_month: 1 });
    expect(overview.body.data.commerce.revenue_this_month).to.deep.equal({ IDR: 99000 });
    const mine = await h.http.get('/api/dashboard/overview').set(student2.headers);
    expect(mine.body.data.commerce).to.deep.equal({ active_subscriptions: 0, pending_orders: 1 });
  });
});
