import type { Question, QuestionVersion } from '../../../domain/assessment/question.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';

/**
 * A question's versions, newest first: the current one (`replacedAt` null) and each one an edit
 * replaced after attempts had seen it (issue 33). An edit makes at most one, so the list is as long
 * as the question's history of edits after use.
 */
export const makeListQuestionVersions =
  (d: Pick<AssessmentDeps, 'questionRepository'>) =>
  async (
    actor: Actor,
    id: string,
  ): Promise<Result<Array<{ version: number; question: Question; replacedAt: Date | null }>, 'QUESTION_NOT_FOUND'>> => {
    const [current, older] = await Promise.all([
      d.questionRepository.findById(actor.tenantId, id),
      d.questionRepository.versions(actor.tenantId, id),
    ]);
    if (!current) return err('QUESTION_NOT_FOUND');
    const all: Array<QuestionVersion | { version: number; question: Question; replacedAt: null }> = [
      { version: current.version ?? 1, question: current, replacedAt: null },
      ...[...older].reverse(),
    ];
    return ok(all);
  };
