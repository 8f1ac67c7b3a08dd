import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { randomUUID } from 'node:crypto';
import { harness } from '../../support/harness.js';
import { holdUsesOfPendingOrders } from '../../../infrastructure/db/migrations/0700_promo_reservations.js';
import type { OrderRepository } from '../../../application/commerce/ports/order-repository.js';
import type { RecordStore } from '../../../application/learning/ports/record-store.js';
import type { PromoCode } from '../../../application/learning/index.js';
import type { Order } from '../../../domain/commerce/order.js';
import { Role } from '../../../domain/identity/role.js';

describe('migration 0700 (PGlite or DATABASE_URL): pending orders placed before reservations take the uses left', () => {
  it('oldest first, up to max_uses; paid, cancelled and already holding orders are left alone', async () => {
    const h = await harness();
    const t = await h.tenant();
    const user = await h.user(t, Role.Student);
    const store = h.resolve<RecordStore<PromoCode>>('promoCodeStore');
    const orders = h.resolve<OrderRepository>('orderRepository');
    const T0 = new Date('2026-01-01T00:00:00Z');
    const promo = (code: string, maxUses: number | null, usedCount: number): PromoCode => ({
      id: randomUUID(),
      tenantId: t.id,
      code,
      type: 'percent',
      value: toMinor(10),
      validFrom: null,
      validUntil: null,
      maxUses,
      usedCount,
      createdAt: T0,
      updatedAt: T0,
    });
    const two = promo('MIGTWO', 2, 1);
    const open = promo('MIGOPEN', null, 0);
    for (const p of [two, open]) expect(await store.insert(p)).to.equal('ok');
    const order = (code: string, minute: number, over: Partial<Order> = {}): Order => {
      const at = new Date(T0.getTime() + minute * 60_000);
      return {
        id: randomUUID(),
        tenantId: t.id,
        userId: user.id,
        items: [],
        subtotal: toMinor(100),
        discount: toMinor(10),
        totalAmount: toMinor(90),
        currency: 'IDR',
        status: 'pending',
        promoCode: code,
        subscriptionId: null,
        promoUseHeld: false,
        createdAt: at,
        updatedAt: at,
        paidAt: null,
        ...over,
      };
    };
    const placed = [
      order('MIGTWO', 3),
      order('MIGTWO', 1),
      order('MIGTWO', 2),
      order('MIGTWO', 0, { status: 'cancelled' }),
      order('MIGTWO', 0, { status: 'paid', promoUseHeld: true }),
      order('MIGOPEN', 1),
      order('MIGOPEN', 2),
    ];
    for (const o of placed) await orders.insert(o);

    await holdUsesOfPendingOrders(h.app.db.knex);

    const held = async (o: Order) => (await orders.findById(t.id, o.id))!.promoUseHeld;
    // MIGTWO had one use left: the oldest pending order (minute 1) takes it.
    expect(await Promise.all(placed.map(held))).to.deep.equal([false, true, false, false, true, true, true]);
    expect((await store.findById(t.id, two.id))!.usedCount).to.equal(2);
    expect((await store.findById(t.id, open.id))!.usedCount).to.equal(2);
  });
});
