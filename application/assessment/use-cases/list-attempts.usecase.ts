import type { Attempt } from '../../../domain/assessment/attempt.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import { ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { expireOverdueOf } from '../attempt-grading.js';
import { isStaff, quizFor, type QuizAccessError } from '../quiz-access.js';

/**
 * `GET /quizzes/:id/attempts`, newest first: a student's own attempts; Mentors and above see
 * everyone's (or one user's with `user_id`). Overdue attempts are graded as expired first.
 */
export const makeListAttempts =
  (
    d: Pick<
      AssessmentDeps,
      'quizRepository' | 'questionRepository' | 'attemptRepository' | 'learningAccess' | 'evaluateCourseCompletion' | 'clock' | 'uow'
    >,
  ) =>
  async (
    actor: Actor,
    quizId: string,
    filter: { userId?: string | undefined },
    page: PageRequest,
  ): Promise<Result<Page<Attempt>, QuizAccessError>> => {
    const found = await quizFor(d, actor, quizId);
    if (!found.ok) return found;
    const userId = isStaff(actor) ? filter.userId : actor.userId;
    await expireOverdueOf(d, actor.tenantId, userId ? { quizId, userId } : { quizId });
    return ok(await d.attemptRepository.list(actor.tenantId, quizId, { userId }, page));
  };
