import { z } from 'zod';
import { MAX_OPTIONS, ORDERING_GRADINGS, QUESTION_TYPES } from '../../../domain/assessment/question.js';
import { MAX_ESSAY } from '../../../domain/assessment/grading.js';
import { QUIZ_STATUSES } from '../../../domain/assessment/quiz.js';
import type { QuestionInput } from '../../../application/assessment/question-input.js';
import type { QuizInput } from '../../../application/assessment/use-cases/create-quiz.usecase.js';
import { requiredText, uuid } from '../kit/schemas.js';
import { optionalText } from './learning-schemas.js';

/** Edge schemas of the assessment routes; the rules of a question's shape live in the domain. */

export const QuizBody = z.object({
  module_id: uuid,
  title: requiredText(300),
  description: optionalText(20_000),
  duration_minutes: z.number().int().min(0).max(10_080).optional(),
  passing_score: z.number().int().min(0).max(100).optional(),
  max_attempts: z.number().int().min(0).max(1000).optional(),
  show_correct_answers: z.boolean().optional(),
  shuffle_questions: z.boolean().optional(),
});
export const QuizUpdate = QuizBody.partial().extend({ status: z.enum(QUIZ_STATUSES).optional() });

export const toQuizInput = (b: z.infer<typeof QuizUpdate>): QuizInput => ({
  moduleId: b.module_id,
  title: b.title,
  description: b.description,
  durationMinutes: b.duration_minutes,
  passingScore: b.passing_score,
  maxAttempts: b.max_attempts,
  showCorrectAnswers: b.show_correct_answers,
  shuffleQuestions: b.shuffle_questions,
  status: b.status,
});

/**
 * An option, or (convenient for short_answer) just its text. `weight`: the fraction of the points
 * it is worth (−1 … 1, partial credit; give every option one or none); `tolerance`: numerical ±;
 * `match`: the answer a matching stem pairs with (an empty `option_text` makes it an extra choice).
 */
const OptionBody = z.union([
  z.object({
    id: uuid.optional(),
    option_text: z.string().max(2000),
    is_correct: z.boolean().optional(),
    weight: z.number().min(-1).max(1).nullable().optional(),
    tolerance: z.number().min(0).max(1e12).nullable().optional(),
    match: z.string().max(2000).nullable().optional(),
  }),
  z
    .string()
    .max(2000)
    .transform((option_text) => ({
      id: undefined,
      option_text,
      is_correct: undefined,
      weight: undefined,
      tolerance: undefined,
      match: undefined,
    })),
]);

export const QuestionBody = z.object({
  question_type: z.enum(QUESTION_TYPES),
  question_text: z.string().max(10_000),
  points: z.number().int().optional(),
  options: z.array(OptionBody).max(26).optional(),
  /** true_false: the options may be left out and built from this. */
  correct_answer: z.boolean().optional(),
  ordering_grading: z.enum(ORDERING_GRADINGS).optional().meta({
    description:
      "ordering only (400 on other types): qtype_ordering's grading type; default relative_to_correct, kept on update when left out",
  }),
});
export const QuestionUpdate = QuestionBody.partial().extend({ order: z.number().int().min(0).max(1_000_000).optional() });

export const toQuestionInput = (b: z.infer<typeof QuestionUpdate>): QuestionInput => ({
  type: b.question_type,
  text: b.question_text,
  points: b.points,
  correctAnswer: b.correct_answer,
  orderingGrading: b.ordering_grading,
  options: b.options?.map((o) => ({
    id: o.id,
    text: o.option_text,
    isCorrect: o.is_correct,
    weight: o.weight,
    tolerance: o.tolerance,
    match: o.match,
  })),
});

/**
 * Option ids, `[text]` for short_answer, numerical and essay (a bare text is taken as `[text]`),
 * `"<option id>:<choice id>"` pairs for matching. Lengths per type are checked in the domain.
 */
export const AnswerValue = z.union([
  z.array(z.string().max(MAX_ESSAY)).max(MAX_OPTIONS),
  z
    .string()
    .max(MAX_ESSAY)
    .transform((s) => [s]),
]);
export const AnswerBody = z.object({ question_id: uuid, answer: AnswerValue });
export const SubmitBody = z.object({ answers: z.array(AnswerBody).max(500).optional() });

/** A mentor's mark for an essay: points 0 … the question's, two decimals at most. */
export const GradeAnswerBody = z.object({ question_id: uuid, points: z.number(), feedback: z.string().max(10_000).nullable().optional() });
