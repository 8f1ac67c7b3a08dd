import type { Subscription } from '../../../domain/commerce/subscription.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { CategorySubscriber } from '../../learning/index.js';

export interface SubscriptionRepository {
  insert(s: Subscription): Promise<void>;
  update(s: Subscription): Promise<void>;
  findById(tenantId: string, id: string): Promise<Subscription | null>;
  lock(tenantId: string, id: string): Promise<Subscription | null>;
  /** The caller's subscriptions, newest first. */
  listByUser(tenantId: string, userId: string, page: PageRequest): Promise<Page<Subscription>>;
  /** The latest end among the user's active subscriptions of the plan still running at `now`. */
  currentEnd(tenantId: string, userId: string, planId: string, now: Date): Promise<Date | null>;
  /**
   * Marks every active subscription whose period ended by `now` expired, in every tenant (the
   * periodic sweep; one conditional UPDATE, safe to run anywhere any number of times).
   */
  expireDue(now: Date): Promise<number>;
  countActive(tenantId: string, userId: string, now: Date): Promise<number>;
  /** Subscriptions of the plan, whatever their status. */
  countOfPlan(tenantId: string, planId: string): Promise<number>;
  /** Per user, the paid subscription covering the category that ends last, among those not ended at `now`. */
  holdersOfCategory(tenantId: string, categoryId: string, now: Date): Promise<CategorySubscriber[]>;
}
