import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { randomUUID } from 'node:crypto';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import {
  MemoryOrderRepository,
  MemoryPaymentRepository,
  MemoryPromoCodeReservations,
  MemorySubscriptionRepository,
} from '../../../adapters/persistence/memory/commerce.memory.js';
import { MemoryBroadcastRepository, MemoryMailEventRepository } from '../../../adapters/persistence/memory/mail.memory.js';
import type { OrderRepository } from '../../../application/commerce/ports/order-repository.js';
import type { PaymentRepository } from '../../../application/commerce/ports/payment-repository.js';
import type { SubscriptionRepository } from '../../../application/commerce/ports/subscription-repository.js';
import type { PromoCodeReservations } from '../../../application/commerce/ports/promo-code-reservations.js';
import type { BroadcastRepository, MailEventRepository } from '../../../application/platform/mail-ports.js';
import type { Order } from '../../../domain/commerce/order.js';
import type { Payment } from '../../../domain/commerce/payment.js';
import type { Subscription } from '../../../domain/commerce/subscription.js';
import type { PromoCode } from '../../../application/learning/index.js';
import type { RecordStore } from '../../../application/learning/ports/record-store.js';

interface Ctx {
  tenantId: string;
  otherTenantId: string;
  userId: string;
  orders: OrderRepository;
  payments: PaymentRepository;
  subscriptions: SubscriptionRepository;
  promo: PromoCodeReservations;
  addPromo(p: PromoCode): Promise<void>;
  readPromo(id: string): Promise<PromoCode | null>;
  events: MailEventRepository;
  broadcasts: BroadcastRepository;
}

const T0 = new Date('2026-02-01T10:00:00Z');
const DAY = 86_400_000;

const order = (ctx: Ctx, over: Partial<Order> = {}): Order => ({
  id: randomUUID(),
  tenantId: ctx.tenantId,
  userId: ctx.userId,
  subtotal: toMinor(200000),
  discount: toMinor(20000),
  totalAmount: toMinor(180000),
  currency: 'IDR',
  status: 'pending',
  promoCode: 'SAVE10',
  subscriptionId: null,
  promoUseHeld: false,
  createdAt: T0,
  updatedAt: T0,
  paidAt: null,
  items: [
    {
      type: 'category',
      name: 'A, B',
      courseId: null,
      categoryId: randomUUID(),
      planId: null,
      subscriptionId: null,
      courseIds: [randomUUID(), randomUUID()],
      quantity: 2,
      unitPrice: toMinor(100000),
      amount: toMinor(200000),
      tierMinQuantity: 2,
    },
  ],
  ...over,
});

const payment = (ctx: Ctx, o: Order, over: Partial<Payment> = {}): Payment => {
  const id = randomUUID();
  return {
    id,
    tenantId: ctx.tenantId,
    orderId: o.id,
    userId: ctx.userId,
    transactionId: id,
    gatewayTransactionId: null,
    provider: 'sandbox',
    paymentMethod: 'card',
    amount: o.totalAmount,
    currency: 'IDR',
    status: 'pending',
    redirectUrl: 'http://x/pay',
    reference: null,
    createdAt: T0,
    updatedAt: T0,
    paidAt: null,
    ...over,
  };
};

function contract(name: string, make: () => Promise<Ctx>) {
  describe(`Commerce and mail repositories contract: ${name}`, () => {
    let ctx: Ctx;
    beforeEach(async () => {
      ctx = await make();
    });

    it('orders and payments: amounts round-trip exactly; revenue sums never drift (0.10 + 0.20 is 0.30)', async () => {
      const at = new Date(T0.getTime() + 1000);
      const line = {
        type: 'course' as const,
        name: 'X',
        courseId: randomUUID(),
        categoryId: null,
        planId: null,
        subscriptionId: null,
        courseIds: [],
        quantity: 3,
        tierMinQuantity: null,
      };
      const a = order(ctx, {
        currency: 'USD',
        subtotal: toMinor(59999.97),
        discount: toMinor(9000),
        totalAmount: toMinor(50999.97),
        status: 'paid',
        paidAt: at,
        items: [{ ...line, unitPrice: toMinor(19999.99), amount: toMinor(59999.97) }],
      });
      const b = order(ctx, {
        currency: 'USD',
        subtotal: toMinor(0.1),
        discount: 0n,
        totalAmount: toMinor(0.1),
        status: 'paid',
        paidAt: at,
        items: [{ ...line, quantity: 1, unitPrice: toMinor(0.1), amount: toMinor(0.1) }],
      });
      const c = order(ctx, {
        currency: 'USD',
        subtotal: toMinor(0.2),
        discount: 0n,
        totalAmount: toMinor(0.2),
        status: 'paid',
        paidAt: at,
        items: [{ ...line, quantity: 1, unitPrice: toMinor(0.2), amount: toMinor(0.2) }],
      });
      for (const o of [a, b, c]) await ctx.orders.insert(o);
      expect(await ctx.orders.findById(ctx.tenantId, a.id)).to.deep.equal(a);
      const p = payment(ctx, a, { amount: toMinor(50999.97), currency: 'USD' });
      await ctx.payments.insert(p);
      expect(await ctx.payments.latestOfOrder(ctx.tenantId, a.id)).to.deep.equal(p);
      await ctx.orders.update({ ...b, status: 'refunded' });
      expect(await ctx.orders.paidTotals(ctx.tenantId, T0, new Date(T0.getTime() + DAY))).to.deep.equal([
        { currency: 'USD', count: 2, total: toMinor(51000.17) },
      ]);
      await ctx.orders.update({ ...b, status: 'paid' });
      await ctx.orders.update({ ...a, status: 'refunded' });
      expect(await ctx.orders.paidTotals(ctx.tenantId, T0, new Date(T0.getTime() + DAY))).to.deep.equal([
        { currency: 'USD', count: 2, total: toMinor(0.3) },
      ]);
    });

    it('the largest numeric(14, 2) amount round-trips exactly, and a sum of many 0.10s and 0.07s is exact', async () => {
      const at = new Date(T0.getTime() + 1000);
      const largest = toMinor('999999999999.99');
      const line = {
        type: 'course' as const,
        name: 'X',
        courseId: randomUUID(),
        categoryId: null,
        planId: null,
        subscriptionId: null,
        courseIds: [],
        quantity: 1,
        tierMinQuantity: null,
      };
      const big = order(ctx, {
        currency: 'USD',
        subtotal: largest,
        discount: 0n,
        totalAmount: largest,
        status: 'paid',
        paidAt: at,
        items: [{ ...line, unitPrice: largest, amount: largest }],
      });
      await ctx.orders.insert(big);
      expect(await ctx.orders.findById(ctx.tenantId, big.id)).to.deep.equal(big);
      const p = payment(ctx, big, { currency: 'USD' });
      await ctx.payments.insert(p);
      expect((await ctx.payments.latestOfOrder(ctx.tenantId, big.id))!.amount).to.equal(largest);
      // 0.1 and 0.07 have no exact binary double: 40 × 0.10 + 30 × 0.07 summed as doubles is not 6.1.
      const small = [...Array<string>(40).fill('0.10'), ...Array<string>(30).fill('0.07')].map((text) => toMinor(text));
      for (const amount of small) {
        await ctx.orders.insert(
          order(ctx, {
            currency: 'EUR',
            subtotal: amount,
            discount: 0n,
            totalAmount: amount,
            status: 'paid',
            paidAt: at,
            items: [{ ...line, unitPrice: amount, amount }],
          }),
        );
      }
      const totals = await ctx.orders.paidTotals(ctx.tenantId, T0, new Date(T0.getTime() + DAY));
      expect(totals.find((t) => t.currency === 'EUR')).to.deep.equal({ currency: 'EUR', count: 70, total: toMinor('6.10') });
      expect(totals.find((t) => t.currency === 'USD')).to.deep.equal({ currency: 'USD', count: 1, total: largest });
    });

    it('orders: round trip, lock, update, tenant scoping, listing, tenantOf, totals', async () => {
      const o = order(ctx);
      await ctx.orders.insert(o);
      expect(await ctx.orders.findById(ctx.tenantId, o.id)).to.deep.equal(o);
      expect(await ctx.orders.findById(ctx.otherTenantId, o.id)).to.equal(null);
      expect(await ctx.orders.tenantOf(o.id)).to.equal(ctx.tenantId);
      expect(await ctx.orders.tenantOf(randomUUID())).to.equal(null);
      const paid = {
        ...o,
        status: 'paid' as const,
        paidAt: new Date(T0.getTime() + 1000),
        updatedAt: new Date(T0.getTime() + 1000),
        promoUseHeld: true,
      };
      await ctx.orders.update(paid);
      expect(await ctx.orders.lock(ctx.tenantId, o.id)).to.deep.equal(paid);
      const newer = order(ctx, { createdAt: new Date(T0.getTime() + DAY), currency: 'USD', totalAmount: toMinor(12.5) });
      await ctx.orders.insert(newer);
      const list = await ctx.orders.listByUser(ctx.tenantId, ctx.userId, {}, { page: 1, pageSize: 10 });
      expect(list.items.map((x) => x.id)).to.deep.equal([newer.id, o.id]);
      expect(list.total).to.equal(2);
      expect(
        (await ctx.orders.listByUser(ctx.tenantId, ctx.userId, { status: 'paid' }, { page: 1, pageSize: 10 })).items.map((x) => x.id),
      ).to.deep.equal([o.id]);
      expect(await ctx.orders.paidTotals(ctx.tenantId, T0, new Date(T0.getTime() + DAY))).to.deep.equal([
        { currency: 'IDR', count: 1, total: toMinor(180000) },
      ]);
      expect(await ctx.orders.paidTotals(ctx.tenantId, new Date(T0.getTime() + 2000), new Date(T0.getTime() + DAY))).to.deep.equal([]);
      expect(await ctx.orders.countByUser(ctx.tenantId, ctx.userId, 'pending')).to.equal(1);
      expect(await ctx.orders.count(ctx.tenantId, 'paid')).to.equal(1);
      expect(await ctx.orders.count(ctx.otherTenantId, 'paid')).to.equal(0);
    });

    it('orders: paid (or refunded) and pending orders with a line granting a course are counted apart, per tenant', async () => {
      const course = randomUUID();
      const line = order(ctx).items[0]!;
      const granting = { ...line, courseIds: [randomUUID(), course] };
      await ctx.orders.insert(order(ctx, { status: 'paid', items: [granting] }));
      await ctx.orders.insert(
        order(ctx, { status: 'refunded', items: [line, { ...granting, type: 'course', courseId: course, courseIds: [course] }] }),
      );
      await ctx.orders.insert(order(ctx, { status: 'pending', items: [granting] }));
      await ctx.orders.insert(order(ctx, { status: 'cancelled', items: [granting] }));
      await ctx.orders.insert(order(ctx, { status: 'expired', items: [granting] }));
      await ctx.orders.insert(order(ctx, { status: 'paid', items: [line] }));
      await ctx.orders.insert(order(ctx, { status: 'pending', items: [line] }));
      expect(await ctx.orders.countForCourse(ctx.tenantId, course)).to.deep.equal({ paid: 2, pending: 1 });
      expect(await ctx.orders.countForCourse(ctx.otherTenantId, course)).to.deep.equal({ paid: 0, pending: 0 });
      expect(await ctx.orders.countForCourse(ctx.tenantId, randomUUID())).to.deep.equal({ paid: 0, pending: 0 });
    });

    it('payments: by our or the gateway transaction id, latest, pending, filters, notifications', async () => {
      const o = order(ctx);
      await ctx.orders.insert(o);
      const p1 = payment(ctx, o);
      const p2 = payment(ctx, o, {
        createdAt: new Date(T0.getTime() + 1000),
        paymentMethod: 'cash',
        provider: 'manual',
        status: 'paid',
        paidAt: T0,
        reference: 'R1',
      });
      await ctx.payments.insert(p1);
      await ctx.payments.insert(p2);
      expect(await ctx.payments.findByTransactionId(ctx.tenantId, p1.transactionId)).to.deep.equal(p1);
      expect(await ctx.payments.findByTransactionId(ctx.otherTenantId, p1.transactionId)).to.equal(null);
      expect(await ctx.payments.findByTransactionIdAnyTenant(p1.transactionId)).to.deep.equal(p1);
      const withGateway = { ...p1, gatewayTransactionId: 'gw-123', status: 'paid' as const, paidAt: T0 };
      await ctx.payments.update(withGateway);
      expect(await ctx.payments.findByTransactionId(ctx.tenantId, 'gw-123')).to.deep.equal(withGateway);
      expect((await ctx.payments.latestOfOrder(ctx.tenantId, o.id))!.id).to.equal(p2.id);
      expect(await ctx.payments.pendingOfOrder(ctx.tenantId, o.id)).to.deep.equal([]);
      const page = await ctx.payments.list(ctx.tenantId, { method: 'cash' }, { page: 1, pageSize: 10 });
      expect(page.items.map((p) => p.id)).to.deep.equal([p2.id]);
      expect((await ctx.payments.list(ctx.tenantId, { from: new Date(T0.getTime() + 500) }, { page: 1, pageSize: 10 })).total).to.equal(1);
      expect(
        (await ctx.payments.list(ctx.tenantId, { userId: ctx.userId, orderId: o.id, status: 'paid' }, { page: 1, pageSize: 10 })).total,
      ).to.equal(2);
      await ctx.payments.insertNotification({
        id: randomUUID(),
        tenantId: ctx.tenantId,
        orderId: o.id,
        provider: 'sandbox',
        transactionId: 'gw-123',
        transactionStatus: 'settlement',
        statusCode: '200',
        grossAmount: '180000.00',
        payload: { a: 1 },
        outcome: 'applied:paid',
        receivedAt: T0,
      });
      const notes = await ctx.payments.notificationsOfOrder(ctx.tenantId, o.id);
      expect(notes).to.have.length(1);
      expect(notes[0]).to.include({ outcome: 'applied:paid', grossAmount: '180000.00' });
      expect(notes[0]!.payload).to.deep.equal({ a: 1 });
    });

    it('subscriptions: round trip, current end, expiry sweep, active count', async () => {
      const o = order(ctx);
      await ctx.orders.insert(o);
      const planId = randomUUID();
      const s: Subscription = {
        id: randomUUID(),
        tenantId: ctx.tenantId,
        userId: ctx.userId,
        planId,
        orderId: o.id,
        status: 'active',
        durationDays: 30,
        categoryIds: [randomUUID()],
        startsAt: T0,
        endsAt: new Date(T0.getTime() + 30 * DAY),
        cancelledAt: null,
        createdAt: T0,
        updatedAt: T0,
      };
      await ctx.subscriptions.insert(s);
      expect(await ctx.subscriptions.findById(ctx.tenantId, s.id)).to.deep.equal(s);
      expect(await ctx.subscriptions.lock(ctx.otherTenantId, s.id)).to.equal(null);
      expect(await ctx.subscriptions.currentEnd(ctx.tenantId, ctx.userId, planId, T0)).to.deep.equal(s.endsAt);
      expect(await ctx.subscriptions.currentEnd(ctx.tenantId, ctx.userId, randomUUID(), T0)).to.equal(null);
      expect(await ctx.subscriptions.countActive(ctx.tenantId, ctx.userId, new Date(T0.getTime() + DAY))).to.equal(1);
      expect((await ctx.subscriptions.listByUser(ctx.tenantId, ctx.userId, { page: 1, pageSize: 5 })).total).to.equal(1);
      expect(await ctx.subscriptions.expireDue(new Date(T0.getTime() + 29 * DAY))).to.equal(0);
      expect(await ctx.subscriptions.expireDue(new Date(T0.getTime() + 30 * DAY))).to.be.greaterThanOrEqual(1);
      expect((await ctx.subscriptions.findById(ctx.tenantId, s.id))!.status).to.equal('expired');
      // Every subscription of a plan counts, whatever its status; other plans and tenants do not.
      expect(await ctx.subscriptions.countOfPlan(ctx.tenantId, planId)).to.equal(1);
      expect(await ctx.subscriptions.countOfPlan(ctx.otherTenantId, planId)).to.equal(0);
      expect(await ctx.subscriptions.countOfPlan(ctx.tenantId, randomUUID())).to.equal(0);
    });

    it('subscriptions: the holders of a category, one per user, the paid one ending last', async () => {
      const category = randomUUID();
      const o = order(ctx);
      await ctx.orders.insert(o);
      const sub = (over: Partial<Subscription>): Subscription => ({
        id: randomUUID(),
        tenantId: ctx.tenantId,
        userId: ctx.userId,
        planId: randomUUID(),
        orderId: o.id,
        status: 'active',
        durationDays: 30,
        categoryIds: [randomUUID(), category],
        startsAt: T0,
        endsAt: new Date(T0.getTime() + 30 * DAY),
        cancelledAt: null,
        createdAt: T0,
        updatedAt: T0,
        ...over,
      });
      const running = sub({});
      const cancelledLater = sub({ status: 'cancelled', cancelledAt: T0, endsAt: new Date(T0.getTime() + 40 * DAY) });
      const others = [
        sub({ status: 'pending', startsAt: null, endsAt: null }),
        sub({ status: 'expired', endsAt: new Date(T0.getTime() + 60 * DAY) }),
        sub({ categoryIds: [randomUUID()], endsAt: new Date(T0.getTime() + 70 * DAY) }),
        sub({ tenantId: ctx.otherTenantId, endsAt: new Date(T0.getTime() + 80 * DAY) }),
      ];
      for (const s of [running, cancelledLater, ...others]) await ctx.subscriptions.insert(s);
      const at = (days: number) => ctx.subscriptions.holdersOfCategory(ctx.tenantId, category, new Date(T0.getTime() + days * DAY));
      expect(await at(1)).to.deep.equal([{ userId: ctx.userId, subscriptionId: cancelledLater.id, endsAt: cancelledLater.endsAt }]);
      expect(await at(39)).to.deep.equal([{ userId: ctx.userId, subscriptionId: cancelledLater.id, endsAt: cancelledLater.endsAt }]);
      expect(await at(40)).to.deep.equal([]);
      expect(await ctx.subscriptions.holdersOfCategory(ctx.tenantId, randomUUID(), T0)).to.deep.equal([]);
      expect((await ctx.subscriptions.holdersOfCategory(ctx.otherTenantId, category, T0)).map((h) => h.subscriptionId)).to.deep.equal([
        others[3]!.id,
      ]);
    });

    it('promo code uses are reserved up to max_uses only, inside the window, and given back never below 0', async () => {
      const id = randomUUID();
      const base = {
        tenantId: ctx.tenantId,
        type: 'percent' as const,
        value: toMinor(5),
        validFrom: null,
        validUntil: null,
        createdAt: T0,
        updatedAt: T0,
      };
      await ctx.addPromo({ ...base, id, code: 'TWICE', maxUses: 2, usedCount: 0 });
      const reserved = await Promise.all([1, 2, 3, 4].map(() => ctx.promo.reserve(ctx.tenantId, 'TWICE', T0)));
      expect(reserved.filter((r) => r !== null)).to.have.length(2);
      expect(reserved.find((r) => r !== null)).to.deep.include({ id, code: 'TWICE', type: 'percent', value: toMinor(5), maxUses: 2 });
      expect((await ctx.readPromo(id))!.usedCount).to.equal(2);
      expect(await ctx.promo.reserve(ctx.otherTenantId, 'TWICE', T0)).to.equal(null);
      await ctx.promo.release(ctx.tenantId, 'TWICE', T0);
      expect((await ctx.readPromo(id))!.usedCount).to.equal(1);
      expect(await ctx.promo.reserve(ctx.tenantId, 'TWICE', T0)).to.not.equal(null);
      await ctx.promo.release(ctx.otherTenantId, 'TWICE', T0);
      expect((await ctx.readPromo(id))!.usedCount).to.equal(2);

      const zero = randomUUID();
      await ctx.addPromo({ ...base, id: zero, code: 'ZERO', maxUses: 5, usedCount: 0 });
      await ctx.promo.release(ctx.tenantId, 'ZERO', T0);
      expect((await ctx.readPromo(zero))!.usedCount).to.equal(0);

      const later = new Date(T0.getTime() + 86_400_000);
      await ctx.addPromo({ ...base, id: randomUUID(), code: 'WINDOW', validFrom: T0, validUntil: later, maxUses: null, usedCount: 0 });
      expect(await ctx.promo.reserve(ctx.tenantId, 'WINDOW', new Date(T0.getTime() - 1))).to.equal(null);
      expect(await ctx.promo.reserve(ctx.tenantId, 'WINDOW', later)).to.equal(null);
      expect(await ctx.promo.reserve(ctx.tenantId, 'WINDOW', T0)).to.not.equal(null);
      await ctx.addPromo({ ...base, id: randomUUID(), code: 'ALWAYS', type: 'fixed', maxUses: null, usedCount: 9 });
      expect((await ctx.promo.reserve(ctx.tenantId, 'ALWAYS', T0))!.usedCount).to.equal(10);
    });

    it('mail events: stored once, filtered, counted, scoped', async () => {
      const e = {
        id: randomUUID(),
        tenantId: ctx.tenantId,
        mailId: null,
        messageId: '<m@x>',
        event: 'bounced' as const,
        email: 'a@x.test',
        reason: 'full',
        occurredAt: T0,
        receivedAt: T0,
        payload: { k: 'v' },
      };
      expect(await ctx.events.insert(e)).to.equal(true);
      expect(await ctx.events.insert({ ...e, id: randomUUID() })).to.equal(false);
      expect(
        await ctx.events.insert({
          ...e,
          id: randomUUID(),
          event: 'delivered',
          email: 'b@x.test',
          receivedAt: new Date(T0.getTime() + 1000),
        }),
      ).to.equal(true);
      expect(await ctx.events.findById(ctx.tenantId, e.id)).to.deep.equal(e);
      expect(await ctx.events.findById(ctx.otherTenantId, e.id)).to.equal(null);
      expect((await ctx.events.list(ctx.tenantId, {}, { page: 1, pageSize: 10 })).items.map((x) => x.email)).to.deep.equal([
        'b@x.test',
        'a@x.test',
      ]);
      expect((await ctx.events.list(ctx.tenantId, { email: 'a@x.test' }, { page: 1, pageSize: 10 })).total).to.equal(1);
      expect(await ctx.events.countByEvent(ctx.tenantId, {})).to.deep.equal({ bounced: 1, delivered: 1 });
      expect(await ctx.events.countByEvent(ctx.tenantId, { event: 'bounced' })).to.deep.equal({ bounced: 1 });
      expect(await ctx.events.countByEvent(ctx.otherTenantId, {})).to.deep.equal({});
    });

    it('broadcasts: recipients claimed per batch, queued, progress, completion, stalled batches', async () => {
      const b = {
        id: randomUUID(),
        tenantId: ctx.tenantId,
        subject: 's',
        text: 't',
        html: null,
        roles: [1],
        userIds: null,
        recipients: 3,
        batchSize: 2,
        batches: 2,
        createdBy: null,
        createdAt: T0,
        completedAt: null,
      };
      const users = [0, 1, 2].map((i) => ({
        userId: randomUUID(),
        email: `r${i}@x.test`,
        displayName: `R${i}`,
        batch: i < 2 ? 0 : 1,
        status: 'pending' as const,
        mailId: null,
      }));
      await ctx.broadcasts.create(b, users);
      expect(await ctx.broadcasts.findById(ctx.tenantId, b.id)).to.deep.equal(b);
      expect(await ctx.broadcasts.findById(ctx.otherTenantId, b.id)).to.equal(null);
      const batch0 = await ctx.broadcasts.claimBatch(ctx.tenantId, b.id, 0);
      expect(batch0.map((r) => r.email)).to.deep.equal(['r0@x.test', 'r1@x.test']);
      expect(
        (await ctx.broadcasts.stalledBatches(new Date(T0.getTime() + 1), 10))
          .filter((s) => s.broadcastId === b.id)
          .map((s) => s.batch)
          .sort(),
      ).to.deep.equal([0, 1]);
      for (const r of batch0) await ctx.broadcasts.markQueued(ctx.tenantId, b.id, r.userId, randomUUID());
      expect(await ctx.broadcasts.claimBatch(ctx.tenantId, b.id, 0)).to.deep.equal([]);
      expect(await ctx.broadcasts.progress(ctx.tenantId, b.id)).to.deep.equal({ pending: 1, queued: 2, sent: 0, failed: 0 });
      expect(
        (await ctx.broadcasts.stalledBatches(new Date(T0.getTime() + 1), 10)).filter((s) => s.broadcastId === b.id).map((s) => s.batch),
      ).to.deep.equal([1]);
      await ctx.broadcasts.markCompleted(ctx.tenantId, b.id, T0);
      expect((await ctx.broadcasts.findById(ctx.tenantId, b.id))!.completedAt).to.deep.equal(T0);
    });
  });
}

contract('memory', async () => {
  const codes = new Map<string, PromoCode>();
  const mail = new MemoryMailEventRepository();
  return {
    tenantId: randomUUID(),
    otherTenantId: randomUUID(),
    userId: randomUUID(),
    orders: new MemoryOrderRepository(),
    payments: new MemoryPaymentRepository(),
    subscriptions: new MemorySubscriptionRepository(),
    promo: new MemoryPromoCodeReservations(codes),
    addPromo: async (p) => {
      codes.set(p.id, structuredClone(p));
    },
    readPromo: async (id) => codes.get(id) ?? null,
    events: mail,
    broadcasts: new MemoryBroadcastRepository([]),
  };
});

contract('PostgreSQL (PGlite or DATABASE_URL)', async () => {
  const h: Harness = await harness();
  const t = await h.tenant();
  const other = await h.tenant();
  const user = await h.user(t, Role.Student);
  const store = h.resolve<RecordStore<PromoCode>>('promoCodeStore');
  return {
    tenantId: t.id,
    otherTenantId: other.id,
    userId: user.id,
    orders: h.resolve('orderRepository'),
    payments: h.resolve('paymentRepository'),
    subscriptions: h.resolve('subscriptionRepository'),
    promo: h.resolve('promoCodeReservations'),
    addPromo: async (p) => {
      expect(await store.insert(p)).to.equal('ok');
    },
    readPromo: (id) => store.findById(t.id, id),
    events: h.resolve('mailEventRepository'),
    broadcasts: h.resolve('broadcastRepository'),
  };
});
