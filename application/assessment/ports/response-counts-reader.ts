import type { ResponseTally } from '../../../domain/assessment/response-analysis.js';
import type { AttemptSelection } from './quiz-results-reader.js';

/**
 * The response counts of a quiz's questions (fixed and drawn by random slots) over the attempts
 * the statistics count (graded ones: all, or per user the first, last or highest, as
 * `QuizResultsReader.moments`): grouped by the store, one row per question and distinct answer
 * element, so the cost is the number of distinct responses, not of attempts.
 */
export interface ResponseCounts {
  /** Per question of the analysed types: the counted attempts holding it. */
  questions: Array<{ questionId: string; attempts: number }>;
  /** Per question and answer element (an option id, a text, a "stem:choice" pair; null: no answer). */
  responses: ResponseTally[];
}

export interface ResponseCountsReader {
  responseCounts(tenantId: string, quizId: string, selection: AttemptSelection): Promise<ResponseCounts>;
}
