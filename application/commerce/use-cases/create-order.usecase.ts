import type { Order } from '../../../domain/commerce/order.js';
import type { Actor } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import { writePendingOrder, type PendingOrderDeps } from '../pending-orders.js';
import { applicablePromo, holdItemsForSale, priceCourseItems, type ItemRequest, type PricingError } from '../order-pricing.js';
import { payFreeOrder } from '../free-orders.js';
import type { Settlement } from '../settlement.js';

export interface CreateOrderCommand {
  items: ItemRequest[];
  promoCode?: string | null | undefined;
  currency?: string | undefined;
}

type Deps = PendingOrderDeps &
  Pick<CommerceDeps, 'learningAccess' | 'paymentRepository' | 'clock' | 'ids' | 'uow'> & { settlement: Settlement };

/**
 * `POST /api/orders {items:[{course_id}|{category_id}], promo_code?, currency?}`: a pending order
 * priced on the server, its confirmation mailed in the same unit of work. A promo code's use is
 * reserved in that unit of work too, so concurrent orders never take more than `max_uses`. A
 * total of 0 (a 100 % promo code) is paid at once through the settlement, so the courses are granted.
 * The order's courses are share-locked while it is written (`holdItemsForSale`): a course deleted
 * or archived since it was priced refuses the order, and one deleted later finds it pending.
 */
export const makeCreateOrder =
  (d: Deps) =>
  async (actor: Actor, cmd: CreateOrderCommand): Promise<Result<Order, PricingError>> => {
    const currency = (cmd.currency ?? 'IDR').toUpperCase();
    // Checked first so that a bad code is refused with its reason before anything is priced.
    const promo = await applicablePromo(d, actor.tenantId, cmd.promoCode);
    if (!promo.ok) return promo;
    const items = await priceCourseItems(d, actor.tenantId, cmd.items, currency);
    if (!items.ok) return items;
    const placed = await d.uow.run(async () => {
      const forSale = await holdItemsForSale(d, actor.tenantId, items.value);
      if (!forSale.ok) return forSale;
      return writePendingOrder(
        d,
        actor,
        { id: d.ids.uuid(), items: items.value, currency, promo: promo.value, subscriptionId: null },
        d.clock.now(),
      );
    });
    if (!placed.ok) return placed;
    return ok(placed.value.totalAmount === 0n ? await payFreeOrder(d, placed.value) : placed.value);
  };
