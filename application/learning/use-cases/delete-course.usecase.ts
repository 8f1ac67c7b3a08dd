import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';

/**
 * A course nobody is or was enrolled in is deleted with its modules and lessons. One with
 * enrolments (and so progress and certificates that must keep verifying) is refused: archive it.
 * The course is locked before the count, so no enrolment lands between the check and the delete.
 */
export const makeDeleteCourse = (d: Pick<LearningDeps, 'courseRepository' | 'enrollmentRepository' | 'auditLog' | 'clock' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, id: string): Promise<Result<null, 'COURSE_NOT_FOUND' | 'COURSE_IN_USE'>> =>
    d.uow.run(async () => {
      const course = await d.courseRepository.lock(actor.tenantId, id);
      if (!course) return err('COURSE_NOT_FOUND');
      const enrolled = await d.enrollmentRepository.list(actor.tenantId, { courseId: id }, d.clock.now(), { page: 1, pageSize: 1 });
      if (enrolled.total > 0) return err('COURSE_IN_USE', `${enrolled.total} enrolment(s); archive the course instead`);
      await d.courseRepository.delete(actor.tenantId, id);
      await d.auditLog.record({ tenantId: actor.tenantId, userId: actor.userId, action: 'course.delete', resourceType: 'course', resourceId: id, ...meta, metadata: { title: course.title } });
      return ok(null);
    });
