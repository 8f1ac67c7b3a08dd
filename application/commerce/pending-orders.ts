import type { Order, OrderItem } from '../../domain/commerce/order.js';
import type { PromoProblem } from '../../domain/commerce/pricing.js';
import type { PromoCode } from '../learning/index.js';
import type { Actor } from '../shared/actor.js';
import { ok, type Result } from '../shared/result.js';
import type { CommerceDeps } from './deps.js';
import { sendOrderConfirmation } from './order-mail.js';
import { reservePromo, totalsOf } from './order-pricing.js';

export type PendingOrderDeps = Pick<
  CommerceDeps,
  'learningCatalog' | 'promoCodeReservations' | 'paymentEvents' | 'orderRepository' | 'userRepository' | 'settingsReader' | 'mailer'
>;

/** A new order before its promo code's use is reserved and its totals are computed. */
export interface PendingOrderDraft {
  id: string;
  items: OrderItem[];
  currency: string;
  /** The code `applicablePromo` accepted, if any: its use is reserved here. */
  promo: PromoCode | null;
  subscriptionId: string | null;
}

/**
 * Writes a pending order of the actor in the caller's unit of work: one use of its promo code
 * reserved with it (README commerce, "Promo codes"), the totals from the code's terms as reserved
 * (not from an earlier read), the rows that belong with the order (`alsoWrite`, e.g. its
 * subscription), then its placed event and its confirmation mail.
 */
export async function writePendingOrder(
  d: PendingOrderDeps,
  actor: Actor,
  draft: PendingOrderDraft,
  now: Date,
  alsoWrite: () => Promise<void> = async () => {},
): Promise<Result<Order, PromoProblem>> {
  const held = draft.promo ? await reservePromo(d, actor.tenantId, draft.promo.code, now) : null;
  if (held && !held.ok) return held;
  const totals = totalsOf(draft.items, held?.value ?? null, draft.currency);
  const order: Order = {
    id: draft.id,
    tenantId: actor.tenantId,
    userId: actor.userId,
    items: draft.items,
    subtotal: totals.subtotal,
    discount: totals.discount,
    totalAmount: totals.total,
    currency: draft.currency,
    status: 'pending',
    promoCode: held?.value.code ?? null,
    subscriptionId: draft.subscriptionId,
    promoUseHeld: held !== null,
    createdAt: now,
    updatedAt: now,
    paidAt: null,
  };
  await d.orderRepository.insert(order);
  await alsoWrite();
  await d.paymentEvents.orderPlaced(order);
  await sendOrderConfirmation(d, order);
  return ok(order);
}
