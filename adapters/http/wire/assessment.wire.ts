import { z } from 'zod';
import { QUESTION_TYPES } from '../../../domain/assessment/question.js';
import { ATTEMPT_SELECTIONS } from '../../../application/assessment/ports/quiz-results-reader.js';
import { id, pageOf, timestamp } from '../kit/schemas.js';

/*
 * Wire shapes of the assessment routes that issue 19 added or changed (the statistics report and the
 * essay grading queue); each shared shape has a component id.
 */

const figure = z.number().nullable();

export const QuestionStatistics = z
  .object({
    question_id: id,
    order: z.number().int(),
    question_type: z.enum(QUESTION_TYPES),
    question_text: z.string(),
    max_mark: z.number(),
    attempts: z.number().int(),
    correct: z.number().int().meta({ description: 'Attempts with full marks' }),
    mean_mark: figure,
    facility_index: figure.meta({ description: 'Mean mark / max mark (0–1)' }),
    standard_deviation: figure.meta({ description: 'SD of the marks / max mark (0–1)' }),
    random_guess_score: figure.meta({ description: 'Moodle\'s random guess score (0–1); null for multiple_answer and essay' }),
    intended_weight: figure.meta({ description: '100 × points / the quiz\'s points' }),
    effective_weight: figure.meta({ description: 'Moodle\'s effective weight (%)' }),
    discrimination_index: figure.meta({ description: '100 × correlation of the marks with the rest of the quiz' }),
    discriminative_efficiency: figure.meta({ description: '100 × cov(mark, rest) / its maximum' }),
  })
  .meta({ id: 'QuestionStatistics' });

export const QuizStatistics = z
  .object({
    attempts_counted: z.enum(ATTEMPT_SELECTIONS),
    attempts: z.number().int(),
    mean: figure,
    median: figure,
    std_dev: figure,
    skewness: figure,
    kurtosis: figure,
    pass_rate: figure,
    histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
    cronbach_alpha: figure.meta({ description: 'Moodle\'s coefficient of internal consistency, as a fraction' }),
    error_ratio: figure,
    standard_error: figure,
    questions: z.array(QuestionStatistics),
  })
  .meta({ id: 'QuizStatistics' });

export const EssayToGrade = z
  .object({
    attempt_id: id,
    quiz_id: id,
    quiz_title: z.string().nullable(),
    course_id: id.nullable(),
    question_id: id,
    question_text: z.string().nullable(),
    answer: z.array(z.string()).nullable(),
    max_points: z.number(),
    points_awarded: z.number().nullable(),
    feedback: z.string().nullable(),
    graded_by: id.nullable(),
    graded_at: timestamp.nullable(),
    submitted_at: timestamp.nullable(),
    student: z.object({ id, display_name: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'EssayToGrade' });

export const EssayToGradePage = pageOf(EssayToGrade).meta({ id: 'EssayToGradePage' });
