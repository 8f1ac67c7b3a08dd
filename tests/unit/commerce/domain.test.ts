import { expect } from 'chai';
import {
  nextStatus,
  outcomeOfNotification,
  PAYMENT_OUTCOMES,
  PAYMENT_STATUSES,
  type PaymentOutcome,
  type PaymentStatus,
} from '../../../domain/commerce/payment-status.js';
import { coursesOf, isOrderEditable, receiptNumber, transitionOrder, type Order } from '../../../domain/commerce/order.js';
import { transitionPayment, type Payment } from '../../../domain/commerce/payment.js';
import { discountFor, promoProblem, quote, unitPriceFor } from '../../../domain/commerce/pricing.js';
import { amountNear, minorOf, roundMinor, toMinor as m } from '../../../domain/shared/money.js';
import { abandon, activate, cancel, expire, isCurrent, refund, type Subscription } from '../../../domain/commerce/subscription.js';
import { batchCount, mailStats, parseEventTime, personalise } from '../../../domain/platform/mail-events.js';

const T0 = new Date('2026-03-01T00:00:00Z');
const DAY = 86_400_000;

/** Every (status, outcome) pair of the state machine (contract §7). */
const EXPECTED: Record<PaymentStatus, Record<PaymentOutcome, PaymentStatus>> = {
  pending: { pending: 'pending', paid: 'paid', failed: 'failed', expired: 'expired', cancelled: 'cancelled', refunded: 'pending' },
  paid: { pending: 'paid', paid: 'paid', failed: 'paid', expired: 'paid', cancelled: 'paid', refunded: 'refunded' },
  failed: { pending: 'failed', paid: 'paid', failed: 'failed', expired: 'failed', cancelled: 'failed', refunded: 'failed' },
  expired: { pending: 'expired', paid: 'paid', failed: 'expired', expired: 'expired', cancelled: 'expired', refunded: 'expired' },
  cancelled: {
    pending: 'cancelled',
    paid: 'paid',
    failed: 'cancelled',
    expired: 'cancelled',
    cancelled: 'cancelled',
    refunded: 'cancelled',
  },
  refunded: { pending: 'refunded', paid: 'refunded', failed: 'refunded', expired: 'refunded', cancelled: 'refunded', refunded: 'refunded' },
};

const order = (over: Partial<Order> = {}): Order => ({
  id: '0b4f9b8e-6a7e-4d8c-9a32-1f0e6c2d9a11',
  tenantId: 't',
  userId: 'u',
  subtotal: m(100),
  discount: 0n,
  totalAmount: m(100),
  currency: 'IDR',
  status: 'pending',
  promoCode: null,
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
      categoryId: 'c',
      planId: null,
      subscriptionId: null,
      courseIds: ['a', 'b'],
      quantity: 2,
      unitPrice: m(50),
      amount: m(100),
      tierMinQuantity: 2,
    },
    {
      type: 'course',
      name: 'B',
      courseId: 'b',
      categoryId: null,
      planId: null,
      subscriptionId: null,
      courseIds: ['b'],
      quantity: 1,
      unitPrice: 0n,
      amount: 0n,
      tierMinQuantity: null,
    },
  ],
  ...over,
});

describe('commerce domain: the payment state machine', () => {
  for (const status of PAYMENT_STATUSES) {
    for (const outcome of PAYMENT_OUTCOMES) {
      it(`${status} + ${outcome} → ${EXPECTED[status][outcome]}`, () => {
        expect(nextStatus(status, outcome)).to.equal(EXPECTED[status][outcome]);
        const before = order({ status });
        const t = transitionOrder(before, outcome, new Date(T0.getTime() + 1000));
        expect(t.order.status).to.equal(EXPECTED[status][outcome]);
        expect(t.changed).to.equal(EXPECTED[status][outcome] !== status);
        // Exactly the transitions into paid grant.
        expect(t.becamePaid).to.equal(status !== 'paid' && EXPECTED[status][outcome] === 'paid');
        if (t.becamePaid) expect(t.order.paidAt).to.deep.equal(new Date(T0.getTime() + 1000));
        if (!t.changed) expect(t.order).to.equal(before);
      });
    }
  }

  it('a paid order never moves back, whatever the order of notifications; only a refund leaves paid', () => {
    let o = transitionOrder(order(), 'paid', T0).order;
    for (const outcome of ['pending', 'failed', 'expired', 'cancelled', 'paid'] as const) {
      const t = transitionOrder(o, outcome, T0);
      expect(t.order.status).to.equal('paid');
      expect(t.becamePaid).to.equal(false);
      o = t.order;
    }
    expect(transitionOrder(o, 'refunded', T0).order.status).to.equal('refunded');
  });

  it('payments follow the same machine', () => {
    const p: Payment = {
      id: 'p',
      tenantId: 't',
      orderId: 'o',
      userId: 'u',
      transactionId: 'tx',
      gatewayTransactionId: null,
      provider: 'sandbox',
      paymentMethod: 'card',
      amount: m(1),
      currency: 'IDR',
      status: 'pending',
      redirectUrl: null,
      reference: null,
      createdAt: T0,
      updatedAt: T0,
      paidAt: null,
    };
    const paid = transitionPayment(p, 'paid', T0);
    expect(paid).to.include({ status: 'paid', paidAt: T0 });
    expect(transitionPayment(paid, 'failed', T0)).to.equal(paid);
    expect(transitionPayment(paid, 'refunded', T0).status).to.equal('refunded');
  });

  it('maps Midtrans notifications to outcomes (contract §7)', () => {
    expect(outcomeOfNotification('settlement', null)).to.equal('paid');
    expect(outcomeOfNotification('capture', 'accept')).to.equal('paid');
    expect(outcomeOfNotification('capture', 'challenge')).to.equal('pending');
    expect(outcomeOfNotification('capture', 'deny')).to.equal('failed');
    expect(outcomeOfNotification('capture', undefined)).to.equal('pending');
    expect(outcomeOfNotification('deny', 'accept')).to.equal('failed');
    expect(outcomeOfNotification('cancel', null)).to.equal('failed');
    expect(outcomeOfNotification('failure', null)).to.equal('failed');
    expect(outcomeOfNotification('expire', null)).to.equal('expired');
    expect(outcomeOfNotification('refund', null)).to.equal('refunded');
    expect(outcomeOfNotification('partial_refund', null)).to.equal('pending');
    expect(outcomeOfNotification('pending', null)).to.equal('pending');
    expect(outcomeOfNotification('authorize', null)).to.equal('pending');
    expect(outcomeOfNotification('something_new', null)).to.equal(null);
  });

  it('orders: editable only while pending; courses granted once each; a stable receipt number', () => {
    expect(isOrderEditable(order())).to.equal(true);
    for (const s of ['paid', 'failed', 'expired', 'cancelled', 'refunded'] as const)
      expect(isOrderEditable(order({ status: s }))).to.equal(false);
    expect(coursesOf(order())).to.deep.equal(['a', 'b']);
    const o = order({ paidAt: new Date('2026-03-05T10:00:00Z') });
    expect(receiptNumber(o)).to.equal('RCP-20260305-0B4F9B8E6A');
    expect(receiptNumber(o)).to.equal(receiptNumber({ ...o }));
  });
});

describe('commerce domain: prices and promo codes', () => {
  const price = {
    unitPrice: m(100),
    tiers: [
      { minQuantity: 5, unitPrice: m(80) },
      { minQuantity: 2, unitPrice: m(90) },
    ],
  };
  it('picks the highest tier reached', () => {
    expect(unitPriceFor(price, 1)).to.deep.equal({ unitPrice: m(100), tierMinQuantity: null });
    expect(unitPriceFor(price, 2)).to.deep.equal({ unitPrice: m(90), tierMinQuantity: 2 });
    expect(unitPriceFor(price, 4)).to.deep.equal({ unitPrice: m(90), tierMinQuantity: 2 });
    expect(unitPriceFor(price, 50)).to.deep.equal({ unitPrice: m(80), tierMinQuantity: 5 });
    expect(unitPriceFor({ unitPrice: m(7), tiers: [] }, 3).unitPrice).to.equal(m(7));
  });

  it('names why a promo code cannot be used', () => {
    const p = {
      type: 'percent' as const,
      value: m(10),
      validFrom: new Date(T0.getTime() - DAY),
      validUntil: new Date(T0.getTime() + DAY),
      maxUses: 3,
      usedCount: 0,
    };
    expect(promoProblem(p, T0)).to.equal(null);
    expect(promoProblem(null, T0)).to.equal('PROMO_NOT_FOUND');
    expect(promoProblem(p, new Date(T0.getTime() - 2 * DAY))).to.equal('PROMO_NOT_STARTED');
    expect(promoProblem(p, new Date(T0.getTime() + DAY))).to.equal('PROMO_EXPIRED');
    expect(promoProblem({ ...p, usedCount: 3 }, T0)).to.equal('PROMO_EXHAUSTED');
    expect(promoProblem({ ...p, maxUses: 0 }, T0)).to.equal('PROMO_EXHAUSTED');
    expect(promoProblem({ ...p, maxUses: null, usedCount: 1e6 }, T0)).to.equal(null);
    expect(promoProblem({ ...p, validFrom: null, validUntil: null }, T0)).to.equal(null);
  });

  it('discounts: percent rounded to the currency, fixed capped at the subtotal; totals', () => {
    expect(discountFor({ type: 'percent', value: m(15) }, m(99_999), 'IDR')).to.equal(m(15_000));
    expect(discountFor({ type: 'percent', value: m(15) }, m(99.99), 'USD')).to.equal(m(15));
    expect(discountFor({ type: 'fixed', value: m(500) }, m(300), 'IDR')).to.equal(m(300));
    expect(quote([m(100), m(50)], { type: 'percent', value: m(10) }, 'IDR')).to.deep.equal({
      subtotal: m(150),
      discount: m(15),
      total: m(135),
    });
    expect(quote([m(100)], null, 'IDR')).to.deep.equal({ subtotal: m(100), discount: 0n, total: m(100) });
    expect(quote([m(100)], { type: 'percent', value: m(100) }, 'IDR').total).to.equal(0n);
  });

  it('money: rounding per currency and amount equality in cents', () => {
    expect(roundMinor(m(1234.5), 'IDR')).to.equal(m(1235));
    expect(amountNear(10.005)).to.equal(m(10.01));
    expect(minorOf('250000.00')).to.equal(m(250000));
    expect(minorOf(250000.01)).to.not.equal(m(250000));
  });
});

describe('commerce domain: subscriptions', () => {
  const sub = (over: Partial<Subscription> = {}): Subscription => ({
    id: 's',
    tenantId: 't',
    userId: 'u',
    planId: 'p',
    orderId: 'o',
    status: 'pending',
    durationDays: 30,
    categoryIds: ['c'],
    startsAt: null,
    endsAt: null,
    cancelledAt: null,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  });
  it('a refund ends an active or cancelled subscription now, and nothing else', () => {
    const a = activate(sub(), T0, T0)!;
    const later = new Date(T0.getTime() + 3 * DAY);
    const r = refund(a, later)!;
    expect(r).to.include({ status: 'cancelled' });
    expect(r.endsAt!.getTime()).to.equal(later.getTime());
    expect(isCurrent(r, new Date(later.getTime() + 1))).to.equal(false);
    expect(refund(cancel(a, later)!, later)?.endsAt?.getTime()).to.equal(later.getTime());
    expect(refund(sub(), later)).to.equal(null); // pending: nothing was paid for
  });

  it('pending → active for the plan duration from `from`; never twice', () => {
    const a = activate(sub(), T0, T0)!;
    expect(a).to.include({ status: 'active' });
    expect(a.endsAt!.getTime() - a.startsAt!.getTime()).to.equal(30 * DAY);
    expect(activate(a, T0, T0)).to.equal(null);
    const later = new Date(T0.getTime() + 5 * DAY);
    expect(activate(sub(), later, T0)!.startsAt).to.deep.equal(later);
    // Cancelled before payment, then paid after all: activated.
    expect(activate(sub({ status: 'cancelled' }), T0, T0)!.status).to.equal('active');
    expect(activate(sub({ status: 'expired' }), T0, T0)).to.equal(null);
  });
  it('cancel, abandon, expire, isCurrent', () => {
    const a = activate(sub(), T0, T0)!;
    const c = cancel(a, T0)!;
    expect(c).to.include({ status: 'cancelled', endsAt: a.endsAt });
    expect(isCurrent(c, new Date(T0.getTime() + DAY))).to.equal(true);
    expect(isCurrent(c, new Date(T0.getTime() + 31 * DAY))).to.equal(false);
    expect(cancel(c, T0)).to.equal(null);
    expect(cancel(sub(), T0)!.status).to.equal('cancelled');
    expect(abandon(sub(), T0)!.status).to.equal('cancelled');
    expect(abandon(a, T0)).to.equal(null);
    expect(expire(a, new Date(T0.getTime() + 29 * DAY))).to.equal(null);
    expect(expire(a, new Date(T0.getTime() + 30 * DAY))!.status).to.equal('expired');
    expect(expire(c, new Date(T0.getTime() + 40 * DAY))).to.equal(null);
  });
});

describe('mail domain', () => {
  it('stats list every event; event times; batches; personalisation', () => {
    expect(mailStats({ delivered: 2, bounced: 1 })).to.deep.equal({
      total: 3,
      by_event: { delivered: 2, opened: 0, clicked: 0, bounced: 1, complained: 0, failed: 0 },
    });
    expect(parseEventTime('2026-01-01T00:00:00Z')).to.deep.equal(new Date('2026-01-01T00:00:00Z'));
    expect(parseEventTime(1767225600)).to.deep.equal(new Date('2026-01-01T00:00:00Z'));
    expect(parseEventTime('1767225600000')).to.deep.equal(new Date('2026-01-01T00:00:00Z'));
    expect(parseEventTime('yesterday')).to.equal(null);
    expect(batchCount(1000)).to.equal(10);
    expect(batchCount(1001)).to.equal(11);
    expect(personalise('Hi {{name}} <{{ email }}>', { displayName: 'Rina', email: 'r@x' })).to.equal('Hi Rina <r@x>');
  });
});
