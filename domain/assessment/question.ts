import { err, ok, type Result } from './result.js';

export const QUESTION_TYPES = ['multiple_choice', 'multiple_answer', 'true_false', 'short_answer'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const isQuestionType = (s: string): s is QuestionType => (QUESTION_TYPES as readonly string[]).includes(s);

export interface QuestionOption {
  id: string;
  text: string;
  /** For short_answer every option is an accepted answer (true). */
  isCorrect: boolean;
}

export interface Question {
  id: string;
  tenantId: string;
  quizId: string;
  type: QuestionType;
  text: string;
  points: number;
  order: number;
  options: QuestionOption[];
  createdAt: Date;
  updatedAt: Date;
}

/** What an author (API, CSV, GIFT, Aiken) gives for a question, before ids are assigned. */
export interface QuestionDraft {
  type: QuestionType;
  text: string;
  points: number;
  options: Array<{ id?: string | undefined; text: string; isCorrect: boolean }>;
}

export const MAX_OPTIONS = 26;
export const MAX_POINTS = 1000;
export const MAX_QUESTION_TEXT = 10_000;
export const MAX_OPTION_TEXT = 2000;
export const TRUE_FALSE_LABELS = ['True', 'False'] as const;

/** The two options of a true/false question whose answer is `correct`. */
export const trueFalseOptions = (correct: boolean): QuestionDraft['options'] => [
  { text: TRUE_FALSE_LABELS[0], isCorrect: correct },
  { text: TRUE_FALSE_LABELS[1], isCorrect: !correct },
];

/**
 * The rules of a question's shape (contract §6), shared by the API and every import format:
 * multiple_choice has at least two options and exactly one correct; multiple_answer at least two
 * and one or more correct; true_false exactly two, one correct; short_answer one or more accepted
 * answers (all stored as correct). Texts are trimmed and must not be empty; option texts are
 * unique within a question (case-insensitively), so that an answer is never ambiguous.
 * The error is a sentence naming the problem.
 */
export function validateQuestion(draft: QuestionDraft): Result<QuestionDraft, string> {
  const text = draft.text.trim();
  if (!text) return err('question_text is required');
  if (text.length > MAX_QUESTION_TEXT) return err(`question_text is longer than ${MAX_QUESTION_TEXT} characters`);
  if (!Number.isInteger(draft.points) || draft.points < 1 || draft.points > MAX_POINTS) return err(`points must be an integer from 1 to ${MAX_POINTS}`);
  const options = draft.options.map((o) => ({ ...o, text: o.text.trim() }));
  if (options.some((o) => !o.text)) return err('an option has no text');
  if (options.some((o) => o.text.length > MAX_OPTION_TEXT)) return err(`an option is longer than ${MAX_OPTION_TEXT} characters`);
  if (options.length > MAX_OPTIONS) return err(`at most ${MAX_OPTIONS} options`);
  const seen = new Set<string>();
  for (const o of options) {
    const key = o.text.toLowerCase();
    if (seen.has(key)) return err(`option "${o.text}" appears twice`);
    seen.add(key);
  }
  const correct = options.filter((o) => o.isCorrect).length;
  switch (draft.type) {
    case 'multiple_choice':
      if (options.length < 2) return err('multiple_choice needs at least two options');
      if (correct !== 1) return err('multiple_choice needs exactly one correct option');
      break;
    case 'multiple_answer':
      if (options.length < 2) return err('multiple_answer needs at least two options');
      if (correct < 1) return err('multiple_answer needs at least one correct option');
      break;
    case 'true_false':
      if (options.length !== 2) return err('true_false needs exactly two options');
      if (correct !== 1) return err('true_false needs exactly one correct option');
      break;
    case 'short_answer':
      if (options.length < 1) return err('short_answer needs at least one accepted answer in options');
      return ok({ type: draft.type, text, points: draft.points, options: options.map((o) => ({ ...o, isCorrect: true })) });
  }
  return ok({ type: draft.type, text, points: draft.points, options });
}

/** Questions by their order, ties by creation then id (as lessons). */
export const byQuestionOrder = (a: Pick<Question, 'order' | 'createdAt' | 'id'>, b: Pick<Question, 'order' | 'createdAt' | 'id'>): number =>
  a.order - b.order || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const maxScoreOf = (questions: readonly Pick<Question, 'points'>[]): number => questions.reduce((s, q) => s + q.points, 0);
