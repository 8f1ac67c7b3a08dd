import type { z } from 'zod';
import type { AttemptSelection } from '../../../application/assessment/ports/quiz-results-reader.js';
import type { ResponseAnalysis } from '../../../application/assessment/use-cases/get-response-analysis.usecase.js';
import type { Question } from '../../../domain/assessment/question.js';
import type { QuestionResponseAnalysis } from '../../../domain/assessment/response-analysis.js';
import type * as wire from './response-analysis.wire.js';

type QuestionView = z.input<typeof wire.QuizResponseAnalysis>['questions'][number];

const analysisView = (q: Pick<Question, 'id' | 'type' | 'text'>, a: QuestionResponseAnalysis): Omit<QuestionView, 'order'> => ({
  question_id: q.id,
  question_type: q.type,
  question_text: q.text,
  attempts: a.attempts,
  subparts: a.subparts.map((s) => ({
    label: s.label,
    responses: s.classes.map((c) => ({
      model_response: c.label,
      kind: c.kind,
      credit: c.credit,
      count: c.count,
      actual_responses: c.responses.map((r) => ({ response: r.response, count: r.count })),
    })),
  })),
});

export const responseAnalysisView = (r: ResponseAnalysis, selection: AttemptSelection): z.input<typeof wire.QuizResponseAnalysis> => ({
  attempts_counted: selection,
  questions: r.questions.map(({ question, analysis }) => ({ ...analysisView(question, analysis), order: question.order })),
  drawn_questions: r.drawn.map(({ question, analysis }) => ({ ...analysisView(question, analysis), category_id: question.categoryId })),
});
