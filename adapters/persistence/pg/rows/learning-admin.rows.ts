import type { Knex } from 'knex';
import type { PromoType } from '../../../../domain/learning/admin-resources.js';

/**
 * Rows of learning's sold resources (see commerce.rows.ts for the conventions): `numeric` money
 * as decimal text, jsonb read as its value and written as JSON text.
 */

export interface PromoCodeRow {
  id: string;
  tenantId: string;
  code: string;
  type: PromoType;
  /** A percentage (0–100, two decimals) or a fixed amount. */
  value: string;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  usedCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A tier inside `pricing.tiers` (jsonb, snake_case keys). */
export interface PriceTierJson {
  min_quantity: number;
  unit_price: number;
}

export interface PricingRow {
  id: string;
  tenantId: string;
  categoryId: string;
  unitPrice: string;
  currency: string;
  tiers: PriceTierJson[];
  createdAt: Date;
  updatedAt: Date;
}
export type PricingWrite = Omit<PricingRow, 'tiers'> & { tiers: string };

export interface SubscriptionPlanRow {
  id: string;
  tenantId: string;
  name: string;
  description: string | null;
  price: string;
  currency: string;
  durationDays: number;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    promo_codes: PromoCodeRow;
    pricing: Knex.CompositeTableType<PricingRow, PricingWrite, Partial<PricingWrite>>;
    subscription_plans: SubscriptionPlanRow;
  }
}
