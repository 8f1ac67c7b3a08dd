import {
  computeAnalytics,
  roundAnalytics,
  roundQuestionAnalytics,
  type QuestionAnalytics,
  type QuizAnalytics,
} from '../../../domain/assessment/analytics.js';
import { isDescription, randomGuessScore, type Question } from '../../../domain/assessment/question.js';
import type { BankQuestion, RandomSlot } from '../../../domain/assessment/question-bank.js';
import { randomSlotAnalytics } from '../../../domain/assessment/random-slot-statistics.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { expireOverdueOf } from '../attempt-grading.js';
import type { AttemptSelection } from '../ports/quiz-results-reader.js';
import type { BankDeps } from '../question-bank.js';

/** Random slots' statistics (issue 33): per slot position, and per drawn question with the question. */
export interface RandomSlotStatistics {
  positions: Array<{ slot: RandomSlot; position: number; stats: QuestionAnalytics | null }>;
  drawn: Array<{ question: BankQuestion | null; stats: QuestionAnalytics }>;
}

/**
 * Moodle's statistics report of a quiz (domain/assessment/analytics.ts) over its graded attempts:
 * every one, or per user the first, last or highest (Moodle's "attempts to analyse"). Overdue
 * attempts are graded first so they count; attempts waiting for a mentor's mark do not. The store
 * answers sums (SQL aggregates): the cost does not grow with memory. A quiz with random slots counts
 * each slot position as one item, as Moodle does, and reports each drawn question apart.
 */
export const makeGetQuizAnalytics =
  (
    d: Pick<
      AssessmentDeps,
      'quizRepository' | 'questionRepository' | 'attemptRepository' | 'quizResultsReader' | 'evaluateCourseCompletion' | 'clock' | 'uow'
    > &
      Partial<Pick<BankDeps, 'questionBankRepository'>>,
  ) =>
  async (
    actor: Actor,
    quizId: string,
    selection: AttemptSelection,
  ): Promise<Result<{ analytics: QuizAnalytics; questions: Question[]; randomSlots?: RandomSlotStatistics }, 'QUIZ_NOT_FOUND'>> => {
    if (!(await d.quizRepository.findById(actor.tenantId, quizId))) return err('QUIZ_NOT_FOUND');
    await expireOverdueOf(d, actor.tenantId, { quizId });
    const [moments, all, slots] = await Promise.all([
      d.quizResultsReader.moments(actor.tenantId, quizId, selection),
      d.questionRepository.listByQuiz(actor.tenantId, quizId),
      d.questionBankRepository ? d.questionBankRepository.randomSlots(actor.tenantId, quizId) : [],
    ]);
    // Questions in quiz order; statistics of questions deleted since are left out, and description
    // items have none (no mark: Moodle's statistics skip them too).
    const questions = all.filter((q) => !isDescription(q.type));
    const current = new Set(questions.map((q) => q.id));
    const fixed = moments.questions.filter((q) => current.has(q.questionId));
    const facts = questions.map((q) => ({ questionId: q.id, maxMark: q.points, randomGuessScore: randomGuessScore(q) }));
    if (slots.length === 0 || !d.questionBankRepository)
      return ok({ analytics: roundAnalytics(computeAnalytics(moments.attempts, fixed, facts)), questions });
    const r = randomSlotAnalytics(moments.attempts, fixed, facts, slots, moments.slots, moments.drawn);
    const drawnQuestions = new Map(
      (
        await d.questionBankRepository.findQuestions(
          actor.tenantId,
          r.drawn.map((q) => q.questionId),
        )
      ).map((q) => [q.id, q]),
    );
    return ok({
      analytics: roundAnalytics(r.analytics),
      questions,
      randomSlots: {
        positions: r.positions.map((p) => ({ ...p, stats: p.stats && roundQuestionAnalytics(p.stats) })),
        drawn: r.drawn.map((q) => ({ question: drawnQuestions.get(q.questionId) ?? null, stats: roundQuestionAnalytics(q) })),
      },
    });
  };
