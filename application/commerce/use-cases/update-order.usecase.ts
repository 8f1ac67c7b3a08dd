import { isOrderEditable, type Order } from '../../../domain/commerce/order.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import { normalisePromoCode } from '../../../domain/learning/admin-resources.js';
import type { PromoCode } from '../../learning/index.js';
import { holdItemsForSale, priceCourseItems, reservePromo, totalsOf, type ItemRequest, type PricingError } from '../order-pricing.js';
import { payFreeOrder } from '../free-orders.js';
import type { Settlement } from '../settlement.js';

export interface UpdateOrderCommand {
  items?: ItemRequest[] | undefined;
  /** null removes the code. */
  promoCode?: string | null | undefined;
}

export type UpdateOrderError = PricingError | 'ORDER_NOT_FOUND' | 'ORDER_NOT_PENDING' | 'ORDER_PAYMENT_IN_PROGRESS' | 'ORDER_ITEMS_FIXED';

type Deps = Pick<
  CommerceDeps,
  'orderRepository' | 'paymentRepository' | 'promoCodeReservations' | 'learningCatalog' | 'learningAccess' | 'clock' | 'ids' | 'uow'
> & { settlement: Settlement };

/**
 * `PUT /api/orders/:id {items?, promo_code?}` while pending (contract §7): priced again on the
 * server. Refused while a gateway payment of it is pending: the payer is looking at the old
 * amount (cancel the order and place a new one instead). A subscription order's item is fixed.
 * The promo code's use the order holds stays held while the code stays (even once the code is
 * used up or past its window: the use is this order's); a new code takes a use and the old one's
 * goes back, in the same unit of work.
 */
export const makeUpdateOrder =
  (d: Deps) =>
  async (actor: Actor, id: string, cmd: UpdateOrderCommand): Promise<Result<Order, UpdateOrderError>> => {
    const current = await d.orderRepository.findById(actor.tenantId, id);
    if (!current || current.userId !== actor.userId) return err('ORDER_NOT_FOUND');
    if (!isOrderEditable(current)) return err('ORDER_NOT_PENDING');
    if (cmd.items && current.subscriptionId) return err('ORDER_ITEMS_FIXED');
    let items = current.items;
    if (cmd.items) {
      const priced = await priceCourseItems(d, actor.tenantId, cmd.items, current.currency);
      if (!priced.ok) return priced;
      items = priced.value;
    }
    const updated = await d.uow.run(async (): Promise<Result<Order, UpdateOrderError>> => {
      const order = await d.orderRepository.lock(actor.tenantId, id);
      if (!order || !isOrderEditable(order)) return err('ORDER_NOT_PENDING');
      if ((await d.paymentRepository.pendingOfOrder(actor.tenantId, id)).length > 0) return err('ORDER_PAYMENT_IN_PROGRESS');
      if (cmd.items) {
        const forSale = await holdItemsForSale(d, actor.tenantId, items);
        if (!forSale.ok) return forSale;
      }
      const now = d.clock.now();
      const wanted = cmd.promoCode === undefined ? order.promoCode : cmd.promoCode;
      const code = wanted === null || wanted.trim() === '' ? null : normalisePromoCode(wanted);
      let promo: PromoCode | null = null;
      if (code !== null && order.promoUseHeld && code === order.promoCode) {
        promo = await d.learningCatalog.findPromoCode(actor.tenantId, code);
        if (!promo) return err('PROMO_NOT_FOUND');
      } else if (code !== null) {
        // Taken before the old use is given back: a refusal returns before anything was written.
        const held = await reservePromo(d, actor.tenantId, code, now);
        if (!held.ok) return held;
        promo = held.value;
      }
      if (order.promoUseHeld && order.promoCode !== null && order.promoCode !== code)
        await d.promoCodeReservations.release(actor.tenantId, order.promoCode, now);
      const totals = totalsOf(items, promo, order.currency);
      const next: Order = {
        ...order,
        items,
        subtotal: totals.subtotal,
        discount: totals.discount,
        totalAmount: totals.total,
        promoCode: promo?.code ?? null,
        promoUseHeld: promo !== null,
        updatedAt: now,
      };
      await d.orderRepository.update(next);
      return ok(next);
    });
    if (!updated.ok || updated.value.totalAmount !== 0n) return updated;
    return ok(await payFreeOrder(d, updated.value));
  };
