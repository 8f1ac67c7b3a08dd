import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { AssessmentDeps } from '../deps.js';
import type { MarkingItem } from '../ports/attempt-repository.js';

/**
 * `GET /mentor/quiz-essays` (Mentor and above): the grading queue of essays, by default those
 * waiting for a mark, oldest ended attempt first; `graded` newest mark first. Filtered as the
 * assignment queue: only students of lower roles than the caller, never the caller's own attempts.
 */
export const makeListQuizEssays =
  (d: Pick<AssessmentDeps, 'attemptRepository'>) =>
  (
    actor: Actor,
    filter: { status: 'pending' | 'graded' | 'all'; quizId?: string | undefined; courseId?: string | undefined },
    page: PageRequest,
  ): Promise<Page<MarkingItem>> =>
    d.attemptRepository.listMarking(actor.tenantId, { ...filter, graderId: actor.userId, graderRole: actor.role }, page);
