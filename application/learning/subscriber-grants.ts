import type { Course } from '../../domain/learning/course.js';
import { regrant, type Enrollment } from '../../domain/learning/enrollment.js';
import type { LearningDeps } from './deps.js';

type Deps = Pick<LearningDeps, 'categorySubscribers' | 'enrollmentRepository' | 'domainEvents' | 'ids'>;

/**
 * A course put into a category (created in it, or moved there) goes to everyone whose subscription
 * covers the category, until that subscription ends: the same grant its payment made for the
 * courses the category held then. Runs in the caller's unit of work, in a few statements however
 * many subscribers: one insert of the new enrolments (their events written together), one locked
 * read of the learners already enrolled, one write of their re-grants (never shortening). A course moved out
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
  const created = grants.filter((g) => inserted.has(g.id));
  await d.domainEvents.publishEach(
    course.tenantId,
    'enrollment.created',
    created.map((enrollment) => ({ enrollment })),
  );
  const grantOf = new Map(grants.map((g) => [g.userId, g]));
  const enrolled = grants.filter((g) => !inserted.has(g.id)).map((g) => g.userId);
  const existing = await d.enrollmentRepository.lockForUsers(course.tenantId, course.id, enrolled);
  const changed = existing.map((e) => regrant(e, grantOf.get(e.userId)!, now)).filter((next, i) => next !== existing[i]);
  await d.enrollmentRepository.updateGrants(changed);
}
