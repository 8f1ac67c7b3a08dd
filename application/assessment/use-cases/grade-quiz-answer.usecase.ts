import type { Attempt, AttemptAnswer } from '../../../domain/assessment/attempt.js';
import { markAnswer } from '../../../domain/assessment/grading.js';
import { isManuallyGraded } from '../../../domain/assessment/question.js';
import { canModify } from '../../../domain/identity/hierarchy.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CompletionOutcome } from '../../learning/index.js';
import type { AssessmentDeps } from '../deps.js';
import { questionsOfAttempt } from '../attempt-questions.js';
import { essayGradedMail } from '../mail-templates.js';
import { reviewOf, type AttemptReview } from '../attempt-review.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type GradeQuizAnswerError =
  'ATTEMPT_NOT_FOUND' | 'QUESTION_NOT_IN_QUIZ' | 'NOT_MANUALLY_GRADED' | 'ATTEMPT_NOT_ENDED' | 'INSUFFICIENT_PERMISSION' | 'INVALID_GRADE';

export interface GradeQuizAnswerInput {
  questionId: string;
  points: number;
  feedback: string | null;
}

/**
 * `POST /quiz-attempts/:id/grade {question_id, points, feedback}` (Mentor and above): a mentor's
 * mark for an essay of an ended attempt, 0 … its points with two decimals; marking again corrects
 * it. As for assignments, nobody grades their own work and graders grade lower roles only
 * (403, `INSUFFICIENT_PERMISSION`). Once every essay has a mark the attempt leaves `needs_grading` with its score
 * and pass, and a pass re-evaluates the course (certificate). The mark, its audit entry and the
 * student's mail are written in one unit of work under the attempt's row lock.
 */
export const makeGradeQuizAnswer =
  (
    d: Pick<
      AssessmentDeps,
      | 'quizRepository'
      | 'questionRepository'
      | 'attemptRepository'
      | 'userRepository'
      | 'evaluateCourseCompletion'
      | 'mailer'
      | 'auditLog'
      | 'clock'
      | 'uow'
    >,
  ): AuditedCommand<
    [attemptId: string, input: GradeQuizAnswerInput],
    AttemptReview & { answer: AttemptAnswer; completion: CompletionOutcome | null },
    GradeQuizAnswerError
  > =>
  async (actor, meta, attemptId, input) => {
    // One statement at a time inside the unit of work (one connection); the review is read after it.
    const marked = await d.uow.run(
      async (): Promise<
        Result<{ attempt: Attempt; answer: AttemptAnswer; completion: CompletionOutcome | null }, GradeQuizAnswerError>
      > => {
        const attempt = await d.attemptRepository.lock(actor.tenantId, attemptId);
        if (!attempt) return err('ATTEMPT_NOT_FOUND');
        const student = await d.userRepository.findById(actor.tenantId, attempt.userId);
        // As for assignments: nobody grades their own work; the student's role is below the grader's.
        if (attempt.userId === actor.userId || !student || canModify(actor.role, student.role)) return err('INSUFFICIENT_PERMISSION');
        if (attempt.status === 'in_progress') return err('ATTEMPT_NOT_ENDED');
        const question = (await questionsOfAttempt(d, attempt)).find((q) => q.id === input.questionId);
        if (!question) return err('QUESTION_NOT_IN_QUIZ', `question_id: ${input.questionId} is not a question of this attempt`);
        if (!isManuallyGraded(question.type))
          return err('NOT_MANUALLY_GRADED', `question_id: a ${question.type} question is graded automatically`);
        const quiz = await d.quizRepository.findById(actor.tenantId, attempt.quizId);
        const answers = await d.attemptRepository.listAnswers(actor.tenantId, attempt.id);
        const now = d.clock.now();
        const result = markAnswer(attempt, answers, { ...input, graderId: actor.userId }, quiz?.passingScore ?? 100, now);
        if (!result.ok) return err('INVALID_GRADE', result.error);
        const { attempt: next, answer } = result.value;
        await d.attemptRepository.saveMark(next, answer);
        await recordAudit(d.auditLog, actor, meta, {
          action: 'quiz_answer.grade',
          resourceType: 'quiz_attempt',
          resourceId: attempt.id,
          metadata: { question_id: input.questionId, points: input.points, student_id: attempt.userId },
        });
        if (student && !student.deletedAt)
          await d.mailer.send(
            actor.tenantId,
            essayGradedMail(student.email, student.displayName, quiz?.title ?? null, question.text, answer, next),
          );
        const completion =
          next.passed && attempt.passed !== true && quiz?.status === 'published'
            ? await d.evaluateCourseCompletion(actor.tenantId, attempt.userId, quiz.courseId)
            : null;
        return ok({ attempt: next, answer, completion });
      },
    );
    if (!marked.ok) return marked;
    return ok({ ...(await reviewOf(d, actor, marked.value.attempt)), answer: marked.value.answer, completion: marked.value.completion });
  };
