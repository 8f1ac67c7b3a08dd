import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import type { EnrollmentRepository } from '../../../application/learning/ports/enrollment-repository.js';
import { openShop, signedNotification, type Shop } from './commerce-fixtures.js';

describe('HTTP commerce: subscription checkout through the sandbox gateway', () => {
  let h: Harness;
  let shop: Shop;
  before(async () => {
    h = await harness();
  });
  beforeEach(async () => {
    shop = await openShop(h);
  });

  it('checkout → sandbox page success → signed notification → order paid → subscription active → content readable', async () => {
    const { student, planId, courses } = shop;
    const lessonId = courses[0]!.lessonIds[0]!;
    expect((await h.http.get(`/api/lms/lessons/${lessonId}`).set(student.headers)).status).to.equal(403);

    const methods = await h.http.get('/api/lms/payment-methods').set(shop.tenant.headers);
    expect(methods.status).to.equal(200);
    expect(methods.body.data.map((m: { code: string }) => m.code)).to.include.members(['bank_transfer', 'ewallet', 'card']);

    const checkout = await h.http
      .post('/api/lms/subscription-checkout')
      .set(student.headers)
      .send({ plan_id: planId, payment_method: 'ewallet' });
    expect(checkout.status, JSON.stringify(checkout.body)).to.equal(200);
    const { order, payment, subscription } = checkout.body.data;
    expect(order).to.include({ status: 'pending', total_amount: 250000, currency: 'IDR', user_id: student.id });
    expect(payment).to.include({ status: 'pending', order_id: order.id, amount: 250000, payment_method: 'ewallet' });
    expect(subscription).to.include({ status: 'pending', plan_id: planId, starts_at: null });
    const url = new URL(payment.redirect_url as string);
    expect(url.pathname).to.equal(`/api/paygate/sandbox/${payment.transaction_id}`);

    // The payer's browser: no tenant header, no login.
    const page = await h.http.get(url.pathname);
    expect(page.status).to.equal(200);
    expect(page.type).to.equal('text/html');
    expect(page.text).to.contain('?result=success').and.contain(order.id);

    const paid = await h.http.post(`${url.pathname}?result=success`).set('Accept', 'text/html').type('form').send('');
    expect(paid.status, paid.text).to.equal(200);
    expect(paid.text).to.contain('Payment successful');

    const o = await h.http.get(`/api/orders/${order.id}`).set(student.headers);
    expect(o.body.data).to.include({ status: 'paid' });
    expect(o.body.data.paid_at).to.be.a('string');
    const status = await h.http.get(`/api/lms/subscription-payments/${subscription.id}`).set(student.headers);
    expect(status.status).to.equal(200);
    expect(status.body.data).to.include({ order_status: 'paid', subscription_status: 'active', status: 'paid' });
    const mine = await h.http.get('/api/lms/my-subscriptions').set(student.headers);
    expect(mine.body.data.total).to.equal(1);
    const sub = mine.body.data.items[0];
    expect(sub).to.include({ id: subscription.id, status: 'active' });
    expect(new Date(sub.ends_at).getTime() - new Date(sub.starts_at).getTime()).to.equal(30 * 86_400_000);
    expect(sub.plan).to.include({ id: planId, name: 'Monthly' });

    const lesson = await h.http.get(`/api/lms/lessons/${lessonId}`).set(student.headers);
    expect(lesson.status, JSON.stringify(lesson.body)).to.equal(200);
    expect(lesson.body.data.content).to.equal('The body of the lesson.');
    // Enrolled in the plan's categories' courses until the period ends.
    const enrolment = await h.resolve<EnrollmentRepository>('enrollmentRepository').find(shop.tenant.id, student.id, courses[1]!.id);
    expect(enrolment).to.include({ source: 'subscription', status: 'active', sourceRef: subscription.id });
    expect(enrolment!.expiresAt!.toISOString()).to.equal(sub.ends_at);
    // The solo course is not in the plan.
    expect((await h.http.get(`/api/lms/lessons/${shop.soloCourse.lessonIds[0]}`).set(student.headers)).status).to.equal(403);

    await h.jobsIdle();
    const mails = await h.mailsTo(shop.tenant, student.email);
    const receipt = mails.find((m) => m.template === 'order_receipt');
    expect(receipt, 'receipt mailed').to.exist;
    expect(receipt!.attachments[0]).to.include({ contentType: 'application/pdf' });
    expect(Buffer.from(receipt!.attachments[0]!.contentBase64, 'base64').subarray(0, 5).toString()).to.equal('%PDF-');
    expect(mails.some((m) => m.template === 'order_confirmation')).to.equal(true);

    // The page now shows the outcome and offers nothing more.
    const after = await h.http.get(url.pathname);
    expect(after.text).not.to.contain('?result=success');
  });

  it('the failure action fails the order and drops the pending subscription', async () => {
    const checkout = await h.http
      .post('/api/lms/subscription-checkout')
      .set(shop.student.headers)
      .send({ plan_id: shop.planId, payment_method: 'card' });
    const { order, payment, subscription } = checkout.body.data;
    const res = await h.http.post(`/api/paygate/sandbox/${payment.transaction_id}?result=failure`).set('Accept', 'application/json');
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ order_id: order.id, status: 'failed' });
    const s = await h.http.get(`/api/lms/subscription-payments/${subscription.id}`).set(shop.student.headers);
    expect(s.body.data).to.include({ order_status: 'failed', subscription_status: 'cancelled', status: 'failed' });
    expect((await h.http.get(`/api/lms/lessons/${shop.courses[0]!.lessonIds[0]}`).set(shop.student.headers)).status).to.equal(403);
  });

  it('a notification with a bad signature is 403 and changes nothing; a wrong amount is refused', async () => {
    const checkout = await h.http
      .post('/api/lms/subscription-checkout')
      .set(shop.student.headers)
      .send({ plan_id: shop.planId, payment_method: 'bank_transfer' });
    const { order } = checkout.body.data;
    const good = signedNotification(h, { order_id: order.id, gross_amount: '250000.00', transaction_status: 'settlement' });

    const forged = await h.http.post('/api/paygate/webhook').send({ ...good, signature_key: 'f'.repeat(128) });
    expect(forged.status).to.equal(403);
    expect(forged.body).to.deep.equal({ success: false, message: 'Invalid signature', code: 'INVALID_SIGNATURE' });
    const tampered = await h.http.post('/api/paygate/webhook').send({ ...good, gross_amount: '1.00' });
    expect(tampered.status).to.equal(403);
    expect((await h.http.post('/api/paygate/webhook').send({ hello: 'world' })).status).to.equal(403);
    expect((await h.http.post('/api/paygate/webhook').set('Content-Type', 'application/json').send('{not json')).status).to.equal(403);

    const wrong = await h.http
      .post('/api/paygate/webhook')
      .send(signedNotification(h, { order_id: order.id, gross_amount: '1000.00', transaction_status: 'settlement' }));
    expect(wrong.status).to.equal(400);
    expect(wrong.body.message).to.equal('Amount does not match the order total');

    const o = await h.http.get(`/api/orders/${order.id}`).set(shop.student.headers);
    expect(o.body.data.status).to.equal('pending');
    expect((await h.http.get(`/api/lms/lessons/${shop.courses[0]!.lessonIds[0]}`).set(shop.student.headers)).status).to.equal(403);
  });

  it('a settlement replayed twice (and concurrently) enrols once; pending after settlement stays paid; refund', async () => {
    const checkout = await h.http
      .post('/api/lms/subscription-checkout')
      .set(shop.student.headers)
      .send({ plan_id: shop.planId, payment_method: 'bank_transfer' });
    const { order, subscription } = checkout.body.data;
    const settlement = signedNotification(h, { order_id: order.id, gross_amount: '250000.00', transaction_status: 'settlement' });
    const answers = await Promise.all([1, 2, 3].map(() => h.http.post('/api/paygate/webhook').send(settlement)));
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200]);
    expect(answers.filter((a) => a.body.data.changed === true)).to.have.length(1);
    const again = await h.http.post('/api/paygate/webhook').send(settlement);
    expect(again.body.data).to.include({ status: 'paid', changed: false });

    const late = await h.http
      .post('/api/paygate/webhook')
      .send(signedNotification(h, { order_id: order.id, gross_amount: '250000.00', transaction_status: 'pending' }));
    expect(late.status).to.equal(200);
    expect(late.body.data.status).to.equal('paid');
    const deny = await h.http
      .post('/api/paygate/webhook')
      .send(signedNotification(h, { order_id: order.id, gross_amount: '250000.00', transaction_status: 'deny' }));
    expect(deny.body.data.status).to.equal('paid');

    const enrolments = await h.http.get(`/api/lms/admin/resources/enrollments?user_id=${shop.student.id}`).set(shop.admin.headers);
    expect(enrolments.body.data.total).to.equal(2); // the plan's two courses, once each
    const subs = await h.http.get('/api/lms/my-subscriptions').set(shop.student.headers);
    expect(subs.body.data.items[0]).to.include({ id: subscription.id, status: 'active' });
    await h.jobsIdle();
    expect((await h.mailsTo(shop.tenant, shop.student.email)).filter((m) => m.template === 'order_receipt')).to.have.length(1);

    expect((await h.http.get(`/api/lms/lessons/${shop.courses[0]!.lessonIds[0]}`).set(shop.student.headers)).status).to.equal(200);
    const refund = await h.http
      .post('/api/paygate/webhook')
      .send(signedNotification(h, { order_id: order.id, gross_amount: '250000.00', transaction_status: 'refund' }));
    expect(refund.body.data.status).to.equal('refunded');
    // A refund takes back the access it had bought.
    expect((await h.http.get(`/api/lms/lessons/${shop.courses[0]!.lessonIds[0]}`).set(shop.student.headers)).status).to.equal(403);
    const refundedSubs = await h.http.get('/api/lms/my-subscriptions').set(shop.student.headers);
    expect(refundedSubs.body.data.items[0]).to.include({ id: subscription.id, status: 'cancelled' });
    const afterRefund = await h.http.post('/api/paygate/webhook').send(settlement);
    expect(afterRefund.body.data.status).to.equal('refunded');
  });

  it('an unknown order is 404; a capture under fraud review waits; capture+accept pays', async () => {
    const unknown = await h.http.post('/api/paygate/webhook').send(
      signedNotification(h, {
        order_id: '6f1c1c1e-1111-4111-8111-111111111111',
        gross_amount: '10.00',
        transaction_status: 'settlement',
      }),
    );
    expect(unknown.status).to.equal(404);
    const checkout = await h.http
      .post('/api/lms/subscription-checkout')
      .set(shop.student.headers)
      .send({ plan_id: shop.planId, payment_method: 'card' });
    const { order } = checkout.body.data;
    const challenge = await h.http
      .post('/api/paygate/webhook')
      .send(
        signedNotification(h, { order_id: order.id, gross_amount: '250000.00', transaction_status: 'capture', fraud_status: 'challenge' }),
      );
    expect(challenge.body.data.status).to.equal('pending');
    const accept = await h.http
      .post('/api/paygate/webhook')
      .send(
        signedNotification(h, { order_id: order.id, gross_amount: '250000.00', transaction_status: 'capture', fraud_status: 'accept' }),
      );
    expect(accept.body.data.status).to.equal('paid');
  });
});
