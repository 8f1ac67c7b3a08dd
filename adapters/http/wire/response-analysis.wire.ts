import { z } from 'zod';
import { QUESTION_TYPES } from '../../../domain/assessment/question.js';
import { ATTEMPT_SELECTIONS } from '../../../application/assessment/ports/quiz-results-reader.js';
import { id } from '../kit/schemas.js';

/* Wire shape of Moodle's "Analysis of responses" (GET /api/lms/admin/quizzes/:id/response-analysis). */

const ModelResponse = z
  .object({
    model_response: z.string().meta({
      description:
        'Moodle\'s response class: an answer ("frog"), a number with its interval ("3.14 (3.14..3.14)"), "stem: choice" (matching), ' +
        'or "[Did not match any answer]", "[No response]", "[Unknown]" (an option no longer in the question)',
    }),
    kind: z.enum(['answer', 'no_match', 'no_response', 'unknown']),
    credit: z
      .number()
      .nullable()
      .meta({ description: "The fraction of the question's points it earns (null: unweighted multiple_answer)" }),
    count: z.number().int(),
    actual_responses: z.array(z.object({ response: z.string(), count: z.number().int() })).meta({
      description: 'The responses given that fall in it, most frequent first (none under "[No response]")',
    }),
  })
  .meta({ id: 'ModelResponse' });

const Subpart = z.object({
  label: z
    .string()
    .nullable()
    .meta({ description: 'A matching stem, a multiple_answer option or an ordering item; null for the one subpart of the other types' }),
  responses: z.array(ModelResponse),
});

const questionFields = {
  question_id: id,
  question_type: z.enum(QUESTION_TYPES),
  question_text: z.string(),
  attempts: z.number().int().meta({ description: 'Counted attempts that held the question' }),
  subparts: z.array(Subpart),
};

export const QuizResponseAnalysis = z
  .object({
    attempts_counted: z.enum(ATTEMPT_SELECTIONS),
    questions: z.array(z.object({ ...questionFields, order: z.number().int() })).meta({
      description: "The quiz's own questions of the analysed types (essays and descriptions have no analysis), in quiz order",
    }),
    drawn_questions: z.array(z.object({ ...questionFields, category_id: id })).meta({
      description: 'Questions drawn by random slots, each analysed over the attempts that drew it',
    }),
  })
  .meta({ id: 'QuizResponseAnalysis' });
