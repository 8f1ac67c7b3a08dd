import type { CategorySubscribers, CourseSales } from '../learning/index.js';
import type { CommerceDeps } from './deps.js';

/**
 * Learning's `categorySubscribers` port: a course put into a category later reaches the paid
 * subscriptions that cover it (what was sold is the category, not the courses it held that day).
 * Registered under the same name after learning's default.
 */
export const makeCategorySubscribers = (d: Pick<CommerceDeps, 'subscriptionRepository'>): CategorySubscribers => ({
  of: (tenantId, categoryId, now) => d.subscriptionRepository.holdersOfCategory(tenantId, categoryId, now),
});

/** Learning's `courseSales` port: a course paid for is archived, never deleted. */
export const makeCourseSales = (d: Pick<CommerceDeps, 'orderRepository'>): CourseSales => ({
  paidOrders: (tenantId, courseId) => d.orderRepository.countPaidForCourse(tenantId, courseId),
});
