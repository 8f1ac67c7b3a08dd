import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { createHash } from 'node:crypto';
import { makeCreateOrder } from '../../../application/commerce/use-cases/create-order.usecase.js';
import { makeUpdateOrder } from '../../../application/commerce/use-cases/update-order.usecase.js';
import { makeCancelOrder } from '../../../application/commerce/use-cases/cancel-order.usecase.js';
import {
  makeReceivePaymentNotification,
  type GatewayNotification,
} from '../../../application/commerce/use-cases/receive-payment-notification.usecase.js';
import { makeCreateSubscription } from '../../../application/commerce/use-cases/create-subscription.usecase.js';
import { makeCancelSubscription } from '../../../application/commerce/use-cases/cancel-subscription.usecase.js';
import { makeRecordOfflinePayment } from '../../../application/commerce/use-cases/record-offline-payment.usecase.js';
import { MemoryAuditLog } from '../../../adapters/persistence/memory/platform.memory.js';
import type { Order } from '../../../domain/commerce/order.js';
import { Role } from '../../../domain/identity/role.js';
import { memoryCommerce, SERVER_KEY } from './memory-commerce.js';

const notification = (orderId: string, transactionStatus: string, grossAmount: string, statusCode: string): GatewayNotification => ({
  orderId,
  statusCode,
  grossAmount,
  transactionStatus,
  fraudStatus: 'accept',
  transactionId: null,
  paymentType: 'bank_transfer',
  signatureKey: createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${SERVER_KEY}`).digest('hex'),
});

/** A shop on memory adapters with one course at 100 and the use cases of an order's life. */
async function shop() {
  const w = memoryCommerce();
  const course = w.learning.addCourse(1, { price: toMinor(100) });
  const withSettlement = { ...w.deps, settlement: w.settlement };
  const uc = {
    create: makeCreateOrder(withSettlement),
    update: makeUpdateOrder(withSettlement),
    cancel: makeCancelOrder(withSettlement),
    receive: makeReceivePaymentNotification(withSettlement),
    subscribe: makeCreateSubscription(withSettlement),
    cancelSubscription: makeCancelSubscription(withSettlement),
    offline: makeRecordOfflinePayment({ ...withSettlement, auditLog: new MemoryAuditLog() }),
  };
  const usedCount = (code: string) => [...w.promoCodeStore.rows.values()].find((p) => p.code === code)!.usedCount;
  const order = async (id: string) => (await w.deps.orderRepository.findById(w.tenantId, id))!;
  const place = async (promoCode?: string) => {
    const student = await w.addStudent();
    const placed = await uc.create(w.actorOf(student), { items: [{ courseId: course.courseId }], promoCode });
    return { student, placed };
  };
  return { w, course, uc, usedCount, order, place };
}

const orderOf = (r: { ok: boolean; value?: Order }): Order => {
  if (!r.ok || !r.value) throw new Error(`expected an order: ${JSON.stringify(r)}`);
  return r.value;
};

describe('commerce use cases: promo code uses are reserved with the order', () => {
  it('N concurrent orders on a max_uses 1 code: exactly one is discounted, the others are refused and nothing of theirs is written', async () => {
    const s = await shop();
    await s.w.addPromo({ code: 'ONE', value: toMinor(100), maxUses: 1 });
    const results = await Promise.all(Array.from({ length: 8 }, () => s.place('one')));
    const won = results.filter((r) => r.placed.ok);
    expect(won).to.have.length(1);
    expect(orderOf(won[0]!.placed)).to.include({
      totalAmount: 0n,
      discount: toMinor(100),
      status: 'paid',
      promoCode: 'ONE',
      promoUseHeld: true,
    });
    for (const r of results.filter((x) => !x.placed.ok)) {
      expect(r.placed).to.deep.include({ ok: false, error: 'PROMO_EXHAUSTED' });
      expect((await s.w.deps.orderRepository.listByUser(s.w.tenantId, r.student.id, {}, { page: 1, pageSize: 10 })).total).to.equal(0);
      expect(await s.w.learning.learningAccess.isEnrolled(s.w.tenantId, r.student.id, s.course.courseId)).to.equal(false);
    }
    expect(s.usedCount('ONE')).to.equal(1);
  });

  it('an order ending unpaid (cancelled, failed, expired) gives its use back; a paid or refunded one keeps it', async () => {
    const s = await shop();
    await s.w.addPromo({ code: 'HALF', value: toMinor(50), maxUses: 10 });
    const cancelled = await s.place('HALF');
    expect(s.usedCount('HALF')).to.equal(1);
    expect(orderOf(await s.uc.cancel(s.w.actorOf(cancelled.student), orderOf(cancelled.placed).id))).to.include({
      status: 'cancelled',
      promoUseHeld: false,
    });
    expect(s.usedCount('HALF')).to.equal(0);
    // A second cancel changes nothing, and gives nothing back twice.
    expect(await s.uc.cancel(s.w.actorOf(cancelled.student), orderOf(cancelled.placed).id)).to.deep.include({
      ok: false,
      error: 'ORDER_NOT_PENDING',
    });
    expect(s.usedCount('HALF')).to.equal(0);

    for (const [status, code, outcome] of [
      ['deny', '202', 'failed'],
      ['expire', '407', 'expired'],
    ] as const) {
      const o = orderOf((await s.place('HALF')).placed);
      expect(s.usedCount('HALF')).to.equal(1);
      const r = await s.uc.receive(notification(o.id, status, '50.00', code), {});
      expect(r.ok && r.value.order).to.include({ status: outcome, promoUseHeld: false });
      // A replay of the same end changes nothing.
      await s.uc.receive(notification(o.id, status, '50.00', code), {});
      expect(s.usedCount('HALF')).to.equal(0);
    }

    const paid = orderOf((await s.place('HALF')).placed);
    await s.uc.receive(notification(paid.id, 'settlement', '50.00', '200'), {});
    await s.uc.receive(notification(paid.id, 'refund', '50.00', '200'), {});
    expect(await s.order(paid.id)).to.include({ status: 'refunded', promoUseHeld: true });
    expect(s.usedCount('HALF')).to.equal(1);
  });

  it('a late settlement of an order that gave its use back takes one again, or is refused when none is left (nothing paid, notification kept)', async () => {
    const s = await shop();
    await s.w.addPromo({ code: 'ONE', value: toMinor(10), maxUses: 1 });
    const a = await s.place('ONE');
    const orderA = orderOf(a.placed);
    await s.uc.cancel(s.w.actorOf(a.student), orderA.id);
    const b = await s.place('ONE');
    expect(orderOf(b.placed)).to.include({ promoUseHeld: true, totalAmount: toMinor(90) });

    const late = await s.uc.receive(notification(orderA.id, 'settlement', '90.00', '200'), { late: true });
    expect(late).to.deep.include({ ok: false, error: 'PROMO_USE_UNAVAILABLE' });
    expect(await s.order(orderA.id)).to.include({ status: 'cancelled', promoUseHeld: false, paidAt: null });
    expect(await s.w.learning.learningAccess.isEnrolled(s.w.tenantId, a.student.id, s.course.courseId)).to.equal(false);
    expect((await s.w.deps.paymentRepository.notificationsOfOrder(s.w.tenantId, orderA.id)).map((n) => n.outcome)).to.deep.equal([
      'promo_use_unavailable',
    ]);
    expect(s.usedCount('ONE')).to.equal(1);

    // Once B gives the use back, A's settlement (a gateway retry) takes it and pays.
    await s.uc.cancel(s.w.actorOf(b.student), orderOf(b.placed).id);
    const retried = await s.uc.receive(notification(orderA.id, 'settlement', '90.00', '200'), { late: true });
    expect(retried.ok && retried.value.order).to.include({ status: 'paid', promoUseHeld: true });
    expect(s.usedCount('ONE')).to.equal(1);
  });

  it('three pending orders on a max_uses 1 code holding no use (placed before reservations) cannot all be paid at the discount', async () => {
    const s = await shop();
    await s.w.addPromo({ code: 'ONE', value: toMinor(10), maxUses: 1 });
    const admin = { userId: s.w.learning.deps.ids.uuid(), role: Role.Admin, tenantId: s.w.tenantId, homeTenantId: s.w.tenantId };
    const legacy: Order[] = [];
    for (let i = 0; i < 3; i++) {
      const student = await s.w.addStudent();
      const now = s.w.learning.clock.now();
      const o: Order = {
        id: s.w.learning.deps.ids.uuid(),
        tenantId: s.w.tenantId,
        userId: student.id,
        items: [
          {
            type: 'course',
            name: 'C',
            courseId: s.course.courseId,
            categoryId: null,
            planId: null,
            subscriptionId: null,
            courseIds: [s.course.courseId],
            quantity: 1,
            unitPrice: toMinor(100),
            amount: toMinor(100),
            tierMinQuantity: null,
          },
        ],
        subtotal: toMinor(100),
        discount: toMinor(10),
        totalAmount: toMinor(90),
        currency: 'IDR',
        status: 'pending',
        promoCode: 'ONE',
        subscriptionId: null,
        promoUseHeld: false,
        createdAt: now,
        updatedAt: now,
        paidAt: null,
      };
      await s.w.deps.orderRepository.insert(o);
      legacy.push(o);
    }
    const paid = [
      await s.uc.receive(notification(legacy[0]!.id, 'settlement', '90.00', '200'), {}),
      await s.uc.offline(admin, { ip: null, userAgent: null }, { orderId: legacy[1]!.id, amount: toMinor(90), paymentMethod: 'cash' }),
      await s.uc.receive(notification(legacy[2]!.id, 'capture', '90.00', '200'), {}),
    ];
    expect(paid.map((r) => (r.ok ? 'paid' : r.error))).to.deep.equal(['paid', 'PROMO_USE_UNAVAILABLE', 'PROMO_USE_UNAVAILABLE']);
    expect((await s.order(legacy[1]!.id)).status).to.equal('pending');
    expect((await s.order(legacy[2]!.id)).status).to.equal('pending');
    expect(s.usedCount('ONE')).to.equal(1);
  });

  it('editing an order: keeping the code keeps its one use; another code takes one and gives the old back; a refused code changes nothing', async () => {
    const s = await shop();
    await s.w.addPromo({ code: 'ONE', value: toMinor(10), maxUses: 1 });
    await s.w.addPromo({ code: 'OTHER', value: toMinor(20), maxUses: 1 });
    await s.w.addPromo({ code: 'GONE', value: toMinor(30), maxUses: 1, usedCount: 1 });
    const { student, placed } = await s.place('ONE');
    const actor = s.w.actorOf(student);
    const id = orderOf(placed).id;
    // The code is used up by this very order: it still applies to it.
    expect(orderOf(await s.uc.update(actor, id, { items: [{ courseId: s.course.courseId }] }))).to.include({
      promoCode: 'ONE',
      promoUseHeld: true,
      totalAmount: toMinor(90),
    });
    expect(orderOf(await s.uc.update(actor, id, { promoCode: ' one ' }))).to.include({ promoCode: 'ONE', totalAmount: toMinor(90) });
    expect(s.usedCount('ONE')).to.equal(1);

    expect(await s.uc.update(actor, id, { promoCode: 'GONE' })).to.deep.include({ ok: false, error: 'PROMO_EXHAUSTED' });
    expect(await s.order(id)).to.include({ promoCode: 'ONE', promoUseHeld: true });
    expect([s.usedCount('ONE'), s.usedCount('GONE')]).to.deep.equal([1, 1]);

    expect(orderOf(await s.uc.update(actor, id, { promoCode: 'OTHER' }))).to.include({
      promoCode: 'OTHER',
      promoUseHeld: true,
      totalAmount: toMinor(80),
    });
    expect([s.usedCount('ONE'), s.usedCount('OTHER')]).to.deep.equal([0, 1]);
    expect(orderOf(await s.uc.update(actor, id, { promoCode: null }))).to.include({
      promoCode: null,
      promoUseHeld: false,
      totalAmount: toMinor(100),
    });
    expect(s.usedCount('OTHER')).to.equal(0);
  });

  it('a subscription order reserves its use; cancelling the pending subscription gives it back', async () => {
    const s = await shop();
    await s.w.addPromo({ code: 'SUB', value: toMinor(25), maxUses: 1 });
    const plan = await s.w.addPlan({ price: toMinor(200) });
    const first = await s.w.addStudent();
    const second = await s.w.addStudent();
    const [a, b] = await Promise.all([first, second].map((u) => s.uc.subscribe(s.w.actorOf(u), { planId: plan.id, promoCode: 'SUB' })));
    expect([a!.ok, b!.ok].filter(Boolean)).to.have.length(1);
    const won = a!.ok ? a! : b!;
    const winner = a!.ok ? first : second;
    if (!won.ok) throw new Error('unreachable');
    expect(won.value.order).to.include({ totalAmount: toMinor(150), promoUseHeld: true });
    expect(s.usedCount('SUB')).to.equal(1);
    await s.uc.cancelSubscription(s.w.actorOf(winner), won.value.subscription.id);
    expect(await s.order(won.value.order.id)).to.include({ status: 'cancelled', promoUseHeld: false });
    expect(s.usedCount('SUB')).to.equal(0);
  });
});
