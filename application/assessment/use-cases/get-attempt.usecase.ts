import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { expireIfOverdue } from '../attempt-grading.js';
import { reviewOf, type AttemptReview } from '../attempt-review.js';
import { isStaff } from '../quiz-access.js';

/**
 * An attempt with its questions: the owner's own, or any for Mentors and above (everyone else:
 * 404). Touching an overdue attempt grades it as expired first.
 */
export const makeGetAttempt =
  (d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'attemptRepository' | 'evaluateCourseCompletion' | 'clock' | 'uow'>) =>
  async (actor: Actor, attemptId: string): Promise<Result<AttemptReview, 'ATTEMPT_NOT_FOUND'>> => {
    const attempt = await d.attemptRepository.findById(actor.tenantId, attemptId);
    if (!attempt || (attempt.userId !== actor.userId && !isStaff(actor))) return err('ATTEMPT_NOT_FOUND');
    return ok(await reviewOf(d, actor, await expireIfOverdue(d, attempt)));
  };
