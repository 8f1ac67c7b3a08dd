export const ATTEMPT_STATUSES = ['in_progress', 'submitted', 'expired'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** Contract §6's attempt, plus the seed of its question order. */
export interface Attempt {
  id: string;
  tenantId: string;
  quizId: string;
  userId: string;
  attemptNumber: number;
  status: AttemptStatus;
  /** Fixes the attempt's question order when the quiz shuffles (see shuffle.ts). */
  seed: number;
  startedAt: Date;
  /** null: no time limit. */
  deadlineAt: Date | null;
  /** When the attempt ended: the submission, or its deadline for an expired attempt. */
  submittedAt: Date | null;
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
  /** Option ids, or `[text]` for short_answer; null when never answered. */
  answer: string[] | null;
  isCorrect: boolean | null;
  pointsAwarded: number | null;
  maxPoints: number | null;
  answeredAt: Date | null;
  updatedAt: Date;
}

export const isGraded = (a: Pick<Attempt, 'status'>): boolean => a.status !== 'in_progress';
