import { regrant, type Enrollment, type EnrollmentSource } from '../../../domain/learning/enrollment.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { enrollmentEvent } from '../event-views.js';

export type GrantEnrollmentError = 'COURSE_NOT_FOUND' | 'USER_NOT_FOUND';

/**
 * The one way into a course, for every source (admin, paid order, subscription, free course).
 * Idempotent: one enrolment per user and course; a re-grant extends a live one (never
 * shortens it) or reactivates an expired or cancelled one (`regrant`). Safe under concurrent
 * grants: insert-if-absent, then the row is locked and updated in one unit of work (which
 * joins the caller's, e.g. commerce's payment transaction).
 */
export const makeGrantEnrollment =
  (d: Pick<LearningDeps, 'courseRepository' | 'enrollmentRepository' | 'learnerDirectory' | 'domainEvents' | 'clock' | 'ids' | 'uow'>) =>
  async (
    tenantId: string,
    userId: string,
    courseId: string,
    source: EnrollmentSource,
    expiresAt: Date | null,
    sourceRef: string | null = null,
  ): Promise<Result<{ enrollment: Enrollment; created: boolean }, GrantEnrollmentError>> => {
    const [course, learner] = await Promise.all([
      d.courseRepository.findById(tenantId, courseId),
      d.learnerDirectory.findById(tenantId, userId),
    ]);
    if (!course) return err('COURSE_NOT_FOUND');
    if (!learner) return err('USER_NOT_FOUND');
    const now = d.clock.now();
    return d.uow.run(async () => {
      const fresh: Enrollment = {
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
      };
      if (await d.enrollmentRepository.insertIfAbsent(fresh)) {
        await d.domainEvents.publish(tenantId, 'enrollment.created', { enrollment: enrollmentEvent(fresh) });
        return ok({ enrollment: fresh, created: true });
      }
      const existing = (await d.enrollmentRepository.lock(tenantId, userId, courseId))!;
      const next = regrant(existing, { source, expiresAt, sourceRef }, now);
      if (next !== existing) await d.enrollmentRepository.update(next);
      return ok({ enrollment: next, created: false });
    });
  };

export type GrantEnrollment = ReturnType<typeof makeGrantEnrollment>;
