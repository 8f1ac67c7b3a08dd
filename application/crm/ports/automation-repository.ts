import type { AutomationRules } from '../../../domain/crm/allocation.js';

export interface AutomationRepository {
  get(tenantId: string): Promise<AutomationRules | null>;
  save(tenantId: string, rules: AutomationRules, at: Date): Promise<void>;
  /**
   * Advances the pool's round-robin counter and answers its new value (1 for the first turn).
   * Atomic in the database (`INSERT … ON CONFLICT DO UPDATE SET position = position + 1
   * RETURNING`): concurrent arrivals never share a turn.
   */
  nextPosition(tenantId: string, poolKey: string): Promise<number>;
}
