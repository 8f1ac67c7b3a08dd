import { coursesOf, type Order } from '../../../domain/commerce/order.js';
import type { Minor } from '../../../domain/shared/money.js';
import type { Payment } from '../../../domain/commerce/payment.js';
import type { Subscription } from '../../../domain/commerce/subscription.js';
import type { OrderRepository } from '../../../application/commerce/ports/order-repository.js';
import type { PaymentNotification, PaymentRepository } from '../../../application/commerce/ports/payment-repository.js';
import type { SubscriptionRepository } from '../../../application/commerce/ports/subscription-repository.js';
import type { PromoCodeReservations } from '../../../application/commerce/ports/promo-code-reservations.js';
import type { PromoCode } from '../../../application/learning/index.js';
import { clone, newestFirst, pageOf } from './paging.js';
import { MemoryTenantRows, rowsWhere } from './tenant-rows.js';

/** In-memory commerce repositories for use-case tests (the contract tests keep them honest). */
export class MemoryOrderRepository extends MemoryTenantRows<Order> implements OrderRepository {
  async listByUser(tenantId: string, userId: string, f: { status?: string | undefined }, page: { page: number; pageSize: number }) {
    const all = [...this.rows.values()]
      .filter((o) => o.tenantId === tenantId && o.userId === userId && (!f.status || o.status === f.status))
      .sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
  async tenantOf(orderId: string) {
    return this.rows.get(orderId)?.tenantId ?? null;
  }
  async paidTotals(tenantId: string, from: Date, to: Date) {
    const by = new Map<string, { currency: string; count: number; total: Minor }>();
    for (const o of this.rows.values()) {
      if (o.tenantId !== tenantId || o.status !== 'paid' || !o.paidAt || o.paidAt < from || o.paidAt >= to) continue;
      const e = by.get(o.currency) ?? { currency: o.currency, count: 0, total: 0n };
      e.count++;
      e.total += o.totalAmount;
      by.set(o.currency, e);
    }
    return [...by.values()];
  }
  async countByUser(tenantId: string, userId: string, status: string) {
    return [...this.rows.values()].filter((o) => o.tenantId === tenantId && o.userId === userId && o.status === status).length;
  }
  async count(tenantId: string, status: string) {
    return [...this.rows.values()].filter((o) => o.tenantId === tenantId && o.status === status).length;
  }
  async countForCourse(tenantId: string, courseId: string) {
    const granting = [...this.rows.values()].filter((o) => o.tenantId === tenantId && coursesOf(o).includes(courseId));
    return {
      paid: granting.filter((o) => o.status === 'paid' || o.status === 'refunded').length,
      pending: granting.filter((o) => o.status === 'pending').length,
    };
  }
}

export class MemoryPaymentRepository implements PaymentRepository {
  readonly rows = new Map<string, Payment>();
  readonly notifications: PaymentNotification[] = [];
  async insert(p: Payment) {
    if ([...this.rows.values()].some((x) => x.transactionId === p.transactionId))
      throw Object.assign(new Error('duplicate transaction id'), { code: '23505' });
    this.rows.set(p.id, clone(p));
  }
  async update(p: Payment) {
    if (this.rows.get(p.id)?.tenantId === p.tenantId) this.rows.set(p.id, clone(p));
  }
  private inTenant(tenantId: string) {
    return [...this.rows.values()].filter((p) => p.tenantId === tenantId).sort(newestFirst);
  }
  async findByTransactionId(tenantId: string, tx: string) {
    const p = this.inTenant(tenantId).find((x) => x.transactionId === tx || x.gatewayTransactionId === tx);
    return p ? clone(p) : null;
  }
  async findByTransactionIdAnyTenant(tx: string) {
    const p = [...this.rows.values()].find((x) => x.transactionId === tx);
    return p ? clone(p) : null;
  }
  async latestOfOrder(tenantId: string, orderId: string) {
    const p = this.inTenant(tenantId).find((x) => x.orderId === orderId);
    return p ? clone(p) : null;
  }
  async pendingOfOrder(tenantId: string, orderId: string) {
    return this.inTenant(tenantId)
      .filter((x) => x.orderId === orderId && x.status === 'pending')
      .map(clone);
  }
  async list(
    tenantId: string,
    f: {
      status?: string | undefined;
      method?: string | undefined;
      orderId?: string | undefined;
      userId?: string | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
    },
    page: { page: number; pageSize: number },
  ) {
    const all = this.inTenant(tenantId).filter(
      (p) =>
        (!f.status || p.status === f.status) &&
        (!f.method || p.paymentMethod === f.method) &&
        (!f.orderId || p.orderId === f.orderId) &&
        (!f.userId || p.userId === f.userId) &&
        (!f.from || p.createdAt >= f.from) &&
        (!f.to || p.createdAt < f.to),
    );
    return pageOf(all.map(clone), page);
  }
  async insertNotification(n: PaymentNotification) {
    this.notifications.push(clone(n));
  }
  async notificationsOfOrder(tenantId: string, orderId: string) {
    return this.notifications.filter((n) => n.tenantId === tenantId && n.orderId === orderId).map(clone);
  }
}

export class MemorySubscriptionRepository implements SubscriptionRepository {
  readonly rows = new Map<string, Subscription>();
  async insert(s: Subscription) {
    this.rows.set(s.id, clone(s));
  }
  async update(s: Subscription) {
    if (this.rows.get(s.id)?.tenantId === s.tenantId) this.rows.set(s.id, clone(s));
  }
  async findById(tenantId: string, id: string) {
    const s = this.rows.get(id);
    return s && s.tenantId === tenantId ? clone(s) : null;
  }
  lock(tenantId: string, id: string) {
    return this.findById(tenantId, id);
  }
  async listByUser(tenantId: string, userId: string, page: { page: number; pageSize: number }) {
    return pageOf(rowsWhere(this.rows.values(), { tenantId, userId }, newestFirst), page);
  }
  async currentEnd(tenantId: string, userId: string, planId: string, now: Date) {
    const ends = [...this.rows.values()]
      .filter(
        (s) => s.tenantId === tenantId && s.userId === userId && s.planId === planId && s.status === 'active' && s.endsAt && s.endsAt > now,
      )
      .map((s) => s.endsAt!.getTime());
    return ends.length ? new Date(Math.max(...ends)) : null;
  }
  async expireDue(now: Date) {
    let n = 0;
    for (const s of this.rows.values())
      if (s.status === 'active' && s.endsAt && s.endsAt <= now) Object.assign(s, { status: 'expired', updatedAt: now }, n++);
    return n;
  }
  async countActive(tenantId: string, userId: string, now: Date) {
    return [...this.rows.values()].filter(
      (s) =>
        s.tenantId === tenantId &&
        s.userId === userId &&
        (s.status === 'active' || s.status === 'cancelled') &&
        s.startsAt &&
        s.endsAt &&
        s.startsAt <= now &&
        s.endsAt > now,
    ).length;
  }
  async countOfPlan(tenantId: string, planId: string) {
    return [...this.rows.values()].filter((s) => s.tenantId === tenantId && s.planId === planId).length;
  }
  async holdersOfCategory(tenantId: string, categoryId: string, now: Date) {
    const last = new Map<string, Subscription>();
    for (const s of this.rows.values()) {
      if (
        s.tenantId !== tenantId ||
        (s.status !== 'active' && s.status !== 'cancelled') ||
        !s.endsAt ||
        s.endsAt <= now ||
        !s.categoryIds.includes(categoryId)
      )
        continue;
      const held = last.get(s.userId);
      if (!held || held.endsAt! < s.endsAt) last.set(s.userId, s);
    }
    return [...last.values()].map((s) => ({ userId: s.userId, subscriptionId: s.id, endsAt: new Date(s.endsAt!.getTime()) }));
  }
}

/** Reserves uses in a map of promo codes shared with the test's catalogue. */
export class MemoryPromoCodeReservations implements PromoCodeReservations {
  constructor(private readonly codes: Map<string, PromoCode>) {}
  private find(tenantId: string, code: string) {
    return [...this.codes.values()].find((c) => c.tenantId === tenantId && c.code === code);
  }
  async reserve(tenantId: string, code: string, at: Date) {
    const p = this.find(tenantId, code);
    if (!p || (p.validFrom && p.validFrom > at) || (p.validUntil && p.validUntil <= at) || (p.maxUses !== null && p.usedCount >= p.maxUses))
      return null;
    p.usedCount++;
    p.updatedAt = at;
    return structuredClone(p);
  }
  async release(tenantId: string, code: string, at: Date) {
    const p = this.find(tenantId, code);
    if (!p || p.usedCount === 0) return;
    p.usedCount--;
    p.updatedAt = at;
  }
}
