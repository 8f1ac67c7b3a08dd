import { computeAnalytics, roundAnalytics, type QuizAnalytics } from '../../../domain/assessment/analytics.js';
import { isDescription, randomGuessScore, type Question } from '../../../domain/assessment/question.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { expireOverdueOf } from '../attempt-grading.js';
import type { AttemptSelection } from '../ports/quiz-results-reader.js';

/**
 * Moodle's statistics report of a quiz (domain/assessment/analytics.ts) over its graded attempts:
 * every one, or per user the first, last or highest (Moodle's "attempts to analyse"). Overdue
 * attempts are graded first so they count; attempts waiting for a mentor's mark do not. The store
 * answers sums (SQL aggregates): the cost does not grow with memory.
 */
export const makeGetQuizAnalytics =
  (
    d: Pick<
      AssessmentDeps,
      'quizRepository' | 'questionRepository' | 'attemptRepository' | 'quizResultsReader' | 'evaluateCourseCompletion' | 'clock' | 'uow'
    >,
  ) =>
  async (
    actor: Actor,
    quizId: string,
    selection: AttemptSelection,
  ): Promise<Result<{ analytics: QuizAnalytics; questions: Question[] }, 'QUIZ_NOT_FOUND'>> => {
    if (!(await d.quizRepository.findById(actor.tenantId, quizId))) return err('QUIZ_NOT_FOUND');
    await expireOverdueOf(d, actor.tenantId, { quizId });
    const [moments, all] = await Promise.all([
      d.quizResultsReader.moments(actor.tenantId, quizId, selection),
      d.questionRepository.listByQuiz(actor.tenantId, quizId),
    ]);
    // Questions in quiz order; statistics of questions deleted since are left out, and description
    // items have none (no mark: Moodle's statistics skip them too).
    const questions = all.filter((q) => !isDescription(q.type));
    const current = new Set(questions.map((q) => q.id));
    const facts = questions.map((q) => ({ questionId: q.id, maxMark: q.points, randomGuessScore: randomGuessScore(q) }));
    return ok({
      analytics: roundAnalytics(
        computeAnalytics(
          moments.attempts,
          moments.questions.filter((q) => current.has(q.questionId)),
          facts,
        ),
      ),
      questions,
    });
  };
