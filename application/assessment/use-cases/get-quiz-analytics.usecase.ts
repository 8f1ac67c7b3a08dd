import { computeAnalytics, type QuizAnalytics } from '../../../domain/assessment/analytics.js';
import type { Question } from '../../../domain/assessment/question.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { expireOverdueOf } from '../attempt-grading.js';
import type { AttemptSelection } from '../ports/quiz-results-reader.js';

/**
 * Statistics of a quiz (contract §6, Moodle's formulas in domain/assessment/analytics.ts) over
 * its graded attempts: every one, or each user's first. Overdue attempts are graded first so
 * they count. The store answers sums (SQL aggregates): the cost does not grow with memory.
 */
export const makeGetQuizAnalytics = (d: Pick<AssessmentDeps, 'quizRepository' | 'questionRepository' | 'attemptRepository' | 'quizResultsReader' | 'evaluateCourseCompletion' | 'clock' | 'uow'>) =>
  async (actor: Actor, quizId: string, selection: AttemptSelection): Promise<Result<{ analytics: QuizAnalytics; questions: Question[] }, 'QUIZ_NOT_FOUND'>> => {
    if (!(await d.quizRepository.findById(actor.tenantId, quizId))) return err('QUIZ_NOT_FOUND');
    await expireOverdueOf(d, actor.tenantId, { quizId });
    const [moments, questions] = await Promise.all([d.quizResultsReader.moments(actor.tenantId, quizId, selection), d.questionRepository.listByQuiz(actor.tenantId, quizId)]);
    // Questions in quiz order; statistics of questions deleted since are left out.
    const current = new Set(questions.map((q) => q.id));
    return ok({ analytics: computeAnalytics(moments.attempts, moments.questions.filter((q) => current.has(q.questionId))), questions });
  };
