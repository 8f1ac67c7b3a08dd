import { expect } from 'chai';
import { Role } from '../../../domain/identity/role.js';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { createPromo, openShop, placeOrder, signedNotification, type Shop } from './commerce-fixtures.js';

/**
 * Issue 16 item 1: a promo code's use is reserved with the order, in the order's transaction,
 * so concurrent requests cannot take more than `max_uses` (on PGlite and on PostgreSQL).
 */
describe('HTTP commerce: promo code uses are reserved with the order', () => {
  let h: Harness;
  let shop: Shop;
  before(async () => {
    h = await harness();
  });
  beforeEach(async () => {
    shop = await openShop(h);
  });

  const usedCount = async (code: string): Promise<number> => {
    const res = await h.http.get(`/api/lms/admin/resources/promo-codes?search=${code}`).set(shop.admin.headers);
    return res.body.data.items.find((p: { code: string }) => p.code === code).used_count as number;
  };
  const students = (n: number) => Promise.all(Array.from({ length: n }, () => h.user(shop.tenant, Role.Student)));
  const canRead = async (u: TestUser) =>
    (await h.http.get(`/api/lms/lessons/${shop.soloCourse.lessonIds[0]}`).set(u.headers)).status === 200;

  it('ten students racing one max_uses 1, 100 % code: exactly one gets the course for 0, nine are refused and charged nothing', async () => {
    await createPromo(h, shop.admin, { code: 'FREE1', value: 100, max_uses: 1 });
    const racers = await students(10);
    const answers = await Promise.all(
      racers.map((u) =>
        h.http
          .post('/api/orders')
          .set(u.headers)
          .send({ items: [{ course_id: shop.soloCourse.id }], promo_code: 'FREE1' }),
      ),
    );
    const won = answers.filter((r) => r.status === 200);
    expect(won, JSON.stringify(answers.map((r) => r.body))).to.have.length(1);
    expect(won[0]!.body.data).to.include({ status: 'paid', total_amount: 0, discount: 99000, promo_code: 'FREE1' });
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect(r.status).to.equal(400);
      expect(r.body.message).to.equal('Promo code has been used up');
    }
    expect(await usedCount('FREE1')).to.equal(1);
    const readers = (await Promise.all(racers.map(canRead))).filter(Boolean);
    expect(readers).to.have.length(1);
    for (const u of racers) {
      const orders = (await h.http.get('/api/orders').set(u.headers)).body.data;
      expect(orders.total).to.be.at.most(1);
    }
  });

  it('a subscription checkout with a 100 % code pays the free order at once: one use per subscription, no pending order left holding one', async () => {
    await createPromo(h, shop.admin, { code: 'FULL2', value: 100, max_uses: 2 });
    const [first, second, third] = await students(3);
    const checkout = await h.http
      .post('/api/lms/subscription-checkout')
      .set(first!.headers)
      .send({ plan_id: shop.planId, payment_method: 'card', promo_code: 'FULL2' });
    expect(checkout.status, JSON.stringify(checkout.body)).to.equal(200);
    expect(checkout.body.data.order).to.include({ status: 'paid', total_amount: 0, discount: 250000, promo_code: 'FULL2' });
    expect(checkout.body.data.payment).to.include({ status: 'paid', payment_method: 'free', amount: 0 });
    expect(checkout.body.data.subscription).to.include({ status: 'active' });
    expect(await usedCount('FULL2')).to.equal(1);
    expect((await h.http.get(`/api/lms/lessons/${shop.courses[0]!.lessonIds[0]}`).set(first!.headers)).status).to.equal(200);

    expect(
      (
        await h.http
          .post('/api/lms/subscription-checkout')
          .set(second!.headers)
          .send({ plan_id: shop.planId, payment_method: 'card', promo_code: 'FULL2' })
      ).status,
    ).to.equal(200);
    const exhausted = await h.http
      .post('/api/lms/subscription-checkout')
      .set(third!.headers)
      .send({ plan_id: shop.planId, payment_method: 'card', promo_code: 'FULL2' });
    expect(exhausted.status).to.equal(400);
    expect(exhausted.body.message).to.equal('Promo code has been used up');
    expect(await usedCount('FULL2')).to.equal(2);
    for (const u of [first!, second!, third!])
      expect((await h.http.get('/api/orders?status=pending').set(u.headers)).body.data.total).to.equal(0);
  });

  it('racing subscription checkouts and order edits on a max_uses 1 code: one discount each time', async () => {
    await createPromo(h, shop.admin, { code: 'SUB1', value: 40, max_uses: 1 });
    const racers = await students(6);
    const checkouts = await Promise.all(
      racers.map((u) =>
        h.http
          .post('/api/lms/subscription-checkout')
          .set(u.headers)
          .send({ plan_id: shop.planId, payment_method: 'card', promo_code: 'SUB1' }),
      ),
    );
    expect(checkouts.filter((r) => r.status === 200).map((r) => r.body.data.order.total_amount)).to.deep.equal([150000]);
    expect(checkouts.filter((r) => r.status === 400).map((r) => r.body.message)).to.deep.equal(
      Array(5).fill('Promo code has been used up'),
    );
    expect(await usedCount('SUB1')).to.equal(1);

    await createPromo(h, shop.admin, { code: 'EDIT1', value: 50, max_uses: 1 });
    const orders = await Promise.all(racers.map((u) => placeOrder(h, u, [{ course_id: shop.soloCourse.id }])));
    const edits = await Promise.all(
      racers.map((u, i) => h.http.put(`/api/orders/${orders[i]!.id}`).set(u.headers).send({ promo_code: 'EDIT1' })),
    );
    expect(edits.filter((r) => r.status === 200).map((r) => r.body.data.total_amount)).to.deep.equal([49500]);
    expect(await usedCount('EDIT1')).to.equal(1);
  });

  it('an order ending unpaid gives its use back: deleted, failed and expired through the gateway', async () => {
    await createPromo(h, shop.admin, { code: 'BACK', value: 10, max_uses: 1 });
    const [a, b, c, d] = await students(4);
    const first = await placeOrder(h, a!, [{ course_id: shop.soloCourse.id }], 'BACK');
    expect(await usedCount('BACK')).to.equal(1);
    const refused = await h.http
      .post('/api/orders')
      .set(b!.headers)
      .send({ items: [{ course_id: shop.soloCourse.id }], promo_code: 'BACK' });
    expect(refused.status).to.equal(400);
    expect((await h.http.delete(`/api/orders/${first.id}`).set(a!.headers)).status).to.equal(200);
    expect(await usedCount('BACK')).to.equal(0);

    for (const [u, result] of [
      [b!, 'failure'],
      [c!, 'expire'],
    ] as const) {
      const o = await placeOrder(h, u, [{ course_id: shop.soloCourse.id }], 'BACK');
      expect(await usedCount('BACK')).to.equal(1);
      const init = await h.http.post('/api/paygate/payment/initiate').set(u.headers).send({ order_id: o.id, payment_method: 'card' });
      expect(init.status).to.equal(200);
      const done = await h.http
        .post(`/api/paygate/sandbox/${init.body.data.transaction_id}?result=${result}`)
        .set('Accept', 'application/json');
      expect(done.status, JSON.stringify(done.body)).to.equal(200);
      expect((await h.http.get(`/api/orders/${o.id}`).set(u.headers)).body.data.status).to.equal(
        result === 'failure' ? 'failed' : 'expired',
      );
      expect(await usedCount('BACK')).to.equal(0);
    }
    const last = await placeOrder(h, d!, [{ course_id: shop.soloCourse.id }], 'BACK');
    expect(last).to.include({ total_amount: 89100, promo_code: 'BACK' });
  });

  it('three orders on a max_uses 1 code cannot all be paid at the discounted price: a late payment of a released order is refused', async () => {
    await createPromo(h, shop.admin, { code: 'LATE', value: 10, max_uses: 1 });
    const [a, b, c] = await students(3);
    const oa = await placeOrder(h, a!, [{ course_id: shop.soloCourse.id }], 'LATE');
    await h.http.delete(`/api/orders/${oa.id}`).set(a!.headers).expect(200);
    const ob = await placeOrder(h, b!, [{ course_id: shop.soloCourse.id }], 'LATE');
    const third = await h.http
      .post('/api/orders')
      .set(c!.headers)
      .send({ items: [{ course_id: shop.soloCourse.id }], promo_code: 'LATE' });
    expect(third.status).to.equal(400);

    // A's money arrives after all (the gateway captured it before the cancel): not settled at the discount.
    const late = await h.http
      .post('/api/paygate/webhook')
      .send(signedNotification(h, { order_id: oa.id as string, gross_amount: '89100.00', transaction_status: 'settlement' }));
    expect(late.status, JSON.stringify(late.body)).to.equal(400);
    expect(late.body.message).to.equal('Promo code has been used up');
    expect((await h.http.get(`/api/orders/${oa.id}`).set(a!.headers)).body.data).to.include({ status: 'cancelled', paid_at: null });
    expect(await canRead(a!)).to.equal(false);
    // An offline payment of it is refused the same way.
    const offline = await h.http
      .post('/api/lms/admin/payments')
      .set(shop.admin.headers)
      .send({ order_id: oa.id, amount: 89100, payment_method: 'cash' });
    expect(offline.status).to.equal(400);
    expect(offline.body.message).to.equal('Promo code has been used up');

    const paid = await h.http
      .post('/api/paygate/webhook')
      .send(signedNotification(h, { order_id: ob.id as string, gross_amount: '89100.00', transaction_status: 'settlement' }));
    expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
    expect(await canRead(b!)).to.equal(true);
    expect(await usedCount('LATE')).to.equal(1);
  });

  it('an admin editing the code while orders take uses does not write back an old used_count', async () => {
    const promo = await createPromo(h, shop.admin, { code: 'EDITED', value: 10, max_uses: 20 });
    const racers = await students(8);
    await Promise.all([
      ...racers.map((u) => placeOrder(h, u, [{ course_id: shop.soloCourse.id }], 'EDITED')),
      ...[15, 20, 25].map((value) =>
        h.http.put(`/api/lms/admin/resources/promo-codes/${promo.id}`).set(shop.admin.headers).send({ value }).expect(200),
      ),
    ]);
    expect(await usedCount('EDITED')).to.equal(8);
  });
});
