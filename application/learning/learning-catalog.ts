import { normalisePromoCode } from '../../domain/learning/admin-resources.js';
import type { Course } from '../../domain/learning/course.js';
import type { Page, PageRequest } from '../shared/ports.js';
import type { LearningDeps } from './deps.js';
import type { Pricing, PromoCode, SubscriptionPlan, SubscriptionPlanRepository } from './ports/admin-repositories.js';
import type { RecordStore } from './ports/record-store.js';

type Deps = Pick<LearningDeps, 'courseRepository'> & {
  subscriptionPlanRepository: SubscriptionPlanRepository;
  pricingStore: RecordStore<Pricing>;
  promoCodeStore: RecordStore<PromoCode>;
};

/**
 * Read side of what learning stores for commerce (registered as `learningCatalog`): courses with
 * their price, subscription plans, category prices and promo codes, and the share lock an order
 * being written takes on its courses. Commerce adds the behaviour (orders, checkout, counting
 * promo code uses) on top.
 */
export const makeLearningCatalog = (d: Deps) => ({
  findCourses: (tenantId: string, courseIds: readonly string[]): Promise<Course[]> => d.courseRepository.findManyByIds(tenantId, courseIds),
  /**
   * The courses among `courseIds` that are still for sale (published), share-locked until the
   * caller's unit of work ends: an order written in it cannot race a delete or an archive of one.
   */
  async holdCoursesForSale(tenantId: string, courseIds: readonly string[]): Promise<Set<string>> {
    const held = await d.courseRepository.lockShared(tenantId, courseIds);
    return new Set(held.filter((c) => c.status === 'published').map((c) => c.id));
  },
  findPlan: (tenantId: string, planId: string): Promise<SubscriptionPlan | null> => d.subscriptionPlanRepository.findById(tenantId, planId),
  findPlans: (tenantId: string, planIds: readonly string[]): Promise<SubscriptionPlan[]> =>
    d.subscriptionPlanRepository.findManyByIds(tenantId, planIds),
  listPlans: (tenantId: string, query: { active?: boolean | undefined }, page: PageRequest): Promise<Page<SubscriptionPlan>> =>
    d.subscriptionPlanRepository.list(tenantId, query, page),
  async pricingFor(tenantId: string, categoryId: string, currency = 'IDR'): Promise<Pricing | null> {
    return (await d.pricingStore.list(tenantId, { filter: { categoryId, currency } }, { page: 1, pageSize: 1 })).items[0] ?? null;
  },
  listPricing: (tenantId: string, page: PageRequest): Promise<Page<Pricing>> => d.pricingStore.list(tenantId, {}, page),
  /** By code as typed (any case, surrounding spaces ignored). */
  async findPromoCode(tenantId: string, code: string): Promise<PromoCode | null> {
    return (
      (await d.promoCodeStore.list(tenantId, { filter: { code: normalisePromoCode(code) } }, { page: 1, pageSize: 1 })).items[0] ?? null
    );
  },
});

export type LearningCatalog = ReturnType<typeof makeLearningCatalog>;
