import type { Question } from '../../../domain/assessment/question.js';
import type { BankQuestion } from '../../../domain/assessment/question-bank.js';
import {
  analyseQuestionResponses,
  isAnalysed,
  type QuestionResponseAnalysis,
  type ResponseTally,
} from '../../../domain/assessment/response-analysis.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { expireOverdueOf } from '../attempt-grading.js';
import type { AttemptSelection } from '../ports/quiz-results-reader.js';
import type { BankDeps } from '../question-bank.js';

export interface ResponseAnalysis {
  /** The quiz's own questions of the analysed types, in quiz order. */
  questions: Array<{ question: Question; analysis: QuestionResponseAnalysis }>;
  /** Questions random slots drew (Moodle analyses each drawn question apart), by text. */
  drawn: Array<{ question: BankQuestion; analysis: QuestionResponseAnalysis }>;
}

/**
 * Moodle's "Analysis of responses" of a quiz (domain/assessment/response-analysis.ts) over the
 * attempts its statistics count (`attempts=all|first|last|highest`; overdue attempts are graded
 * first). The store groups the answers (one row per question and distinct response); questions are
 * classified by their current definition, as the statistics pool the versions attempts saw.
 * Questions deleted since are left out.
 */
export const makeGetResponseAnalysis =
  (
    d: Pick<
      BankDeps,
      | 'quizRepository'
      | 'questionRepository'
      | 'attemptRepository'
      | 'responseCountsReader'
      | 'questionBankRepository'
      | 'evaluateCourseCompletion'
      | 'clock'
      | 'uow'
    >,
  ) =>
  async (actor: Actor, quizId: string, selection: AttemptSelection): Promise<Result<ResponseAnalysis, 'QUIZ_NOT_FOUND'>> => {
    if (!(await d.quizRepository.findById(actor.tenantId, quizId))) return err('QUIZ_NOT_FOUND');
    await expireOverdueOf(d, actor.tenantId, { quizId });
    const [counts, all] = await Promise.all([
      d.responseCountsReader.responseCounts(actor.tenantId, quizId, selection),
      d.questionRepository.listByQuiz(actor.tenantId, quizId),
    ]);
    const attempts = new Map(counts.questions.map((q) => [q.questionId, q.attempts]));
    const tallies = new Map<string, ResponseTally[]>();
    for (const r of counts.responses) {
      const list = tallies.get(r.questionId) ?? [];
      list.push(r);
      tallies.set(r.questionId, list);
    }
    const analyse = (q: Question) => analyseQuestionResponses(q, attempts.get(q.id) ?? 0, tallies.get(q.id) ?? []);
    const fixed = all.filter((q) => isAnalysed(q.type));
    const fixedIds = new Set(all.map((q) => q.id));
    const drawnIds = [...attempts.keys()].filter((id) => !fixedIds.has(id));
    const drawn = drawnIds.length ? await d.questionBankRepository.findQuestions(actor.tenantId, drawnIds) : [];
    return ok({
      questions: fixed.map((question) => ({ question, analysis: analyse(question) })),
      drawn: drawn
        .filter((q) => isAnalysed(q.type))
        .sort((a, b) => a.text.localeCompare(b.text) || (a.id < b.id ? -1 : 1))
        .map((question) => ({ question, analysis: analyse({ ...question, quizId }) })),
    });
  };
