import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { expireOverdueOf } from '../attempt-grading.js';
import type { ResultRow } from '../ports/quiz-results-reader.js';

export const EXPORT_PAGE_SIZE = 500;

/**
 * The results of a quiz, one row per attempt (contract §6), as an async sequence read in keyset
 * pages of `EXPORT_PAGE_SIZE`: however many attempts, memory holds one page.
 */
export const makeExportQuizResults =
  (
    d: Pick<
      AssessmentDeps,
      'quizRepository' | 'questionRepository' | 'attemptRepository' | 'quizResultsReader' | 'evaluateCourseCompletion' | 'clock' | 'uow'
    >,
  ) =>
  async (actor: Actor, quizId: string): Promise<Result<{ title: string; rows: AsyncIterable<ResultRow> }, 'QUIZ_NOT_FOUND'>> => {
    const quiz = await d.quizRepository.findById(actor.tenantId, quizId);
    if (!quiz) return err('QUIZ_NOT_FOUND');
    await expireOverdueOf(d, actor.tenantId, { quizId });
    const reader = d.quizResultsReader;
    async function* rows(): AsyncGenerator<ResultRow> {
      let cursor: { startedAt: Date; id: string } | null = null;
      for (;;) {
        const page = await reader.exportPage(actor.tenantId, quizId, cursor, EXPORT_PAGE_SIZE);
        yield* page;
        const last = page[page.length - 1];
        if (!last || page.length < EXPORT_PAGE_SIZE) return;
        cursor = { startedAt: last.startedAt, id: last.attemptId };
      }
    }
    return ok({ title: quiz.title, rows: rows() });
  };
