import { expect } from 'chai';
import { Role } from '../../../domain/identity/role.js';
import { harness, type Harness } from '../../support/harness.js';
import { seedCourse } from '../learning/learning-fixtures.js';
import { createPromo, placeOrder } from './commerce-fixtures.js';
import type { PaymentRepository } from '../../../application/commerce/ports/payment-repository.js';

/** Exact money end to end (docs/commerce.md "Money"): what is stored, answered and sent to the gateway. */
describe('HTTP commerce: exact money', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const stored = async (sql: string, id: string): Promise<Record<string, string>> => {
    const res = (await h.app.db.knex.raw(sql, [id])) as { rows: Array<Record<string, string>> };
    return res.rows[0]!;
  };

  it('a course at 19999.99 USD with 15 % off: 16999.99 in the order, the payment, the gateway notification and the database', async () => {
    const tenant = await h.tenant();
    const admin = await h.user(tenant, Role.Admin);
    const student = await h.user(tenant, Role.Student);
    // A decimal string is taken as exactly as a number.
    const course = await seedCourse(h, admin, {
      modules: 1,
      lessons: 1,
      fields: { title: 'Exact', price: '19999.99', currency: 'USD', status: 'published' },
    });
    expect((await h.http.get(`/api/lms/courses/${course.id}`).set(student.headers)).body.data).to.include({
      price: 19999.99,
      currency: 'USD',
    });
    expect(await stored('select price::text as price from courses where id = ?', course.id)).to.deep.equal({ price: '19999.99' });
    await createPromo(h, admin, { code: 'FIFTEEN', type: 'percent', value: 15 });

    const placed = await h.http
      .post('/api/orders')
      .set(student.headers)
      .send({ items: [{ course_id: course.id }], promo_code: 'FIFTEEN', currency: 'USD' });
    expect(placed.status, JSON.stringify(placed.body)).to.equal(200);
    const order = placed.body.data as Record<string, unknown>;
    // 15 % of 19999.99 is 2999.9985: rounded half away from zero to the cent, 3000.00.
    expect(order).to.include({ subtotal: 19999.99, discount: 3000, total_amount: 16999.99, currency: 'USD', status: 'pending' });
    expect((order.items as Array<Record<string, unknown>>)[0]).to.include({ unit_price: 19999.99, amount: 19999.99, quantity: 1 });
    expect(
      await stored('select subtotal::text as s, discount::text as d, total_amount::text as t from orders where id = ?', order.id as string),
    ).to.deep.equal({ s: '19999.99', d: '3000.00', t: '16999.99' });

    const initiated = await h.http
      .post('/api/paygate/payment/initiate')
      .set(student.headers)
      .send({ order_id: order.id, payment_method: 'bank_transfer', amount: '16999.99' });
    expect(initiated.status, JSON.stringify(initiated.body)).to.equal(200);
    expect(initiated.body.data).to.include({ amount: 16999.99, status: 'pending' });
    expect(await stored('select amount::text as a from payments where order_id = ?', order.id as string)).to.deep.equal({ a: '16999.99' });

    const paid = await h.http
      .post(`/api/paygate/sandbox/${initiated.body.data.transaction_id}?result=success`)
      .set('Accept', 'application/json');
    expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
    const after = await h.http.get(`/api/orders/${order.id}`).set(student.headers);
    expect(after.body.data).to.include({ status: 'paid', total_amount: 16999.99 });
    const notes = await h.resolve<PaymentRepository>('paymentRepository').notificationsOfOrder(tenant.id, order.id as string);
    expect(notes.map((n) => [n.grossAmount, n.outcome])).to.deep.equal([['16999.99', 'applied:paid']]);
  });

  it(
    'the largest numeric(14, 2) amount, 999999999999.99 (14 digits), is stored, summed and answered exactly: course, ' +
      'order, payment, revenue, lead value',
    async () => {
      const tenant = await h.tenant();
      const admin = await h.user(tenant, Role.Admin);
      const student = await h.user(tenant, Role.Student);
      const course = await seedCourse(h, admin, {
        modules: 1,
        lessons: 1,
        fields: { title: 'Largest', price: 999999999999.99, currency: 'USD', status: 'published' },
      });
      expect(await stored('select price::text as price from courses where id = ?', course.id)).to.deep.equal({ price: '999999999999.99' });
      const shown = await h.http.get(`/api/lms/courses/${course.id}`).set(student.headers);
      expect(shown.body.data).to.include({ price: 999999999999.99 });
      expect(shown.text).to.include('"price":999999999999.99,');

      const placed = await h.http
        .post('/api/orders')
        .set(student.headers)
        .send({ items: [{ course_id: course.id }], currency: 'USD' });
      expect(placed.status, JSON.stringify(placed.body)).to.equal(200);
      expect(placed.text).to.include('"subtotal":999999999999.99,"discount":0,"total_amount":999999999999.99,');
      const orderId = placed.body.data.id as string;
      expect(
        await stored("select subtotal::text as s, total_amount::text as t, items->0->>'unit_price' as u from orders where id = ?", orderId),
      ).to.deep.equal({ s: '999999999999.99', t: '999999999999.99', u: '999999999999.99' });

      const initiated = await h.http
        .post('/api/paygate/payment/initiate')
        .set(student.headers)
        .send({ order_id: orderId, payment_method: 'bank_transfer', amount: '999999999999.99' });
      expect(initiated.status, JSON.stringify(initiated.body)).to.equal(200);
      expect(initiated.text).to.include('"amount":999999999999.99,');
      expect(await stored('select amount::text as a from payments where order_id = ?', orderId)).to.deep.equal({ a: '999999999999.99' });
      const paid = await h.http
        .post(`/api/paygate/sandbox/${initiated.body.data.transaction_id}?result=success`)
        .set('Accept', 'application/json');
      expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
      const notes = await h.resolve<PaymentRepository>('paymentRepository').notificationsOfOrder(tenant.id, orderId);
      expect(notes.map((n) => [n.grossAmount, n.outcome])).to.deep.equal([['999999999999.99', 'applied:paid']]);
      const overview = await h.http.get('/api/dashboard/overview').set(admin.headers);
      expect(overview.body.data.commerce.revenue_this_month).to.deep.equal({ USD: 999999999999.99 });

      const lead = await h.http.post('/api/crm/leads').set(admin.headers).send({ name: 'Big deal', value: '999999999999.99' });
      expect(lead.status, JSON.stringify(lead.body)).to.equal(200);
      const won = await h.http
        .patch(`/api/crm/leads/${lead.body.data.id as string}`)
        .set(admin.headers)
        .send({ status: 'closed_won', value: 999999999999.98 });
      expect(won.status, JSON.stringify(won.body)).to.equal(200);
      expect(won.text).to.include('"value":999999999999.98,');
      expect(await stored('select value::text as v from crm_leads where id = ?', lead.body.data.id as string)).to.deep.equal({
        v: '999999999999.98',
      });
    },
  );

  it('an order or a quote beyond 999999999999.99 answers 400 naming the limit (never a 500), and nothing is stored', async () => {
    const tenant = await h.tenant();
    const admin = await h.user(tenant, Role.Admin);
    const student = await h.user(tenant, Role.Student);
    const dear = { price: 999999999999.99, currency: 'USD', status: 'published' };
    const a = await seedCourse(h, admin, { modules: 1, lessons: 1, fields: { title: 'Dear A', ...dear } });
    const b = await seedCourse(h, admin, { modules: 1, lessons: 1, fields: { title: 'Dear B', ...dear } });
    const refused = await h.http
      .post('/api/orders')
      .set(student.headers)
      .send({ items: [{ course_id: a.id }, { course_id: b.id }], currency: 'USD' });
    expect(refused.status, JSON.stringify(refused.body)).to.equal(400);
    expect(refused.body).to.include({ message: 'The total is larger than an order can be', error: 'total: more than 999999999999.99' });
    expect((await h.http.get('/api/orders').set(student.headers)).body.data.total).to.equal(0);

    // A pending order edited up to the same total is refused too, and keeps its single line.
    const one = (
      await h.http
        .post('/api/orders')
        .set(student.headers)
        .send({ items: [{ course_id: a.id }], currency: 'USD' })
    ).body.data as Record<string, unknown>;
    expect(one).to.include({ total_amount: 999999999999.99 });
    const edited = await h.http
      .put(`/api/orders/${one.id as string}`)
      .set(student.headers)
      .send({ items: [{ course_id: a.id }, { course_id: b.id }] });
    expect(edited.status).to.equal(400);
    expect(edited.body.error).to.equal('total: more than 999999999999.99');
    expect((await h.http.get(`/api/orders/${one.id as string}`).set(student.headers)).body.data).to.include({
      total_amount: 999999999999.99,
    });

    const category = await h.http.post('/api/lms/admin/resources/course-categories').set(admin.headers).send({ name: 'Dear' });
    const pricing = await h.http
      .post('/api/lms/admin/resources/pricing')
      .set(admin.headers)
      .send({ category_id: category.body.data.id, unit_price: 999999999999.99, currency: 'USD' });
    expect(pricing.status, JSON.stringify(pricing.body)).to.equal(200);
    const quote = await h.http
      .post('/api/orders/check-price')
      .set(tenant.headers)
      .send({ category_id: category.body.data.id, quantity: 2, currency: 'USD' });
    expect(quote.status).to.equal(400);
    expect(quote.body.error).to.equal('total: more than 999999999999.99');
    expect(
      (
        await h.http
          .post('/api/orders/check-price')
          .set(tenant.headers)
          .send({ category_id: category.body.data.id, quantity: 1, currency: 'USD' })
      ).status,
    ).to.equal(200);
  });

  it('whole rupiah: 19999.99 IDR is a 20000 line, 15 % off is 3000, the total 17000; amounts with more than two decimals are refused', async () => {
    const tenant = await h.tenant();
    const admin = await h.user(tenant, Role.Admin);
    const student = await h.user(tenant, Role.Student);
    const course = await seedCourse(h, admin, {
      modules: 1,
      lessons: 1,
      fields: { title: 'Rupiah', price: 19999.99, status: 'published' },
    });
    await createPromo(h, admin, { code: 'FIFTEEN', type: 'percent', value: '15' });
    const order = await placeOrder(h, student, [{ course_id: course.id }], 'FIFTEEN');
    expect(order).to.include({ subtotal: 20000, discount: 3000, total_amount: 17000, currency: 'IDR' });

    for (const price of [0.1 + 0.2, '1.234', '12,50', '1e3', -1]) {
      const refused = await h.http.post('/api/lms/admin/courses').set(admin.headers).send({ title: 'Bad price', price });
      expect(refused.status, `${String(price)}: ${JSON.stringify(refused.body)}`).to.equal(400);
      expect(refused.body.message).to.equal('Invalid parameters');
    }
    const wrong = await h.http
      .post('/api/paygate/payment/initiate')
      .set(student.headers)
      .send({ order_id: order.id, payment_method: 'bank_transfer', amount: 16999.999 });
    expect(wrong.status).to.equal(400);
    expect(await stored('select count(*)::int as n from payments where order_id = ?', order.id as string)).to.deep.equal({ n: 0 });
  });
});
