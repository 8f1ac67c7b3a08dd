import type { Knex } from 'knex';
import type { Order, OrderItem } from '../../../domain/commerce/order.js';
import type { Payment } from '../../../domain/commerce/payment.js';
import type { Subscription } from '../../../domain/commerce/subscription.js';
import { amountNear, formatMinor, fromMinor, toMinor } from '../../../domain/shared/money.js';
import type { OrderRepository } from '../../../application/commerce/ports/order-repository.js';
import type { PaymentNotification, PaymentRepository } from '../../../application/commerce/ports/payment-repository.js';
import type { SubscriptionRepository } from '../../../application/commerce/ports/subscription-repository.js';
import type { PromoCodeReservations } from '../../../application/commerce/ports/promo-code-reservations.js';
import { promoCodeFromRow } from './record-store.pg-repository.js';
import type { DbDeps } from './base.js';
import { tenantTable } from './tenant-table.js';
import { knexPage, num, newestFirst } from './knex-helpers.js';
import type {
  OrderItemJson,
  OrderRow,
  OrderWrite,
  PaymentNotificationRow,
  PaymentRow,
  SubscriptionRow,
  SubscriptionWrite,
} from './rows/commerce.rows.js';

// One mapper per aggregate (an order with its lines, a payment, a subscription): rows in, entities
// out and back. Money columns are read from and written as exact decimal text (domain/shared/money.ts);
// order lines (jsonb) hold JSON numbers whose text is the exact decimal.
const itemToJson = (i: OrderItem): OrderItemJson => ({
  type: i.type,
  name: i.name,
  course_id: i.courseId,
  category_id: i.categoryId,
  plan_id: i.planId,
  subscription_id: i.subscriptionId,
  course_ids: i.courseIds,
  quantity: i.quantity,
  unit_price: fromMinor(i.unitPrice),
  amount: fromMinor(i.amount),
  tier_min_quantity: i.tierMinQuantity,
});
const itemFromJson = (j: OrderItemJson): OrderItem => ({
  type: j.type,
  name: j.name ?? '',
  courseId: j.course_id ?? null,
  categoryId: j.category_id ?? null,
  planId: j.plan_id ?? null,
  subscriptionId: j.subscription_id ?? null,
  courseIds: j.course_ids ?? [],
  quantity: Number(j.quantity),
  unitPrice: amountNear(j.unit_price),
  amount: amountNear(j.amount),
  tierMinQuantity: j.tier_min_quantity ?? null,
});

const toOrder = (r: OrderRow): Order => ({
  id: r.id,
  tenantId: r.tenantId,
  userId: r.userId,
  items: (r.items ?? []).map(itemFromJson),
  subtotal: toMinor(r.subtotal),
  discount: toMinor(r.discount),
  totalAmount: toMinor(r.totalAmount),
  currency: r.currency,
  status: r.status,
  promoCode: r.promoCode,
  subscriptionId: r.subscriptionId,
  promoUseHeld: r.promoUseHeld === true,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  paidAt: r.paidAt,
});
const orderRow = (o: Order): OrderWrite => ({
  id: o.id,
  tenantId: o.tenantId,
  userId: o.userId,
  items: JSON.stringify(o.items.map(itemToJson)),
  subtotal: formatMinor(o.subtotal),
  discount: formatMinor(o.discount),
  totalAmount: formatMinor(o.totalAmount),
  currency: o.currency,
  status: o.status,
  promoCode: o.promoCode,
  subscriptionId: o.subscriptionId,
  promoUseHeld: o.promoUseHeld,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  paidAt: o.paidAt,
});

export const makeOrderPgRepository = ({ db }: DbDeps): OrderRepository => {
  const orders = tenantTable(db, 'orders', toOrder);
  return {
    insert: (order) => orders.insert(orderRow(order)),
    findById: (tenantId, id) => orders.find({ tenantId, id }),
    lock: (tenantId, id) => orders.lock({ tenantId, id }),
    update: (order) => orders.update(orderRow(order)),
    listByUser(tenantId, userId, filter, page) {
      const q = db.q()('orders').where({ tenantId, userId }).select('*');
      if (filter.status) q.where({ status: filter.status });
      return knexPage(q, page, toOrder, { order: newestFirst() });
    },
    async tenantOf(orderId) {
      const r = (await db.q()('orders').where({ id: orderId }).select('tenantId').first()) as { tenantId: string } | undefined;
      return r?.tenantId ?? null;
    },
    async paidTotals(tenantId, from, to) {
      const rows = (await db
        .q()('orders')
        .where({ tenantId, status: 'paid' })
        .where('paidAt', '>=', from)
        .where('paidAt', '<', to)
        .groupBy('currency')
        .select('currency')
        .count({ n: '*' })
        .sum({ total: 'totalAmount' })) as Array<{ currency: string; n: number | string; total: string }>;
      return rows.map((r) => ({ currency: r.currency, count: num(r.n), total: toMinor(r.total) }));
    },
    async countByUser(tenantId, userId, status) {
      const r = (await db.q()('orders').where({ tenantId, userId, status }).count({ n: '*' }).first()) as { n: unknown } | undefined;
      return num(r?.n);
    },
    async count(tenantId, status) {
      const r = (await db.q()('orders').where({ tenantId, status }).count({ n: '*' }).first()) as { n: unknown } | undefined;
      return num(r?.n);
    },
    async countForCourse(tenantId, courseId) {
      // `items @>` is answered by the GIN index orders_items_courses (migration 1050).
      const r = (await db
        .q()('orders')
        .where({ tenantId })
        .whereIn('status', ['paid', 'refunded', 'pending'])
        .whereRaw('items @> ?::jsonb', [JSON.stringify([{ course_ids: [courseId] }])])
        .select(db.knex.raw("count(*) filter (where status <> 'pending') as paid, count(*) filter (where status = 'pending') as pending"))
        .first()) as { paid: unknown; pending: unknown } | undefined;
      return { paid: num(r?.paid), pending: num(r?.pending) };
    },
  };
};

const toPayment = (r: PaymentRow): Payment => ({
  id: r.id,
  tenantId: r.tenantId,
  orderId: r.orderId,
  userId: r.userId,
  transactionId: r.transactionId,
  gatewayTransactionId: r.gatewayTransactionId,
  provider: r.provider,
  paymentMethod: r.paymentMethod,
  amount: toMinor(r.amount),
  currency: r.currency,
  status: r.status,
  redirectUrl: r.redirectUrl,
  reference: r.reference,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  paidAt: r.paidAt,
});
const paymentRow = (p: Payment): PaymentRow => ({ ...p, amount: formatMinor(p.amount) });

const toNotification = (r: PaymentNotificationRow): PaymentNotification => ({
  id: r.id,
  tenantId: r.tenantId,
  orderId: r.orderId,
  provider: r.provider,
  transactionId: r.transactionId,
  transactionStatus: r.transactionStatus,
  statusCode: r.statusCode,
  grossAmount: r.grossAmount,
  payload: r.payload,
  outcome: r.outcome,
  receivedAt: r.receivedAt,
});

const newest = (q: Knex.QueryBuilder) =>
  q.orderBy([
    { column: 'createdAt', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);

export const makePaymentPgRepository = ({ db }: DbDeps): PaymentRepository => {
  const payments = tenantTable(db, 'payments', toPayment);
  return {
    insert: (p) => payments.insert(paymentRow(p)),
    update: (p) => payments.update(paymentRow(p)),
    async findByTransactionId(tenantId, transactionId) {
      const r = await newest(
        db
          .q()('payments')
          .where({ tenantId })
          .where((w) => w.where({ transactionId }).orWhere({ gatewayTransactionId: transactionId })),
      ).first();
      return r ? toPayment(r) : null;
    },
    async findByTransactionIdAnyTenant(transactionId) {
      const r = await db.q()('payments').where({ transactionId }).first();
      return r ? toPayment(r) : null;
    },
    async latestOfOrder(tenantId, orderId) {
      const r = await newest(db.q()('payments').where({ tenantId, orderId })).first();
      return r ? toPayment(r) : null;
    },
    async pendingOfOrder(tenantId, orderId) {
      return (await newest(db.q()('payments').where({ tenantId, orderId, status: 'pending' }))).map(toPayment);
    },
    list(tenantId, f, page) {
      const q = db.q()('payments').where({ tenantId }).select('*');
      if (f.status) q.where({ status: f.status });
      if (f.method) q.where({ paymentMethod: f.method });
      if (f.orderId) q.where({ orderId: f.orderId });
      if (f.userId) q.where({ userId: f.userId });
      if (f.from) q.where('createdAt', '>=', f.from);
      if (f.to) q.where('createdAt', '<', f.to);
      return knexPage(q, page, toPayment, { order: newestFirst() });
    },
    async insertNotification(n) {
      await db
        .q()('payment_notifications')
        .insert({ ...n, payload: JSON.stringify(n.payload ?? null) });
    },
    async notificationsOfOrder(tenantId, orderId) {
      return (
        await db
          .q()('payment_notifications')
          .where({ tenantId, orderId })
          .orderBy([
            { column: 'receivedAt', order: 'asc' },
            { column: 'id', order: 'asc' },
          ])
      ).map(toNotification);
    },
  };
};

const toSubscription = (r: SubscriptionRow): Subscription => ({
  id: r.id,
  tenantId: r.tenantId,
  userId: r.userId,
  planId: r.planId,
  orderId: r.orderId,
  status: r.status,
  durationDays: Number(r.durationDays),
  categoryIds: r.categoryIds ?? [],
  startsAt: r.startsAt,
  endsAt: r.endsAt,
  cancelledAt: r.cancelledAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
const subscriptionRow = (s: Subscription): SubscriptionWrite => ({ ...s, categoryIds: JSON.stringify(s.categoryIds) });

export const makeSubscriptionPgRepository = ({ db }: DbDeps): SubscriptionRepository => {
  const subscriptions = tenantTable(db, 'subscriptions', toSubscription);
  return {
    insert: (s) => subscriptions.insert(subscriptionRow(s)),
    update: (s) => subscriptions.update(subscriptionRow(s)),
    findById: (tenantId, id) => subscriptions.find({ tenantId, id }),
    lock: (tenantId, id) => subscriptions.lock({ tenantId, id }),
    listByUser(tenantId, userId, page) {
      return knexPage(db.q()('subscriptions').where({ tenantId, userId }).select('*'), page, toSubscription, { order: newestFirst() });
    },
    async currentEnd(tenantId, userId, planId, now) {
      const r = (await db
        .q()('subscriptions')
        .where({ tenantId, userId, planId, status: 'active' })
        .where('endsAt', '>', now)
        .max({ end: 'endsAt' })
        .first()) as { end: Date | string | null } | undefined;
      return r?.end ? new Date(r.end) : null;
    },
    async expireDue(now) {
      return Number(
        await db.q()('subscriptions').where({ status: 'active' }).where('endsAt', '<=', now).update({ status: 'expired', updatedAt: now }),
      );
    },
    async countActive(tenantId, userId, now) {
      const r = (await db
        .q()('subscriptions')
        .where({ tenantId, userId })
        .whereIn('status', ['active', 'cancelled'])
        .where('startsAt', '<=', now)
        .where('endsAt', '>', now)
        .count({ n: '*' })
        .first()) as { n: unknown } | undefined;
      return num(r?.n);
    },
    async countOfPlan(tenantId, planId) {
      const r = (await db.q()('subscriptions').where({ tenantId, planId }).count({ n: '*' }).first()) as { n: unknown } | undefined;
      return num(r?.n);
    },
    async holdersOfCategory(tenantId, categoryId, now) {
      // Cancelled ones that were paid run to their end; unpaid ones have none.
      const rows = (await db
        .q()('subscriptions')
        .where({ tenantId })
        .whereIn('status', ['active', 'cancelled'])
        .where('endsAt', '>', now)
        .whereRaw('category_ids @> ?::jsonb', [JSON.stringify([categoryId])])
        .distinctOn('userId')
        .orderBy([{ column: 'userId' }, { column: 'endsAt', order: 'desc' }])
        .select('userId', 'id', 'endsAt')) as Array<{ userId: string; id: string; endsAt: Date }>;
      return rows.map((r) => ({ userId: r.userId, subscriptionId: r.id, endsAt: r.endsAt }));
    },
  };
};

/**
 * Learning's `promo_codes` table: a use is taken and given back by one conditional statement
 * each, joining the caller's unit of work (README commerce, "Promo codes").
 */
export const makePromoCodeReservationsPg = ({ db }: DbDeps): PromoCodeReservations => ({
  async reserve(tenantId, code, at) {
    const rows = await db
      .q()('promo_codes')
      .where({ tenantId, code })
      .where((w) => w.whereNull('validFrom').orWhere('validFrom', '<=', at))
      .where((w) => w.whereNull('validUntil').orWhere('validUntil', '>', at))
      .where((w) => w.whereNull('maxUses').orWhere('usedCount', '<', db.knex.ref('maxUses')))
      .increment('usedCount', 1)
      .update({ updatedAt: at })
      .returning('*');
    return rows[0] ? promoCodeFromRow(rows[0]) : null;
  },
  async release(tenantId, code, at) {
    await db.q()('promo_codes').where({ tenantId, code }).where('usedCount', '>', 0).decrement('usedCount', 1).update({ updatedAt: at });
  },
});
