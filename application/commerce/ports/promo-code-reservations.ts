import type { PromoCode } from '../../learning/index.js';

/**
 * A promo code's `used_count` counts the uses held by orders (README commerce): an order takes
 * one when it is placed with the code, and gives it back when it ends unpaid. Both are single
 * conditional statements, meant to run in the unit of work that writes the order, so the count
 * and the orders holding it never disagree, and concurrent orders cannot take more than
 * `max_uses` (the second waits for the first's row lock, then finds the count reached).
 */
export interface PromoCodeReservations {
  /**
   * Takes one use of the code if it is valid at `at` and not exhausted
   * (`used_count = used_count + 1 WHERE … used_count < max_uses RETURNING *`): the code's terms
   * as reserved, or null (gone, outside its window, or used up).
   */
  reserve(tenantId: string, code: string, at: Date): Promise<PromoCode | null>;
  /** Gives one use back (never below 0: an admin may have reset the count meanwhile). */
  release(tenantId: string, code: string, at: Date): Promise<void>;
}
