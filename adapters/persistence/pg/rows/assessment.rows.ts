import type { Quiz } from '../../../../domain/assessment/quiz.js';
import type { OrderingGrading, QuestionType } from '../../../../domain/assessment/question.js';
import type { Attempt, AttemptAnswer } from '../../../../domain/assessment/attempt.js';
import type { Submission } from '../../../../domain/assessment/assignment.js';
import type { QuestionCategory, RandomSlot } from '../../../../domain/assessment/question-bank.js';

/**
 * Rows of quizzes, attempts and assignment submissions (conventions in commerce.rows.ts). Marks
 * (`score`, `percentage`, `points_awarded`) are `numeric`: PostgreSQL answers their decimal text
 * and takes a number; the mappers read them with `Number`. jsonb is read as its value (or, from a
 * driver that did not parse it, as text) and written as JSON text.
 */

/** A `numeric` mark: text as read, a number as written. */
export type Mark = string | number;

export type QuizRow = Quiz;

/** An option in `quiz_questions.options`; the keys past is_correct appear only where the type uses them. */
export interface StoredOption {
  id: string;
  text: string;
  is_correct: boolean;
  weight?: number;
  tolerance?: number;
  match?: string;
  match_id?: string;
}

export interface QuestionRow {
  id: string;
  tenantId: string;
  /** null: a bank question no quiz holds (issue 33 item 4). */
  quizId: string | null;
  /** Its bank category; written by the repository when the question comes without one. */
  categoryId?: string | null;
  questionType: QuestionType;
  questionText: string;
  points: number;
  sortOrder: number;
  options: StoredOption[] | string;
  /** Ordering questions' grading type, null for the other types (migration 1031). */
  orderingGrading?: OrderingGrading | null;
  /** Issue 33: 1 until an edit after attempts (migration 1030). */
  version?: number;
  createdAt: Date;
  updatedAt: Date;
}

export type QuestionCategoryRow = QuestionCategory;

export type RandomSlotRow = Omit<RandomSlot, 'order'> & { sortOrder: number };

export type AttemptRow = Omit<Attempt, 'score' | 'percentage'> & {
  score: Mark | null;
  percentage: Mark | null;
  /** The questions as the attempt started (jsonb), read alone by `questionsOf`. */
  questions?: unknown;
};

export type AnswerRow = Omit<AttemptAnswer, 'answer' | 'pointsAwarded'> & { answer: string[] | string | null; pointsAwarded: Mark | null };

/** A superseded version of a question (migration 1030): `content` is the question's JSON. */
export interface QuestionVersionRow {
  tenantId: string;
  questionId: string;
  version: number;
  content: unknown;
  createdAt: Date;
}

export type SubmissionRow = Omit<Submission, 'score'> & { score: Mark | null };

declare module 'knex/types/tables.js' {
  interface Tables {
    quizzes: QuizRow;
    quiz_questions: QuestionRow;
    question_categories: QuestionCategoryRow;
    quiz_random_slots: RandomSlotRow;
    question_versions: QuestionVersionRow;
    quiz_attempts: AttemptRow;
    quiz_answers: AnswerRow;
    assignment_submissions: SubmissionRow;
  }
}
