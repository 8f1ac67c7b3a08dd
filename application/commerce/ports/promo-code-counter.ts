/**
 * Counts a promo code's use when an order with it is paid (contract §7), atomically:
 * `used_count = used_count + 1 WHERE max_uses IS NULL OR used_count < max_uses`. False when the
 * code is gone or exhausted meanwhile (the order is still paid: its amount was charged).
 */
export interface PromoCodeCounter {
  countUse(tenantId: string, code: string, at: Date): Promise<boolean>;
}
