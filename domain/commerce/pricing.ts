import type { PriceTier, PromoTerms, PromoType } from '../learning/admin-resources.js';
import { percentOfMinor, roundMinor, sumMinor, type Minor } from '../shared/money.js';

/** Price computation (contract §7): volume tiers of a category price, promo code validity and discount. */

export interface TieredPrice {
  unitPrice: Minor;
  tiers: readonly PriceTier[];
}

/** The unit price for `quantity`: the tier with the highest threshold reached, else the base price. */
export function unitPriceFor(price: TieredPrice, quantity: number): { unitPrice: Minor; tierMinQuantity: number | null } {
  let best: PriceTier | null = null;
  for (const t of price.tiers) if (t.minQuantity <= quantity && (!best || t.minQuantity > best.minQuantity)) best = t;
  return best ? { unitPrice: best.unitPrice, tierMinQuantity: best.minQuantity } : { unitPrice: price.unitPrice, tierMinQuantity: null };
}

/**
 * The largest amount a price, a line or an order total may reach: 999,999,999,999.99, what the
 * money columns hold (numeric(14,2)). Each price is capped at the edge; their sum is checked here,
 * so an order of several dear courses is refused (400) instead of failing on write.
 */
export const MAX_AMOUNT: Minor = 99_999_999_999_999n;

export const exceedsMaxAmount = (amounts: readonly Minor[]): boolean => sumMinor(amounts) > MAX_AMOUNT;

export const PROMO_PROBLEMS = ['PROMO_NOT_FOUND', 'PROMO_NOT_STARTED', 'PROMO_EXPIRED', 'PROMO_EXHAUSTED'] as const;
export type PromoProblem = (typeof PROMO_PROBLEMS)[number];

/**
 * Why a promo code cannot be applied now, or null when it can. `max_uses` null is unlimited;
 * a code whose `used_count` reached `max_uses` (so `max_uses` 0 at once) is exhausted (contract §7).
 */
export function promoProblem(p: PromoTerms | null, now: Date): PromoProblem | null {
  if (!p) return 'PROMO_NOT_FOUND';
  if (p.validFrom && now.getTime() < p.validFrom.getTime()) return 'PROMO_NOT_STARTED';
  if (p.validUntil && now.getTime() >= p.validUntil.getTime()) return 'PROMO_EXPIRED';
  if (p.maxUses !== null && p.usedCount >= p.maxUses) return 'PROMO_EXHAUSTED';
  return null;
}

/**
 * The discount on `subtotal`: a percentage of it (rounded half away from zero to the currency),
 * or a fixed amount; never more than the subtotal. Exact: computed in hundredths (domain/shared/money.ts).
 */
export function discountFor(promo: { type: PromoType; value: Minor }, subtotal: Minor, currency: string): Minor {
  const raw = promo.type === 'percent' ? percentOfMinor(subtotal, promo.value, currency) : roundMinor(promo.value, currency);
  return raw < 0n ? 0n : raw > subtotal ? subtotal : raw;
}

export interface Quote {
  subtotal: Minor;
  discount: Minor;
  total: Minor;
}

/**
 * Totals of priced lines with an optional applicable promo code; always computed here, never taken
 * from a client. The subtotal is the exact sum of the line amounts (each already rounded to the
 * currency), and subtotal = discount + total exactly.
 */
export function quote(amounts: readonly Minor[], promo: { type: PromoType; value: Minor } | null, currency: string): Quote {
  const subtotal = roundMinor(sumMinor(amounts), currency);
  const discount = promo ? discountFor(promo, subtotal, currency) : 0n;
  return { subtotal, discount, total: subtotal - discount };
}

/** A line: quantity × unit price, exactly, rounded half away from zero to the currency. */
export const lineAmount = (unitPrice: Minor, quantity: number, currency: string): Minor =>
  roundMinor(unitPrice * BigInt(quantity), currency);
