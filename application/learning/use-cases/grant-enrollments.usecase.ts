import type { Enrollment, EnrollmentSource } from '../../../domain/learning/enrollment.js';
import { applyGrants } from '../apply-grants.js';
import type { LearningDeps } from '../deps.js';

export type GrantEnrollmentError = 'COURSE_NOT_FOUND' | 'USER_NOT_FOUND';

export type GrantDeps = Pick<
  LearningDeps,
  'courseRepository' | 'enrollmentRepository' | 'learnerDirectory' | 'domainEvents' | 'clock' | 'ids' | 'uow'
>;

export interface GrantedEnrollments {
  /** The enrolments the user did not have. */
  created: Enrollment[];
  /** Those the user had, as re-granted (extended, never shortened; reactivated). */
  regranted: Enrollment[];
  /** The courses not granted, and why. */
  skipped: Array<{ courseId: string; reason: GrantEnrollmentError }>;
}

/**
 * `grantEnrollment` for many courses of one user at once (a paid order's courses, a subscription's
 * categories), by the same rules: one read of the courses, one of the user, then `applyGrants`,
 * in a number of statements that does not grow with the courses. Joins the caller's unit of work.
 */
export const makeGrantEnrollments =
  (d: GrantDeps) =>
  async (
    tenantId: string,
    userId: string,
    courseIds: readonly string[],
    source: EnrollmentSource,
    expiresAt: Date | null,
    sourceRef: string | null,
  ): Promise<GrantedEnrollments> => {
    const wanted = [...new Set(courseIds)];
    if (wanted.length === 0) return { created: [], regranted: [], skipped: [] };
    const found = new Set((await d.courseRepository.findManyByIds(tenantId, wanted)).map((c) => c.id));
    const skipped: GrantedEnrollments['skipped'] = wanted
      .filter((id) => !found.has(id))
      .map((courseId) => ({ courseId, reason: 'COURSE_NOT_FOUND' }));
    if (found.size > 0 && !(await d.learnerDirectory.findById(tenantId, userId))) {
      const unknownUser = [...found].map((courseId) => ({ courseId, reason: 'USER_NOT_FOUND' as const }));
      return { created: [], regranted: [], skipped: [...skipped, ...unknownUser] };
    }
    const now = d.clock.now();
    const grants = wanted
      .filter((id) => found.has(id))
      .map((courseId): Enrollment => ({
        id: d.ids.uuid(),
        tenantId,
        userId,
        courseId,
        status: 'active',
        source,
        sourceRef,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      }));
    return { ...(await d.uow.run(() => applyGrants(d, tenantId, grants, now))), skipped };
  };

export type GrantEnrollments = ReturnType<typeof makeGrantEnrollments>;
