import type { TenantRecord } from '../shared/record.js';

export const QUIZ_STATUSES = ['draft', 'published'] as const;
export type QuizStatus = (typeof QUIZ_STATUSES)[number];

export interface Quiz extends TenantRecord {
  moduleId: string;
  /** The module's course (denormalised: course completion counts a course's published quizzes). */
  courseId: string;
  title: string;
  description: string | null;
  /** 0: no time limit. */
  durationMinutes: number;
  /** Percentage (0–100) of the maximum score needed to pass (contract §6). */
  passingScore: number;
  /** 0: unlimited (contract §6). */
  maxAttempts: number;
  showCorrectAnswers: boolean;
  shuffleQuestions: boolean;
  status: QuizStatus;
  publishedAt: Date | null;
  createdBy: string | null;
}

export const QUIZ_DEFAULTS = {
  durationMinutes: 0,
  passingScore: 60,
  maxAttempts: 0,
  showCorrectAnswers: false,
  shuffleQuestions: false,
} as const;

/** Students see published quizzes only (contract §6). */
export const isVisibleToStudents = (quiz: Pick<Quiz, 'status'>): boolean => quiz.status === 'published';

/** The first publication is remembered; a later return to draft keeps it. */
export function withQuizStatus(quiz: Quiz, status: QuizStatus, now: Date): Quiz {
  return { ...quiz, status, publishedAt: status === 'published' && !quiz.publishedAt ? now : quiz.publishedAt, updatedAt: now };
}

/** Attempts left for a user who has used `used` of them; null when unlimited. */
export const attemptsLeft = (quiz: Pick<Quiz, 'maxAttempts'>, used: number): number | null =>
  quiz.maxAttempts === 0 ? null : Math.max(0, quiz.maxAttempts - used);
