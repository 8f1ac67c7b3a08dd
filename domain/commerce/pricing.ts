import type { PriceTier, PromoTerms, PromoType } from '../learning/admin-resources.js';
import { fromMinor, percentOfMinor, roundMinor, toMinor } from '../shared/money.js';

/** Price computation (contract §7): volume tiers of a category price, promo code validity and discount. */

export interface TieredPrice {
  unitPrice: number;
  tiers: readonly PriceTier[];
}

/** The unit price for `quantity`: the tier with the highest threshold reached, else the base price. */
export function unitPriceFor(price: TieredPrice, quantity: number): { unitPrice: number; tierMinQuantity: number | null } {
  let best: PriceTier | null = null;
  for (const t of price.tiers) if (t.minQuantity <= quantity && (!best || t.minQuantity > best.minQuantity)) best = t;
  return best ? { unitPrice: best.unitPrice, tierMinQuantity: best.minQuantity } : { unitPrice: price.unitPrice, tierMinQuantity: null };
}

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
export function discountFor(promo: { type: PromoType; value: number }, subtotal: number, currency: string): number {
  const sub = toMinor(subtotal);
  const raw = promo.type === 'percent' ? percentOfMinor(sub, promo.value, currency) : roundMinor(toMinor(promo.value), currency);
  const capped = raw < 0n ? 0n : raw > sub ? sub : raw;
  return fromMinor(capped);
}

export interface Quote {
  subtotal: number;
  discount: number;
  total: number;
}

/**
 * Totals of priced lines with an optional applicable promo code; always computed here, never taken
 * from a client. The subtotal is the exact sum of the line amounts (each already rounded to the
 * currency), and subtotal = discount + total exactly.
 */
export function quote(amounts: readonly number[], promo: { type: PromoType; value: number } | null, currency: string): Quote {
  const sub = roundMinor(amounts.reduce((s, a) => s + toMinor(a), 0n), currency);
  const subtotal = fromMinor(sub);
  const discount = promo ? discountFor(promo, subtotal, currency) : 0;
  return { subtotal, discount, total: fromMinor(sub - toMinor(discount)) };
}

/** A line: quantity × unit price, exactly, rounded half away from zero to the currency. */
export const lineAmount = (unitPrice: number, quantity: number, currency: string): number =>
  fromMinor(roundMinor(toMinor(unitPrice) * BigInt(quantity), currency));
