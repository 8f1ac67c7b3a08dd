import { checkGrade, type Submission } from '../../../domain/assessment/assignment.js';
import { canModify } from '../../../domain/identity/hierarchy.js';
import { err, ok } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { assignmentGradedMail } from '../mail-templates.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type GradeAssignmentError = 'SUBMISSION_NOT_FOUND' | 'INVALID_GRADE' | 'INSUFFICIENT_PERMISSION';

/**
 * `POST /assignments/:id/grade {score, feedback}` (Mentor and above, contract §5): score 0–100.
 * A mentor may grade again to correct a grade. Nobody grades their own work: the author must have
 * a lower role than the grader (spec hierarchy rule 1), else 403. The grade, its audit entry and the student's mail
 * are written in one unit of work (the mail is delivered by a job after commit, style rule 7).
 */
export const makeGradeAssignment =
  (
    d: Pick<
      AssessmentDeps,
      'submissionRepository' | 'learningAccess' | 'userRepository' | 'mailer' | 'domainEvents' | 'auditLog' | 'clock' | 'uow'
    >,
  ): AuditedCommand<[id: string, input: { score: number; feedback: string | null }], Submission, GradeAssignmentError> =>
  async (actor, meta, id, input) => {
    const score = checkGrade(input.score);
    if (!score.ok) return err('INVALID_GRADE', `score: ${score.error}`);
    return d.uow.run(async () => {
      const found = await d.submissionRepository.findById(actor.tenantId, id);
      if (!found) return err('SUBMISSION_NOT_FOUND');
      const author = await d.userRepository.findById(actor.tenantId, found.userId);
      if (found.userId === actor.userId || !author || canModify(actor.role, author.role)) return err('INSUFFICIENT_PERMISSION');
      const graded = await d.submissionRepository.grade(actor.tenantId, id, {
        score: score.value,
        feedback: input.feedback,
        gradedBy: actor.userId,
        gradedAt: d.clock.now(),
      });
      if (!graded) return err('SUBMISSION_NOT_FOUND');
      await recordAudit(d.auditLog, actor, meta, {
        action: 'assignment.grade',
        resourceType: 'assignment',
        resourceId: id,
        metadata: { score: graded.score, student_id: graded.userId },
      });
      const [student, lesson] = await Promise.all([
        d.userRepository.findById(actor.tenantId, graded.userId),
        d.learningAccess.lessonContent(actor.tenantId, graded.lessonId),
      ]);
      await d.domainEvents.publish(actor.tenantId, 'assignment.graded', { submission: graded });
      if (student && !student.deletedAt)
        await d.mailer.send(actor.tenantId, assignmentGradedMail(student.email, student.displayName, lesson?.title ?? null, graded));
      return ok(graded);
    });
  };
