import { CERTIFICATE_CODE_LENGTH, CODE_ALPHABET, formatCertificateCode } from '../../../domain/learning/codes.js';
import type { Certificate } from '../../../domain/learning/certificate.js';
import { isEnrollmentActive } from '../../../domain/learning/enrollment.js';
import { isCourseComplete } from '../../../domain/learning/progress.js';
import type { LearningDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';

export interface CompletionOutcome {
  completed: boolean;
  certificate: Certificate | null;
  /** True only for the call that issued the certificate. */
  issued: boolean;
}

/**
 * Course completion (contract §6): every lesson completed and every published quiz passed.
 * A complete course issues its certificate once per enrolled learner, whoever calls and how
 * often (the unique (user, course) index settles concurrent calls). Mentors previewing a
 * course without an enrolment get no certificate. Assessment calls this when a quiz is passed.
 */
export const makeEvaluateCourseCompletion =
  (
    d: Pick<
      LearningDeps,
      | 'courseRepository'
      | 'lessonRepository'
      | 'progressRepository'
      | 'enrollmentRepository'
      | 'certificateRepository'
      | 'courseQuizRequirements'
      | 'learnerDirectory'
      | 'auditLog'
      | 'domainEvents'
      | 'clock'
      | 'ids'
      | 'random'
      | 'uow'
    >,
  ) =>
  async (tenantId: string, userId: string, courseId: string): Promise<CompletionOutcome> => {
    const existing = await d.certificateRepository.find(tenantId, userId, courseId);
    // One after another: grading calls this inside its unit of work, whose one connection takes one statement at a time.
    const course = await d.courseRepository.findById(tenantId, courseId);
    const counts = await d.lessonRepository.countByCourses(tenantId, [courseId]);
    const summaries = await d.progressRepository.summaries(tenantId, [userId], [courseId]);
    const quizzes = await d.courseQuizRequirements.status(tenantId, userId, courseId);
    if (!course) return { completed: false, certificate: existing, issued: false };
    const completed = isCourseComplete({
      lessons: counts.get(courseId) ?? 0,
      completedLessons: summaries[0]?.completedLessons ?? 0,
      quizzesRequired: quizzes.required,
      quizzesPassed: quizzes.passed,
    });
    if (existing || !completed) return { completed, certificate: existing, issued: false };
    const now = d.clock.now();
    const enrollment = await d.enrollmentRepository.find(tenantId, userId, courseId);
    if (!enrollment || !isEnrollmentActive(enrollment, now)) return { completed, certificate: null, issued: false };
    const learner = await d.learnerDirectory.findById(tenantId, userId);
    if (!learner) return { completed, certificate: null, issued: false };
    const certificate: Certificate = {
      id: d.ids.uuid(),
      tenantId,
      userId,
      courseId,
      code: formatCertificateCode(d.random.string(CERTIFICATE_CODE_LENGTH, CODE_ALPHABET)),
      studentName: learner.displayName,
      courseTitle: course.title,
      issuedAt: now,
    };
    // The certificate, its audit entry and both events commit together (joining the caller's unit of work, if any).
    return d.uow.run(async (): Promise<CompletionOutcome> => {
      if (!(await d.certificateRepository.insertIfAbsent(certificate))) {
        return { completed, certificate: await d.certificateRepository.find(tenantId, userId, courseId), issued: false };
      }
      // Issued by the system on a completion, not by a request: no IP, no user agent.
      await recordAudit(
        d.auditLog,
        { tenantId, userId },
        { ip: null, userAgent: null },
        {
          action: 'certificate.issue',
          resourceType: 'certificate',
          resourceId: certificate.id,
          metadata: { course_id: courseId, code: certificate.code },
        },
      );
      await d.domainEvents.publish(tenantId, 'course.completed', { userId, course, completedAt: now });
      await d.domainEvents.publish(tenantId, 'certificate.issued', { certificate });
      return { completed, certificate, issued: true };
    });
  };

export type EvaluateCourseCompletion = ReturnType<typeof makeEvaluateCourseCompletion>;
