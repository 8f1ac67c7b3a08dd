import type { Quiz } from '../../../domain/assessment/quiz.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import type { AttemptSummary } from '../ports/attempt-repository.js';
import type { QuizQuestionStats } from '../ports/quiz-repository.js';
import { isStaff } from '../quiz-access.js';

export interface QuizListing {
  page: Page<Quiz>;
  stats: Map<string, QuizQuestionStats>;
  /** The caller's attempts per quiz. */
  mine: Map<string, AttemptSummary>;
}

export type ListQuizzesError = 'MODULE_NOT_FOUND' | 'COURSE_NOT_FOUND' | 'NOT_ENROLLED' | 'FILTER_REQUIRED';

/**
 * Quizzes of a module (or a course), newest first. Students: published ones of courses they are
 * enrolled in (contract §5: else 403). Mentors and above: all, and may omit the filter.
 */
export const makeListQuizzes =
  (d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'attemptRepository' | 'learningAccess'>) =>
  async (
    actor: Actor,
    filter: { moduleId?: string | undefined; courseId?: string | undefined },
    page: PageRequest,
  ): Promise<Result<QuizListing, ListQuizzesError>> => {
    let courseId = filter.courseId;
    if (filter.moduleId) {
      const found = await d.learningAccess.resolveModule(actor.tenantId, filter.moduleId);
      if (!found || (courseId && found.course.id !== courseId)) return err('MODULE_NOT_FOUND');
      courseId = found.course.id;
    }
    if (courseId) {
      const gate = await d.learningAccess.requireContentAccess(actor, courseId);
      if (!gate.ok)
        return gate.error === 'NOT_ENROLLED' ? err('NOT_ENROLLED') : err(filter.moduleId ? 'MODULE_NOT_FOUND' : 'COURSE_NOT_FOUND');
    } else if (!isStaff(actor)) return err('FILTER_REQUIRED', 'module_id: required');
    const listed = await d.quizRepository.list(
      actor.tenantId,
      { moduleId: filter.moduleId, courseId, publishedOnly: !isStaff(actor) },
      page,
    );
    const ids = listed.items.map((q) => q.id);
    const [stats, mine] = await Promise.all([
      d.questionRepository.statsByQuizzes(actor.tenantId, ids),
      d.attemptRepository.summaries(actor.tenantId, actor.userId, ids),
    ]);
    return ok({ page: listed, stats, mine });
  };
