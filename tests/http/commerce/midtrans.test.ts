import { createHash } from 'node:crypto';
import { expect } from 'chai';
import supertest from 'supertest';
import { Role } from '../../../domain/identity/role.js';
import { extraApplication, harness, type Harness } from '../../support/harness.js';
import type { Application } from '../../../composition/container.js';
import { FakeSnap } from '../../support/fake-snap.js';
import { openShop, placeOrder, type Shop } from './commerce-fixtures.js';

describe('HTTP commerce: PAYGATE_PROVIDER=midtrans', () => {
  let h: Harness;
  let shop: Shop;
  let snap: FakeSnap;
  let app: Application;
  const key = 'SB-Mid-server-test-key';
  before(async () => {
    h = await harness();
    snap = await new FakeSnap().start();
    app = await extraApplication({ PAYGATE_PROVIDER: 'midtrans', MIDTRANS_API_URL: snap.url, PAYGATE_SERVER_KEY: key });
  });
  after(async () => {
    await app.close();
    await snap.stop();
  });
  beforeEach(async () => {
    shop = await openShop(h);
  });

  it('checkout calls Snap and answers its redirect_url; the Midtrans notification signed with PAYGATE_SERVER_KEY pays', async () => {
    const http = supertest(app.callback);
    const checkout = await http
      .post('/api/lms/subscription-checkout')
      .set(shop.student.headers)
      .send({ plan_id: shop.planId, payment_method: 'bank_transfer' });
    expect(checkout.status, JSON.stringify(checkout.body)).to.equal(200);
    const { order, payment } = checkout.body.data;
    expect(payment.redirect_url).to.equal('https://app.sandbox.midtrans.test/snap/v4/redirection/snap-token-1');
    const sent = snap.requests.at(-1)!;
    expect(sent.body.transaction_details).to.deep.equal({ order_id: order.id, gross_amount: 250000 });
    expect(sent.headers.authorization).to.equal(`Basic ${Buffer.from(`${key}:`).toString('base64')}`);

    const n = {
      transaction_time: '2026-01-01 10:00:00',
      transaction_status: 'settlement',
      transaction_id: '513f1f01-c9da-474c-9fc9-d5c64364b709',
      status_message: 'midtrans payment notification',
      status_code: '200',
      payment_type: 'bank_transfer',
      order_id: order.id,
      merchant_id: 'G1',
      gross_amount: '250000.00',
      fraud_status: 'accept',
      currency: 'IDR',
    };
    const signature = (k: string) => createHash('sha512').update(`${n.order_id}${n.status_code}${n.gross_amount}${k}`).digest('hex');
    expect((await http.post('/api/paygate/webhook').send({ ...n, signature_key: signature('another-key') })).status).to.equal(403);
    const ok = await http.post('/api/paygate/webhook').send({ ...n, signature_key: signature(key) });
    expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
    expect(ok.body.data.status).to.equal('paid');
    // The gateway's transaction id finds the payment too.
    const check = await http.get(`/api/paygate/payment/check/${n.transaction_id}`).set(shop.student.headers);
    expect(check.body.data).to.include({
      status: 'paid',
      transaction_id: payment.transaction_id,
      gateway_transaction_id: n.transaction_id,
    });
    // No sandbox page for a Midtrans payment.
    expect((await http.get(`/api/paygate/sandbox/${payment.transaction_id}`)).status).to.equal(404);
  });

  it(
    'a signed notification is parsed strictly: gross_amount a plain decimal equal to the total, a status_code ' +
      'documented for its status; else 400 and nothing changes',
    async () => {
      const http = h.agent(app);
      const checkout = await http
        .post('/api/lms/subscription-checkout')
        .set(shop.student.headers)
        .send({ plan_id: shop.planId, payment_method: 'bank_transfer' });
      expect(checkout.status, JSON.stringify(checkout.body)).to.equal(200);
      const { order } = checkout.body.data;
      const signed = (f: { gross_amount: string; status_code: string; transaction_status: string }) => ({
        transaction_time: '2026-01-01 10:00:00',
        transaction_id: 'b3a40398-d95d-4bb9-afe8-9a57bc0786ea',
        status_message: 'midtrans payment notification',
        payment_type: 'bank_transfer',
        order_id: order.id,
        merchant_id: 'G1',
        fraud_status: 'accept',
        currency: 'IDR',
        ...f,
        signature_key: createHash('sha512').update(`${order.id}${f.status_code}${f.gross_amount}${key}`).digest('hex'),
      });
      const refused = [
        ...['1e5', '250000.001', ' 250000', '250000 ', '+250000', '-250000', '250,000.00', '0x3D090', '250000.'].map((gross_amount) => ({
          gross_amount,
          status_code: '200',
          transaction_status: 'settlement',
        })),
        ...[
          ['201', 'settlement'],
          ['200', 'pending'],
          ['202', 'capture'],
          ['407', 'deny'],
          ['200', 'expire'],
          ['202', 'refund'],
          ['200', 'chargeback'],
          ['2000', 'settlement'],
        ].map(([status_code, transaction_status]) => ({
          gross_amount: '250000.00',
          status_code: status_code!,
          transaction_status: transaction_status!,
        })),
      ];
      for (const f of refused) {
        const res = await http.post('/api/paygate/webhook').send(signed(f));
        expect(res.status, JSON.stringify({ f, body: res.body })).to.equal(400);
        expect(res.body.message).to.equal('Invalid parameters');
        expect(res.body.error).to.match(f.gross_amount === '250000.00' ? /^status_code: / : /^gross_amount: /);
      }
      const wrongTotal = await http
        .post('/api/paygate/webhook')
        .send(signed({ gross_amount: '250000.01', status_code: '200', transaction_status: 'settlement' }));
      expect(wrongTotal.status).to.equal(400);
      expect(wrongTotal.body.message).to.equal('Amount does not match the order total');
      expect((await http.get(`/api/orders/${order.id}`).set(shop.student.headers)).body.data.status).to.equal('pending');
      // A forgery is 403 whatever its shape: the shape of a notification is judged only once it is signed.
      expect(
        (
          await http.post('/api/paygate/webhook').send({
            ...signed({ gross_amount: '1e5', status_code: '200', transaction_status: 'settlement' }),
            signature_key: 'f'.repeat(128),
          })
        ).status,
      ).to.equal(403);

      const paid = await http
        .post('/api/paygate/webhook')
        .send(signed({ gross_amount: '250000', status_code: '200', transaction_status: 'settlement' }));
      expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
      expect(paid.body.data.status).to.equal('paid');
    },
  );

  it(
    'a sandbox payment opened before the switch to midtrans pays nothing: no sandbox route (404), a notification naming ' +
      'it refused, the order stays pending',
    async () => {
      // Opened while the process sharing the database still ran the sandbox.
      const order = await placeOrder(h, shop.student, [{ course_id: shop.soloCourse.id }]);
      const initiated = await h.http
        .post('/api/paygate/payment/initiate')
        .set(shop.student.headers)
        .send({ order_id: order.id, payment_method: 'bank_transfer' });
      expect(initiated.status, JSON.stringify(initiated.body)).to.equal(200);
      const tx = initiated.body.data.transaction_id as string;

      const http = h.agent(app);
      expect((await http.post(`/api/paygate/sandbox/${tx}?result=success`).set('Accept', 'application/json')).status).to.equal(404);
      expect((await http.post(`/api/paygate/sandbox/${tx}?result=success`)).status).to.equal(404);
      expect((await http.get(`/api/paygate/sandbox/${tx}`)).status).to.equal(404);

      const n = {
        transaction_time: '2026-01-01 10:00:00',
        transaction_status: 'settlement',
        transaction_id: tx,
        status_message: 'midtrans payment notification',
        status_code: '200',
        payment_type: 'bank_transfer',
        order_id: order.id as string,
        merchant_id: 'G1',
        gross_amount: '99000.00',
        fraud_status: 'accept',
        currency: 'IDR',
      };
      const signature = createHash('sha512').update(`${n.order_id}${n.status_code}${n.gross_amount}${key}`).digest('hex');
      const refused = await http.post('/api/paygate/webhook').send({ ...n, signature_key: signature });
      expect(refused.status).to.equal(400);
      expect(refused.body.error).to.match(/^transaction_id: a sandbox payment/);

      expect((await h.http.get(`/api/orders/${order.id}`).set(shop.student.headers)).body.data).to.include({
        status: 'pending',
        paid_at: null,
      });
      expect((await h.http.get(`/api/paygate/payment/check/${tx}`).set(shop.student.headers)).body.data).to.include({ status: 'pending' });
      const enrolled = await h.http.get(`/api/lms/admin/resources/enrollments?course_id=${shop.soloCourse.id}`).set(shop.admin.headers);
      expect(enrolled.body.data.total).to.equal(0);

      // Midtrans' own notification of the order pays it with a payment of its own; the sandbox one stays pending.
      const settled = await http
        .post('/api/paygate/webhook')
        .send({ ...n, transaction_id: 'a1f0c8e2-3b7d-4e59-9c1a-6d2e8f4b7c30', signature_key: signature });
      expect(settled.status, JSON.stringify(settled.body)).to.equal(200);
      expect(settled.body.data).to.include({ status: 'paid', changed: true });
      expect((await h.http.get(`/api/paygate/payment/check/${tx}`).set(shop.student.headers)).body.data).to.include({
        status: 'pending',
        provider: 'sandbox',
      });
      const real = await h.http.get('/api/paygate/payment/check/a1f0c8e2-3b7d-4e59-9c1a-6d2e8f4b7c30').set(shop.student.headers);
      expect(real.body.data).to.include({ status: 'paid', provider: 'midtrans' });
    },
  );

  it('a Snap failure answers 502 and leaves the order pending', async () => {
    snap.answer = { status: 400, body: { error_messages: ['transaction_details.gross_amount is not equal to the sum of item_details'] } };
    try {
      const http = supertest(app.callback);
      const admin = await h.user(shop.tenant, Role.Admin);
      const checkout = await http
        .post('/api/lms/subscription-checkout')
        .set(shop.student.headers)
        .send({ plan_id: shop.planId, payment_method: 'card' });
      expect(checkout.status).to.equal(502);
      expect(checkout.body.message).to.equal('Payment gateway error');
      const orders = await http.get('/api/orders').set(shop.student.headers);
      expect(orders.body.data.items[0].status).to.equal('pending');
      expect((await http.get('/api/lms/admin/payments').set(admin.headers)).body.data.total).to.equal(0);
    } finally {
      snap.answer = {
        status: 201,
        body: { token: 'snap-token-1', redirect_url: 'https://app.sandbox.midtrans.test/snap/v4/redirection/snap-token-1' },
      };
    }
  });
});
