import type { CategorySubscribers, SalesRecords } from '../learning/index.js';
import type { CommerceDeps } from './deps.js';

/**
 * Learning's `categorySubscribers` port: a course put into a category later reaches the paid
 * subscriptions that cover it (what was sold is the category, not the courses it held that day).
 * Registered under the same name after learning's default.
 */
export const makeCategorySubscribers = (d: Pick<CommerceDeps, 'subscriptionRepository'>): CategorySubscribers => ({
  of: (tenantId, categoryId, now) => d.subscriptionRepository.holdersOfCategory(tenantId, categoryId, now),
});

/** Learning's `salesRecords` port: a course paid for or awaiting payment is archived and a plan subscribed to deactivated, never deleted. */
export const makeSalesRecords = (d: Pick<CommerceDeps, 'orderRepository' | 'subscriptionRepository'>): SalesRecords => ({
  ordersOfCourse: (tenantId, courseId) => d.orderRepository.countForCourse(tenantId, courseId),
  subscriptionsOfPlan: (tenantId, planId) => d.subscriptionRepository.countOfPlan(tenantId, planId),
});
