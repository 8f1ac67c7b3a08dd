/** Rules of the admin resources (contract §6, §7) that hold whatever the edge accepted. */
import type { Minor } from '../shared/money.js';

export const slugify = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120) || 'category';

export interface PriceTier {
  minQuantity: number;
  unitPrice: Minor;
}

/** Tiers by quantity, each threshold once: `null` when two tiers share a threshold. */
export function normaliseTiers(tiers: readonly PriceTier[]): PriceTier[] | null {
  const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.minQuantity === sorted[i - 1]!.minQuantity) return null;
  return sorted;
}

export const PROMO_TYPES = ['percent', 'fixed'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

export interface PromoTerms {
  type: PromoType;
  /**
   * Hundredths, exact, as the `numeric(14, 2)` column holds it: of the currency's unit for a
   * `fixed` code (money), of a percent for a `percent` code (12.5 % is 1250n, what
   * `percentOfMinor` takes). Either is a decimal with at most two places.
   */
  value: Minor;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  usedCount: number;
}

export const normalisePromoCode = (code: string): string => code.trim().toUpperCase();
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

/** Why a promo code's terms are inconsistent, or null when they hold. */
export function promoTermsProblem(p: PromoTerms): string | null {
  if (!(p.value > 0n)) return 'value: must be greater than 0';
  if (p.type === 'percent' && p.value > 10_000n) return 'value: a percentage is at most 100';
  if (p.validFrom && p.validUntil && p.validFrom.getTime() >= p.validUntil.getTime()) return 'valid_until: must be after valid_from';
  if (p.maxUses !== null && p.maxUses < 0) return 'max_uses: must not be negative';
  if (p.usedCount < 0) return 'used_count: must not be negative';
  return null;
}
