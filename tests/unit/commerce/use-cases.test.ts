import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { createHash } from 'node:crypto';
import { makeCreateOrder } from '../../../application/commerce/use-cases/create-order.usecase.js';
import { makeCheckPrice } from '../../../application/commerce/use-cases/check-price.usecase.js';
import {
  makeReceivePaymentNotification,
  type GatewayNotification,
} from '../../../application/commerce/use-cases/receive-payment-notification.usecase.js';
import { makeCreateSubscription } from '../../../application/commerce/use-cases/create-subscription.usecase.js';
import { makeCancelSubscription } from '../../../application/commerce/use-cases/cancel-subscription.usecase.js';
import { makeRecordOfflinePayment } from '../../../application/commerce/use-cases/record-offline-payment.usecase.js';
import { makeSendBroadcast } from '../../../application/platform/use-cases/send-broadcast.usecase.js';
import { makeSendBroadcastBatch } from '../../../application/platform/use-cases/send-broadcast-batch.usecase.js';
import { makeReceiveMailerCallback } from '../../../application/platform/use-cases/receive-mailer-callback.usecase.js';
import { MemoryBroadcastRepository, MemoryMailEventRepository } from '../../../adapters/persistence/memory/mail.memory.js';
import { MemoryAuditLog, MemoryMailRepository, MemoryUnitOfWork } from '../../../adapters/persistence/memory/platform.memory.js';
import { hmacMailerSignatures } from '../../../adapters/security/mailer-signatures.js';
import { makeMailer } from '../../../application/platform/mail-service.js';
import { Role } from '../../../domain/identity/role.js';
import { memoryCommerce, SERVER_KEY } from './memory-commerce.js';
import { RecordingJobs } from '../../support/memory-identity.js';
import { FakeClock } from '../../support/fake-clock.js';
import { createHmac, randomUUID } from 'node:crypto';

const notification = (orderId: string, transactionStatus: string, grossAmount: string, statusCode = '200'): GatewayNotification => ({
  orderId,
  statusCode,
  grossAmount,
  transactionStatus,
  fraudStatus: 'accept',
  transactionId: null,
  paymentType: 'bank_transfer',
  signatureKey: createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${SERVER_KEY}`).digest('hex'),
});

describe('commerce use cases (memory adapters)', () => {
  it('creates a course order priced per category tier with a promo code, and mails its confirmation', async () => {
    const w = memoryCommerce();
    const student = await w.addStudent();
    const category = w.learning.deps.ids.uuid();
    const a = w.learning.addCourse(1, { price: toMinor(70), categoryId: category });
    const b = w.learning.addCourse(1, { price: toMinor(70), categoryId: category });
    await w.addPromo();
    const create = makeCreateOrder({ ...w.deps, settlement: w.settlement });
    const created = await create(w.actorOf(student), { items: [{ courseId: a.courseId }, { courseId: b.courseId }], promoCode: 'save10' });
    expect(created.ok && created.value).to.include({
      subtotal: toMinor(140),
      discount: toMinor(14),
      totalAmount: toMinor(126),
      promoCode: 'SAVE10',
      status: 'pending',
    });
    expect(
      (await w.mailRepository.list(w.tenantId, { to: student.email }, { page: 1, pageSize: 10 })).items.map((m) => m.template),
    ).to.deep.equal(['order_confirmation']);
    const bad = await create(w.actorOf(student), { items: [{ courseId: a.courseId }], promoCode: 'NOPE' });
    expect(bad).to.deep.include({ ok: false, error: 'PROMO_NOT_FOUND' });
  });

  it('an order whose course stopped being for sale after pricing is refused, nothing written or mailed', async () => {
    for (const meanwhile of ['deleted', 'archived'] as const) {
      const w = memoryCommerce();
      const student = await w.addStudent();
      const course = w.learning.addCourse(1, { price: toMinor(70) });
      const catalog = w.deps.learningCatalog;
      // Another admin acts right after the course was priced, before the order's unit of work.
      const learningCatalog: typeof catalog = {
        ...catalog,
        async findCourses(tenantId, courseIds) {
          const found = await catalog.findCourses(tenantId, courseIds);
          for (const c of found) {
            if (meanwhile === 'deleted') w.learning.state.courses.delete(c.id);
            else w.learning.state.courses.set(c.id, { ...c, status: 'archived' });
          }
          return found;
        },
      };
      const create = makeCreateOrder({ ...w.deps, learningCatalog, settlement: w.settlement });
      const refused = await create(w.actorOf(student), { items: [{ courseId: course.courseId }] });
      expect(refused, meanwhile).to.deep.include({ ok: false, error: 'UNKNOWN_COURSE' });
      expect(await w.deps.orderRepository.countByUser(w.tenantId, student.id, 'pending'), meanwhile).to.equal(0);
      expect((await w.mailRepository.list(w.tenantId, { to: student.email }, { page: 1, pageSize: 10 })).items, meanwhile).to.deep.equal(
        [],
      );
    }
  });

  it('check-price names the promo problem', async () => {
    const w = memoryCommerce();
    const check = makeCheckPrice(w.deps);
    expect(await check(w.tenantId, { categoryId: w.learning.deps.ids.uuid(), quantity: 1 })).to.deep.include({
      ok: false,
      error: 'PRICE_NOT_FOUND',
    });
  });

  it('a notification: bad signature changes and stores nothing; wrong amount is stored and refused; replays grant once', async () => {
    const w = memoryCommerce();
    const student = await w.addStudent();
    const course = w.learning.addCourse(1, { price: toMinor(50) });
    await w.addPromo({ code: 'ONE', maxUses: 1 });
    const order = await makeCreateOrder({ ...w.deps, settlement: w.settlement })(w.actorOf(student), {
      items: [{ courseId: course.courseId }],
      promoCode: 'ONE',
    });
    if (!order.ok) throw new Error(order.error);
    const receive = makeReceivePaymentNotification({ ...w.deps, settlement: w.settlement });

    const forged = await receive({ ...notification(order.value.id, 'settlement', '45.00'), signatureKey: '0'.repeat(128) }, {});
    expect(forged).to.deep.include({ ok: false, error: 'INVALID_SIGNATURE' });
    expect(await w.deps.paymentRepository.notificationsOfOrder(w.tenantId, order.value.id)).to.have.length(0);

    const wrong = await receive(notification(order.value.id, 'settlement', '50.00'), {});
    expect(wrong).to.deep.include({ ok: false, error: 'AMOUNT_MISMATCH' });
    expect((await w.deps.orderRepository.findById(w.tenantId, order.value.id))!.status).to.equal('pending');

    // Sequential replays here (the memory lock does not block); concurrent ones run on the database in the HTTP tests.
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await receive(notification(order.value.id, 'settlement', '45.00'), { n: 1 }));
    expect(results.filter((r) => r.ok && r.value.changed)).to.have.length(1);
    const notes = await w.deps.paymentRepository.notificationsOfOrder(w.tenantId, order.value.id);
    expect(notes.map((n) => n.outcome)).to.deep.equal(['amount_mismatch', 'applied:paid', 'no_change', 'no_change']);
    expect(await w.learning.learningAccess.isEnrolled(w.tenantId, student.id, course.courseId)).to.equal(true);
    expect(w.rendered).to.have.length.greaterThanOrEqual(1);
    const receipts = (await w.mailRepository.list(w.tenantId, { to: student.email }, { page: 1, pageSize: 10 })).items.filter(
      (m) => m.template === 'order_receipt',
    );
    expect(receipts).to.have.length(1);
    expect(w.promoCodeStore.rows.values().next().value!.usedCount).to.equal(1);
    const stored = (await w.deps.orderRepository.findById(w.tenantId, order.value.id))!;
    expect(stored).to.include({ status: 'paid', promoUseHeld: true });
    const pending = await receive(notification(order.value.id, 'pending', '45.00', '201'), {});
    expect(pending.ok && pending.value.order.status).to.equal('paid');
  });

  it(
    'a signed notification is parsed strictly: a malformed field or a status code Midtrans does not document with its ' +
      'status is refused, logged without its signature, and changes nothing',
    async () => {
      const w = memoryCommerce();
      const student = await w.addStudent();
      const course = w.learning.addCourse(1, { price: toMinor(50) });
      const order = await makeCreateOrder({ ...w.deps, settlement: w.settlement })(w.actorOf(student), {
        items: [{ courseId: course.courseId }],
      });
      if (!order.ok) throw new Error(order.error);
      const logged: Array<{ event: string; fields?: Record<string, unknown> }> = [];
      const log = { info() {}, error() {}, warn: (event: string, fields?: Record<string, unknown>) => logged.push({ event, fields }) };
      const receive = makeReceivePaymentNotification({ ...w.deps, log, settlement: w.settlement });
      const id = order.value.id;

      for (const [status, code] of [
        ['settlement', '201'],
        ['settlement', '202'],
        ['pending', '200'],
        ['capture', '407'],
        ['expire', '200'],
        ['deny', '200'],
        ['refund', '202'],
        ['chargeback', '200'],
        ['settlement', ' 200'],
      ] as const) {
        const payload = { transaction_status: status, status_code: code, signature_key: 'the signature' };
        const r = await receive(notification(id, status, '50.00', code), payload);
        expect(r, `${status} ${code}`).to.deep.include({ ok: false, error: 'INVALID_NOTIFICATION' });
        expect(logged.at(-1)).to.deep.include({ event: 'commerce.notification_refused' });
        expect(logged.at(-1)!.fields!.notification).to.deep.equal({ transaction_status: status, status_code: code });
      }
      const malformed = await receive(
        { ...notification(id, 'settlement', '5e1'), malformed: ['gross_amount: a plain decimal with at most 2 decimals'] },
        {},
      );
      expect(malformed).to.deep.equal({
        ok: false,
        error: 'INVALID_NOTIFICATION',
        detail: 'gross_amount: a plain decimal with at most 2 decimals',
      });
      // The signature comes first: a forgery is INVALID_SIGNATURE whatever its shape.
      expect(
        await receive(
          { ...notification(id, 'settlement', '5e1', '999'), signatureKey: '0'.repeat(128), malformed: ['gross_amount: x'] },
          {},
        ),
      ).to.deep.include({ error: 'INVALID_SIGNATURE' });
      expect((await w.deps.orderRepository.findById(w.tenantId, id))!.status).to.equal('pending');
      expect(await w.deps.paymentRepository.notificationsOfOrder(w.tenantId, id)).to.have.length(0);

      // Every documented pair goes through.
      for (const [status, code] of [
        ['pending', '201'],
        ['authorize', '201'],
        ['capture', '201'],
        ['cancel', '202'],
        ['deny', '202'],
        ['failure', '202'],
      ] as const) {
        expect(await receive(notification(id, status, '50.00', code), {}), `${status} ${code}`).to.deep.include({ ok: true });
      }
      expect(await receive(notification(id, 'expire', '50.00', '407'), {})).to.deep.include({ ok: true });
      expect(await receive(notification(id, 'settlement', '50', '200'), {})).to.deep.include({ ok: true });
      expect((await w.deps.orderRepository.findById(w.tenantId, id))!.status).to.equal('paid');
    },
  );

  it('a paid subscription is activated once and grants its categories until ends_at; cancel keeps the period', async () => {
    const w = memoryCommerce();
    const student = await w.addStudent();
    const category = w.learning.deps.ids.uuid();
    const course = w.learning.addCourse(1, { categoryId: category });
    const plan = await w.addPlan({ categoryIds: [category], durationDays: 7 });
    const created = await makeCreateSubscription({ ...w.deps, settlement: w.settlement })(w.actorOf(student), { planId: plan.id });
    if (!created.ok) throw new Error(created.error);
    const admin = { userId: w.learning.deps.ids.uuid(), role: Role.Admin, tenantId: w.tenantId, homeTenantId: w.tenantId };
    const offline = makeRecordOfflinePayment({ ...w.deps, settlement: w.settlement, auditLog: new MemoryAuditLog() });
    const paid = await offline(
      admin,
      { ip: null, userAgent: null },
      { orderId: created.value.order.id, amount: toMinor(100000), paymentMethod: 'cash' },
    );
    expect(paid.ok).to.equal(true);
    expect(
      await offline(
        admin,
        { ip: null, userAgent: null },
        { orderId: created.value.order.id, amount: toMinor(100000), paymentMethod: 'cash' },
      ),
    ).to.deep.include({ ok: false, error: 'ORDER_ALREADY_PAID' });
    const sub = (await w.deps.subscriptionRepository.findById(w.tenantId, created.value.subscription.id))!;
    expect(sub.status).to.equal('active');
    const e = (await w.learning.deps.enrollmentRepository.find(w.tenantId, student.id, course.courseId))!;
    expect(e).to.include({ source: 'subscription', sourceRef: sub.id });
    expect(e.expiresAt).to.deep.equal(sub.endsAt);
    const cancelled = await makeCancelSubscription({ ...w.deps, settlement: w.settlement })(w.actorOf(student), sub.id);
    expect(cancelled.ok && cancelled.value.subscription.status).to.equal('cancelled');
    expect(cancelled.ok && cancelled.value.subscription.endsAt).to.deep.equal(sub.endsAt);
    expect(cancelled.ok && cancelled.value.plan?.id).to.equal(plan.id);
    expect(await w.learning.learningAccess.isEnrolled(w.tenantId, student.id, course.courseId)).to.equal(true);
  });
});

describe('mail use cases (memory adapters)', () => {
  it('a broadcast is split in batches of 100; a batch job run twice mails each recipient once', async () => {
    const tenantId = randomUUID();
    const users = Array.from({ length: 250 }, (_, i) => ({
      tenantId,
      userId: randomUUID(),
      email: `u${String(i).padStart(3, '0')}@x.test`,
      displayName: `U${i}`,
      role: 1,
      active: i !== 7,
    }));
    const mailRepository = new MemoryMailRepository();
    const repo = new MemoryBroadcastRepository(users, mailRepository);
    const jobs = new RecordingJobs();
    const clock = new FakeClock();
    const ids = { uuid: () => randomUUID() };
    const uow = new MemoryUnitOfWork();
    const send = makeSendBroadcast({ broadcastRepository: repo, jobs, uow, clock, ids, auditLog: new MemoryAuditLog() });
    const actor = { userId: randomUUID(), role: Role.Admin, tenantId, homeTenantId: tenantId };
    const out = await send(actor, { ip: null, userAgent: null }, { subject: 'Hi {{name}}', text: 'x' });
    if (!out.ok) throw new Error(out.error);
    expect(out.value.broadcast).to.include({ recipients: 249, batches: 3 });
    expect(jobs.enqueued.map((j) => (j.payload as { batch: number }).batch)).to.deep.equal([0, 1, 2]);
    const batch = makeSendBroadcastBatch({
      broadcastRepository: repo,
      mailer: makeMailer({ mailRepository, jobs, clock, ids, mailDomain: 'x' }),
      uow,
      clock,
    });
    for (const b of [0, 0, 1, 2, 2]) await batch(tenantId, out.value.broadcast.id, b);
    expect(mailRepository.rows.size).to.equal(249);
    expect(await repo.progress(tenantId, out.value.broadcast.id)).to.include({ pending: 0, queued: 249 });
    expect((await repo.findById(tenantId, out.value.broadcast.id))!.completedAt).to.not.equal(null);
    expect(await send(actor, { ip: null, userAgent: null }, { subject: 's', text: 't', userIds: [randomUUID()] })).to.deep.include({
      ok: false,
      error: 'NO_RECIPIENTS',
    });
  });

  it('mailer callbacks: disabled without a secret, signature before shape, stored once', async () => {
    const events = new MemoryMailEventRepository();
    const base = {
      mailEventRepository: events,
      mailerSignatures: hmacMailerSignatures,
      clock: new FakeClock(),
      ids: { uuid: () => randomUUID() },
    };
    const raw = Buffer.from(JSON.stringify({ message_id: 'm1', event: 'delivered', email: 'A@x.test', timestamp: '2026-01-01T00:00:00Z' }));
    const sig = `sha256=${createHmac('sha256', 's3cret').update(raw).digest('hex')}`;
    const tenant = randomUUID();
    expect(
      await makeReceiveMailerCallback({ ...base, mailerWebhookSecret: null })(raw, sig, JSON.parse(raw.toString()), tenant),
    ).to.deep.include({ ok: false, error: 'MAILER_WEBHOOK_DISABLED' });
    const receive = makeReceiveMailerCallback({ ...base, mailerWebhookSecret: 's3cret' });
    expect(await receive(raw, 'sha256=00', {}, tenant)).to.deep.include({ ok: false, error: 'INVALID_SIGNATURE' });
    const bad = Buffer.from('{"event":"nope"}');
    expect(
      await receive(bad, `sha256=${createHmac('sha256', 's3cret').update(bad).digest('hex')}`, JSON.parse(bad.toString()), tenant),
    ).to.deep.include({ ok: false, error: 'INVALID_CALLBACK' });
    const first = await receive(raw, sig, JSON.parse(raw.toString()), tenant);
    expect(first.ok && first.value.event).to.include({ email: 'a@x.test', event: 'delivered', tenantId: tenant });
    const again = await receive(raw, sig, JSON.parse(raw.toString()), tenant);
    expect(again.ok && again.value.duplicate).to.equal(true);
    expect(events.rows).to.have.length(1);
  });
});
