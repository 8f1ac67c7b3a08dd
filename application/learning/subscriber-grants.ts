import type { Course } from '../../domain/learning/course.js';
import { regrant, type Enrollment } from '../../domain/learning/enrollment.js';
import type { LearningDeps } from './deps.js';

type Deps = Pick<LearningDeps, 'categorySubscribers' | 'enrollmentRepository' | 'domainEvents' | 'ids'>;

/**
 * A course put into a category (created in it, or moved there) goes to everyone whose subscription
 * covers the category, until that subscription ends: the same grant its payment made for the
 * courses the category held then. Runs in the caller's unit of work; one insert for all new
 * enrolments, and a re-grant (never shortening) for learners already enrolled. A course moved out
 * of a category stays with those it was granted to until their subscriptions end. An archived course
 * takes no new learners.
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
  const inserted = new Set(await d.enrollmentRepository.insertManyIfAbsent(grants));
  for (const grant of grants) {
    if (inserted.has(grant.id)) {
      await d.domainEvents.publish(course.tenantId, 'enrollment.created', { enrollment: grant });
      continue;
    }
    const existing = await d.enrollmentRepository.lock(course.tenantId, grant.userId, course.id);
    if (!existing) continue;
    const next = regrant(existing, grant, now);
    if (next !== existing) await d.enrollmentRepository.update(next);
  }
}
