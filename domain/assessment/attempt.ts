export const ATTEMPT_STATUSES = ['in_progress', 'submitted', 'expired', 'needs_grading'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** Contract §6's attempt, plus the seed of its question order. */
export interface Attempt {
  id: string;
  tenantId: string;
  quizId: string;
  userId: string;
  attemptNumber: number;
  /** `needs_grading`: ended, but an essay waits for a mentor's mark (score, percentage and passed are null until then). */
  status: AttemptStatus;
  /** Fixes the attempt's question order when the quiz shuffles (see shuffle.ts). */
  seed: number;
  startedAt: Date;
  /** null: no time limit. */
  deadlineAt: Date | null;
  /** When the attempt ended: the submission, or its deadline for an expired attempt. */
  submittedAt: Date | null;
  /** Two decimals at most (partial credit). */
  score: number | null;
  maxScore: number;
  percentage: number | null;
  passed: boolean | null;
  updatedAt: Date;
}

/** One question of an attempt: the saved answer, and once graded its result. */
export interface AttemptAnswer {
  tenantId: string;
  attemptId: string;
  questionId: string;
  /** Option ids, `[text]` (short_answer, numerical, essay) or stem:choice pairs (matching); null when never answered. */
  answer: string[] | null;
  isCorrect: boolean | null;
  /** Two decimals at most; null before grading, and for an essay until a mentor marks it. */
  pointsAwarded: number | null;
  maxPoints: number | null;
  answeredAt: Date | null;
  updatedAt: Date;
  /** A mentor's mark (essay): feedback, who and when. */
  feedback: string | null;
  gradedBy: string | null;
  gradedAt: Date | null;
}

export const isGraded = (a: Pick<Attempt, 'status'>): boolean => a.status === 'submitted' || a.status === 'expired';
/** Ended: submitted or expired, graded or waiting for a mentor. */
export const isEnded = (a: Pick<Attempt, 'status'>): boolean => a.status !== 'in_progress';
