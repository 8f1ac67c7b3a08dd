import { regrant, type Enrollment } from '../../domain/learning/enrollment.js';
import type { LearningDeps } from './deps.js';

const pairKey = (e: Pick<Enrollment, 'userId' | 'courseId'>) => `${e.userId} ${e.courseId}`;

/**
 * Writes grants, each given as the enrolment it would be if new, by `regrant`'s rules, in a few
 * statements however many: those whose user has no enrolment in the course are inserted together
 * and announced together (`enrollment.created`); the others are read locked in one statement and
 * re-granted (extended, never shortened; reactivated), the changed ones written in one more.
 * Runs in the caller's unit of work. Both a purchase (one user, many courses) and a course put
 * into a subscribed category (many users, one course) grant through here.
 */
export async function applyGrants(
  d: Pick<LearningDeps, 'enrollmentRepository' | 'domainEvents'>,
  tenantId: string,
  grants: readonly Enrollment[],
  now: Date,
): Promise<{ created: Enrollment[]; regranted: Enrollment[] }> {
  const inserted = new Set(await d.enrollmentRepository.insertManyIfAbsent(grants));
  const created = grants.filter((g) => inserted.has(g.id));
  await d.domainEvents.publishEach(
    tenantId,
    'enrollment.created',
    created.map((enrollment) => ({ enrollment })),
  );
  const held = new Map(grants.filter((g) => !inserted.has(g.id)).map((g) => [pairKey(g), g]));
  const existing = await d.enrollmentRepository.lockPairs(tenantId, [...held.values()]);
  const regranted = existing.map((e) => regrant(e, held.get(pairKey(e))!, now));
  await d.enrollmentRepository.updateGrants(regranted.filter((next, i) => next !== existing[i]));
  return { created, regranted };
}
