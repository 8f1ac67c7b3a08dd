import type { PriceTier, PromoTerms, PromoType } from '../learning/admin-resources.js';
import { roundMoney } from './money.js';

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

/** The discount on `subtotal`: a percentage of it, or a fixed amount; never more than the subtotal. */
export function discountFor(promo: { type: PromoType; value: number }, subtotal: number, currency: string): number {
  const raw = promo.type === 'percent' ? (subtotal * promo.value) / 100 : promo.value;
  return Math.min(subtotal, Math.max(0, roundMoney(raw, currency)));
}

export interface Quote {
  subtotal: number;
  discount: number;
  total: number;
}

/** Totals of priced lines with an optional applicable promo code; always computed here, never taken from a client. */
export function quote(amounts: readonly number[], promo: { type: PromoType; value: number } | null, currency: string): Quote {
  const subtotal = roundMoney(amounts.reduce((s, a) => s + a, 0), currency);
  const discount = promo ? discountFor(promo, subtotal, currency) : 0;
  return { subtotal, discount, total: roundMoney(subtotal - discount, currency) };
}

/** A line: quantity × unit price, rounded to the currency. */
export const lineAmount = (unitPrice: number, quantity: number, currency: string): number => roundMoney(unitPrice * quantity, currency);
