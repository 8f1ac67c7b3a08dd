import { exceedsMaxAmount, lineAmount, unitPriceFor, type PromoProblem } from '../../../domain/commerce/pricing.js';
import type { Minor } from '../../../domain/shared/money.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import { amountTooLarge, applicablePromo } from '../order-pricing.js';
import { quote } from '../../../domain/commerce/pricing.js';

export interface PriceCheck {
  categoryId: string;
  quantity: number;
  promoCode?: string | null | undefined;
  currency?: string | undefined;
}

export interface PriceQuote {
  unitPrice: Minor;
  quantity: number;
  subtotal: Minor;
  discount: Minor;
  total: Minor;
  promoCodeApplied: string | null;
  currency: string;
  tierMinQuantity: number | null;
}

/**
 * `POST /api/orders/check-price {category_id, quantity, promo_code}` (public): the category's
 * unit price at the tier `quantity` reaches, and the totals; nothing is stored. An invalid,
 * expired or exhausted promo code is an error naming the reason (contract §7).
 */
export const makeCheckPrice =
  (d: Pick<CommerceDeps, 'learningCatalog' | 'clock'>) =>
  async (tenantId: string, cmd: PriceCheck): Promise<Result<PriceQuote, 'PRICE_NOT_FOUND' | 'AMOUNT_TOO_LARGE' | PromoProblem>> => {
    const currency = (cmd.currency ?? 'IDR').toUpperCase();
    const price = await d.learningCatalog.pricingFor(tenantId, cmd.categoryId, currency);
    if (!price) return err('PRICE_NOT_FOUND');
    const promo = await applicablePromo(d, tenantId, cmd.promoCode);
    if (!promo.ok) return promo;
    const { unitPrice, tierMinQuantity } = unitPriceFor(price, cmd.quantity);
    const line = lineAmount(unitPrice, cmd.quantity, currency);
    // What no order could hold is not quoted either.
    if (exceedsMaxAmount([line])) return amountTooLarge();
    const totals = quote([line], promo.value, currency);
    return ok({ unitPrice, quantity: cmd.quantity, ...totals, promoCodeApplied: promo.value?.code ?? null, currency, tierMinQuantity });
  };
