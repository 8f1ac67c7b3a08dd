import type { AttemptStatus } from '../../../domain/assessment/attempt.js';
import type { AttemptMoments, QuestionMoments } from '../../../domain/assessment/analytics.js';

/** One line of the results export (contract §6). */
export interface ResultRow {
  attemptId: string;
  userId: string;
  email: string | null;
  displayName: string | null;
  attemptNumber: number;
  status: AttemptStatus;
  startedAt: Date;
  submittedAt: Date | null;
  score: number | null;
  maxScore: number;
  percentage: number | null;
  passed: boolean | null;
}

/** Moodle's "attempts to analyse": each user's first, last or highest-scoring graded attempt, or all. */
export const ATTEMPT_SELECTIONS = ['first', 'last', 'highest', 'all'] as const;
export type AttemptSelection = (typeof ATTEMPT_SELECTIONS)[number];

export interface ResultCursor {
  startedAt: Date;
  id: string;
}

/** Reads over many attempts: the export in keyset pages, the statistics in aggregates. */
export interface QuizResultsReader {
  /** Attempts by start time then id, after `cursor` (keyset: flat memory whatever the size). */
  exportPage(tenantId: string, quizId: string, cursor: ResultCursor | null, limit: number): Promise<ResultRow[]>;
  /**
   * Sufficient statistics of the graded attempts (`submitted` or `expired`; those waiting for a
   * mentor's mark are left out): every one, or per user the first, last (by attempt number) or
   * highest-scoring (ties: the earlier), computed by the store without loading the attempts.
   */
  moments(tenantId: string, quizId: string, selection: AttemptSelection): Promise<QuizMoments>;
}

/**
 * `questions`: per question answered in the selected attempts (the use case keeps the quiz's own).
 * Random slots (issue 33): `slots` per slot position (`questionId` is `slotKey(slot, position)`),
 * whichever question each attempt drew there; `drawn` per drawn question, over the attempts that drew it.
 */
export interface QuizMoments {
  attempts: AttemptMoments;
  questions: QuestionMoments[];
  slots: QuestionMoments[];
  drawn: QuestionMoments[];
}
