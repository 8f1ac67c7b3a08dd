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

export type AttemptSelection = 'first' | 'all';

export interface ResultCursor {
  startedAt: Date;
  id: string;
}

/** Reads over many attempts: the export in keyset pages, the statistics in aggregates. */
export interface QuizResultsReader {
  /** Attempts by start time then id, after `cursor` (keyset: flat memory whatever the size). */
  exportPage(tenantId: string, quizId: string, cursor: ResultCursor | null, limit: number): Promise<ResultRow[]>;
  /**
   * Sufficient statistics of the graded attempts (`first`: each user's earliest graded attempt;
   * `all`: every graded attempt), computed by the store without loading the attempts.
   */
  moments(tenantId: string, quizId: string, selection: AttemptSelection): Promise<{ attempts: AttemptMoments; questions: QuestionMoments[] }>;
}
