import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { describeGradedWork } from '../../../domain/learning/graded-work.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * A course nobody is or was enrolled in, worked in, paid for or is paying for is deleted with its modules and
 * lessons. One holding any learner's record is refused, enrolments or not: progress, submissions,
 * certificates and enrolments cascade with the course and attempts with its quizzes, and deleting
 * the enrolments first must not open the way (certificates must keep verifying). Archive it instead.
 * The course and its quizzes are locked before the counts, so nothing lands between the check and
 * the delete (new rows share-lock them through their foreign keys and wait).
 */
export const makeDeleteCourse =
  (
    d: Pick<
      LearningDeps,
      | 'courseRepository'
      | 'moduleRepository'
      | 'enrollmentRepository'
      | 'progressRepository'
      | 'certificateRepository'
      | 'gradedWorkOnContent'
      | 'salesRecords'
      | 'auditLog'
      | 'clock'
      | 'uow'
    >,
  ): AuditedCommand<[id: string], null, 'COURSE_NOT_FOUND' | 'COURSE_IN_USE'> =>
  async (actor, meta, id) =>
    d.uow.run(async () => {
      const tenantId = actor.tenantId;
      const course = await d.courseRepository.lock(tenantId, id);
      if (!course) return err('COURSE_NOT_FOUND');
      const lessonIds = (await d.moduleRepository.listWithLessons(tenantId, id)).lessons.map((l) => l.id);
      const orders = await d.salesRecords.ordersOfCourse(tenantId, id);
      const held = describeGradedWork({
        enrolments: (await d.enrollmentRepository.list(tenantId, { courseId: id }, d.clock.now(), { page: 1, pageSize: 1 })).total,
        progress: await d.progressRepository.countOnLessons(tenantId, lessonIds),
        submissions: await d.gradedWorkOnContent.submissionsInCourse(tenantId, id),
        attempts: await d.gradedWorkOnContent.attemptsInCourse(tenantId, id),
        certificates: await d.certificateRepository.count(tenantId, { courseId: id }),
        paidOrders: orders.paid,
        pendingOrders: orders.pending,
      });
      if (held) return err('COURSE_IN_USE', `${held}; archive the course instead`);
      await d.courseRepository.delete(tenantId, id);
      await recordAudit(d.auditLog, { tenantId, userId: actor.userId }, meta, {
        action: 'course.delete',
        resourceType: 'course',
        resourceId: id,
        metadata: { title: course.title },
      });
      return ok(null);
    });
