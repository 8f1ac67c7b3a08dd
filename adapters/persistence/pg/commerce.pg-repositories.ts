import type { Knex } from 'knex';
import type { Order, OrderItem, OrderItemType, OrderStatus } from '../../../domain/commerce/order.js';
import type { Payment, PaymentProvider } from '../../../domain/commerce/payment.js';
import type { PaymentStatus } from '../../../domain/commerce/payment-status.js';
import type { Subscription, SubscriptionStatus } from '../../../domain/commerce/subscription.js';
import type { OrderRepository } from '../../../application/commerce/ports/order-repository.js';
import type { PaymentNotification, PaymentRepository } from '../../../application/commerce/ports/payment-repository.js';
import type { SubscriptionRepository } from '../../../application/commerce/ports/subscription-repository.js';
import type { PromoCodeReservations } from '../../../application/commerce/ports/promo-code-reservations.js';
import { promoCodeFromRow } from './record-store.pg-repository.js';
import type { DbDeps } from './base.js';
import { knexPage, num, numOrNull } from './knex-helpers.js';

type Row = Record<string, unknown>;

// Items are jsonb with snake_case keys inside (the snake-case mappers convert only column names).
const itemToJson = (i: OrderItem) => ({
  type: i.type, name: i.name, course_id: i.courseId, category_id: i.categoryId, plan_id: i.planId, subscription_id: i.subscriptionId,
  course_ids: i.courseIds, quantity: i.quantity, unit_price: i.unitPrice, amount: i.amount, tier_min_quantity: i.tierMinQuantity,
});
const itemFromJson = (j: Record<string, unknown>): OrderItem => ({
  type: j.type as OrderItemType, name: String(j.name ?? ''), courseId: (j.course_id as string | null) ?? null, categoryId: (j.category_id as string | null) ?? null,
  planId: (j.plan_id as string | null) ?? null, subscriptionId: (j.subscription_id as string | null) ?? null, courseIds: (j.course_ids as string[] | undefined) ?? [],
  quantity: num(j.quantity), unitPrice: num(j.unit_price), amount: num(j.amount), tierMinQuantity: numOrNull(j.tier_min_quantity),
});

const toOrder = (r: Row): Order => ({
  id: r.id as string, tenantId: r.tenantId as string, userId: r.userId as string, items: ((r.items ?? []) as Array<Record<string, unknown>>).map(itemFromJson),
  subtotal: num(r.subtotal), discount: num(r.discount), totalAmount: num(r.totalAmount), currency: r.currency as string, status: r.status as OrderStatus,
  promoCode: r.promoCode as string | null, subscriptionId: r.subscriptionId as string | null, promoUseHeld: r.promoUseHeld === true,
  createdAt: r.createdAt as Date, updatedAt: r.updatedAt as Date, paidAt: r.paidAt as Date | null,
});
const orderRow = (o: Order): Row => ({ ...o, items: JSON.stringify(o.items.map(itemToJson)) });

export const makeOrderPgRepository = ({ db }: DbDeps): OrderRepository => ({
  async insert(order) {
    await db.q()('orders').insert(orderRow(order));
  },
  async findById(tenantId, id) {
    const r = await db.q()('orders').where({ tenantId, id }).first();
    return r ? toOrder(r) : null;
  },
  async lock(tenantId, id) {
    const r = await db.q()('orders').where({ tenantId, id }).forUpdate().first();
    return r ? toOrder(r) : null;
  },
  async update(order) {
    const { id, tenantId, createdAt: _c, ...changes } = orderRow(order);
    await db.q()('orders').where({ id, tenantId }).update(changes);
  },
  listByUser(tenantId, userId, filter, page) {
    const q = db.q()('orders').where({ tenantId, userId }).select('*');
    if (filter.status) q.where({ status: filter.status });
    return knexPage(q.orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]), page, toOrder);
  },
  async tenantOf(orderId) {
    const r = (await db.q()('orders').where({ id: orderId }).select('tenantId').first()) as { tenantId: string } | undefined;
    return r?.tenantId ?? null;
  },
  async paidTotals(tenantId, from, to) {
    const rows = (await db.q()('orders').where({ tenantId, status: 'paid' }).where('paidAt', '>=', from).where('paidAt', '<', to)
      .groupBy('currency').select('currency').count({ n: '*' }).sum({ total: 'totalAmount' })) as Array<{ currency: string; n: unknown; total: unknown }>;
    return rows.map((r) => ({ currency: r.currency, count: num(r.n), total: num(r.total) }));
  },
  async countByUser(tenantId, userId, status) {
    const r = (await db.q()('orders').where({ tenantId, userId, status }).count({ n: '*' }).first()) as { n: unknown } | undefined;
    return num(r?.n);
  },
  async count(tenantId, status) {
    const r = (await db.q()('orders').where({ tenantId, status }).count({ n: '*' }).first()) as { n: unknown } | undefined;
    return num(r?.n);
  },
});

const toPayment = (r: Row): Payment => ({
  id: r.id as string, tenantId: r.tenantId as string, orderId: r.orderId as string, userId: r.userId as string, transactionId: r.transactionId as string,
  gatewayTransactionId: r.gatewayTransactionId as string | null, provider: r.provider as PaymentProvider, paymentMethod: r.paymentMethod as string,
  amount: num(r.amount), currency: r.currency as string, status: r.status as PaymentStatus, redirectUrl: r.redirectUrl as string | null,
  reference: r.reference as string | null, createdAt: r.createdAt as Date, updatedAt: r.updatedAt as Date, paidAt: r.paidAt as Date | null,
});

const toNotification = (r: Row): PaymentNotification => ({
  id: r.id as string, tenantId: r.tenantId as string, orderId: r.orderId as string, provider: r.provider as string, transactionId: r.transactionId as string | null,
  transactionStatus: r.transactionStatus as string, statusCode: r.statusCode as string | null, grossAmount: r.grossAmount as string | null,
  payload: r.payload, outcome: r.outcome as string, receivedAt: r.receivedAt as Date,
});

const newest = (q: Knex.QueryBuilder) => q.orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]);

export const makePaymentPgRepository = ({ db }: DbDeps): PaymentRepository => ({
  async insert(p) {
    await db.q()('payments').insert(p);
  },
  async update(p) {
    const { id, tenantId, createdAt: _c, ...changes } = p;
    await db.q()('payments').where({ id, tenantId }).update(changes);
  },
  async findByTransactionId(tenantId, transactionId) {
    const r = await newest(db.q()('payments').where({ tenantId }).where((w) => w.where({ transactionId }).orWhere({ gatewayTransactionId: transactionId }))).first();
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
    return ((await newest(db.q()('payments').where({ tenantId, orderId, status: 'pending' }))) as Row[]).map(toPayment);
  },
  list(tenantId, f, page) {
    const q = db.q()('payments').where({ tenantId }).select('*');
    if (f.status) q.where({ status: f.status });
    if (f.method) q.where({ paymentMethod: f.method });
    if (f.orderId) q.where({ orderId: f.orderId });
    if (f.userId) q.where({ userId: f.userId });
    if (f.from) q.where('createdAt', '>=', f.from);
    if (f.to) q.where('createdAt', '<', f.to);
    return knexPage(newest(q), page, toPayment);
  },
  async insertNotification(n) {
    await db.q()('payment_notifications').insert({ ...n, payload: JSON.stringify(n.payload ?? null) });
  },
  async notificationsOfOrder(tenantId, orderId) {
    return ((await db.q()('payment_notifications').where({ tenantId, orderId }).orderBy([{ column: 'receivedAt', order: 'asc' }, { column: 'id', order: 'asc' }])) as Row[]).map(toNotification);
  },
});

const toSubscription = (r: Row): Subscription => ({
  id: r.id as string, tenantId: r.tenantId as string, userId: r.userId as string, planId: r.planId as string, orderId: r.orderId as string,
  status: r.status as SubscriptionStatus, durationDays: num(r.durationDays), categoryIds: (r.categoryIds as string[] | null) ?? [],
  startsAt: r.startsAt as Date | null, endsAt: r.endsAt as Date | null, cancelledAt: r.cancelledAt as Date | null, createdAt: r.createdAt as Date, updatedAt: r.updatedAt as Date,
});
const subscriptionRow = (s: Subscription): Row => ({ ...s, categoryIds: JSON.stringify(s.categoryIds) });

export const makeSubscriptionPgRepository = ({ db }: DbDeps): SubscriptionRepository => ({
  async insert(s) {
    await db.q()('subscriptions').insert(subscriptionRow(s));
  },
  async update(s) {
    const { id, tenantId, createdAt: _c, ...changes } = subscriptionRow(s);
    await db.q()('subscriptions').where({ id, tenantId }).update(changes);
  },
  async findById(tenantId, id) {
    const r = await db.q()('subscriptions').where({ tenantId, id }).first();
    return r ? toSubscription(r) : null;
  },
  async lock(tenantId, id) {
    const r = await db.q()('subscriptions').where({ tenantId, id }).forUpdate().first();
    return r ? toSubscription(r) : null;
  },
  listByUser(tenantId, userId, page) {
    return knexPage(newest(db.q()('subscriptions').where({ tenantId, userId }).select('*')), page, toSubscription);
  },
  async currentEnd(tenantId, userId, planId, now) {
    const r = (await db.q()('subscriptions').where({ tenantId, userId, planId, status: 'active' }).where('endsAt', '>', now).max({ end: 'endsAt' }).first()) as { end: Date | string | null } | undefined;
    return r?.end ? new Date(r.end) : null;
  },
  async expireDue(now) {
    return Number(await db.q()('subscriptions').where({ status: 'active' }).where('endsAt', '<=', now).update({ status: 'expired', updatedAt: now }));
  },
  async countActive(tenantId, userId, now) {
    const r = (await db.q()('subscriptions').where({ tenantId, userId }).whereIn('status', ['active', 'cancelled']).where('startsAt', '<=', now).where('endsAt', '>', now)
      .count({ n: '*' }).first()) as { n: unknown } | undefined;
    return num(r?.n);
  },
  async holdersOfCategory(tenantId, categoryId, now) {
    // Cancelled ones that were paid run to their end; unpaid ones have none.
    const rows = (await db.q()('subscriptions').where({ tenantId }).whereIn('status', ['active', 'cancelled']).where('endsAt', '>', now)
      .whereRaw('category_ids @> ?::jsonb', [JSON.stringify([categoryId])])
      .distinctOn('userId').orderBy([{ column: 'userId' }, { column: 'endsAt', order: 'desc' }])
      .select('userId', 'id', 'endsAt')) as Array<{ userId: string; id: string; endsAt: Date }>;
    return rows.map((r) => ({ userId: r.userId, subscriptionId: r.id, endsAt: r.endsAt }));
  },
});

/**
 * Learning's `promo_codes` table: a use is taken and given back by one conditional statement
 * each, joining the caller's unit of work (README commerce, "Promo codes").
 */
export const makePromoCodeReservationsPg = ({ db }: DbDeps): PromoCodeReservations => ({
  async reserve(tenantId, code, at) {
    const rows = (await db.q()('promo_codes').where({ tenantId, code })
      .where((w) => w.whereNull('validFrom').orWhere('validFrom', '<=', at))
      .where((w) => w.whereNull('validUntil').orWhere('validUntil', '>', at))
      .where((w) => w.whereNull('maxUses').orWhere('usedCount', '<', db.knex.ref('maxUses')))
      .increment('usedCount', 1).update({ updatedAt: at }).returning('*')) as Row[];
    return rows[0] ? promoCodeFromRow(rows[0]) : null;
  },
  async release(tenantId, code, at) {
    await db.q()('promo_codes').where({ tenantId, code }).where('usedCount', '>', 0).decrement('usedCount', 1).update({ updatedAt: at });
  },
});
