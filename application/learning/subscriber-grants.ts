import type { Course } from '../../domain/learning/course.js';
import type { Enrollment } from '../../domain/learning/enrollment.js';
import { applyGrants } from './apply-grants.js';
import type { LearningDeps } from './deps.js';

type Deps = Pick<LearningDeps, 'categorySubscribers' | 'enrollmentRepository' | 'domainEvents' | 'ids'>;

/**
 * A course put into a category (created in it, or moved there) goes to everyone whose subscription
 * covers the category, until that subscription ends: the same grant its payment made for the
 * courses the category held then, through `applyGrants` (a few statements however many
 * subscribers), in the caller's unit of work. A course moved out of a category stays with those it
 * was granted to until their subscriptions end. An archived course takes no new learners.
 */
export async function grantToCategorySubscribers(d: Deps, course: Course, now: Date): Promise<void> {
  if (!course.categoryId || course.status === 'archived') return;
  const subscribers = await d.categorySubscribers.of(course.tenantId, course.categoryId, now);
  if (subscribers.length === 0) return;
  const grants: Enrollment[] = subscribers.map((s) => ({
    id: d.ids.uuid(),
    tenantId: course.tenantId,
    userId: s.userId,
    courseId: course.id,
    status: 'active',
    source: 'subscription',
    sourceRef: s.subscriptionId,
    expiresAt: s.endsAt,
    createdAt: now,
    updatedAt: now,
  }));
  await applyGrants(d, course.tenantId, grants, now);
}
