import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CompletionOutcome } from '../../learning/index.js';
import type { AssessmentDeps } from '../deps.js';
import { closeAttempt } from '../attempt-grading.js';
import { reviewOf, type AttemptReview } from '../attempt-review.js';
import { saveAnswers, type AnswerInput, type SaveAnswerError } from './save-answer.usecase.js';

export type SubmitAttemptError = 'ATTEMPT_NOT_FOUND' | Exclude<SaveAnswerError, 'ATTEMPT_NOT_IN_PROGRESS'>;

/**
 * `POST /quiz-attempts/:id/submit` (contract §6): saves the answers given with it (optional), then
 * grades the attempt. Idempotent: submitting a graded attempt answers it unchanged. Past the
 * deadline the attempt is graded as expired with what it had.
 */
export const makeSubmitAttempt =
  (d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'attemptRepository' | 'evaluateCourseCompletion' | 'clock' | 'uow'>) =>
  async (
    actor: Actor,
    attemptId: string,
    answers: readonly AnswerInput[] = [],
  ): Promise<Result<AttemptReview & { completion: CompletionOutcome | null }, SubmitAttemptError>> => {
    const attempt = await d.attemptRepository.findById(actor.tenantId, attemptId);
    if (!attempt || attempt.userId !== actor.userId) return err('ATTEMPT_NOT_FOUND');
    if (answers.length && attempt.status === 'in_progress') {
      const saved = await saveAnswers(d, actor, attemptId, answers);
      if (!saved.ok && saved.error !== 'ATTEMPT_NOT_IN_PROGRESS') return saved as Result<never, SubmitAttemptError>;
    }
    const closed = await closeAttempt(d, actor.tenantId, attemptId, 'submitted');
    if (!closed) return err('ATTEMPT_NOT_FOUND');
    const review = await reviewOf(d, actor, closed.attempt);
    return ok({ ...review, completion: closed.completion });
  };
