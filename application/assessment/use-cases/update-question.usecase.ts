import type { Question } from '../../../domain/assessment/question.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { buildQuestion, type QuestionInput } from '../question-input.js';

/**
 * Any subset of a question's fields; the result is validated as a whole. Attempts graded before
 * keep their marks; attempts in progress are graded against the question as it is then.
 */
export const makeUpdateQuestion =
  (d: Pick<AssessmentDeps, 'questionRepository' | 'auditLog' | 'clock' | 'ids' | 'uow'>) =>
  async (
    actor: Actor,
    meta: RequestMeta,
    id: string,
    input: QuestionInput & { order?: number | undefined },
  ): Promise<Result<Question, 'QUESTION_NOT_FOUND' | 'INVALID_QUESTION'>> => {
    const current = await d.questionRepository.findById(actor.tenantId, id);
    if (!current) return err('QUESTION_NOT_FOUND');
    const built = buildQuestion(d.ids, input, current);
    if (!built.ok) return built;
    const question: Question = { ...current, ...built.value, order: input.order ?? current.order, updatedAt: d.clock.now() };
    await d.uow.run(async () => {
      await d.questionRepository.update(question);
      await d.auditLog.record({
        tenantId: actor.tenantId,
        userId: actor.userId,
        action: 'quiz_question.update',
        resourceType: 'quiz_question',
        resourceId: id,
        ...meta,
        metadata: { quiz_id: question.quizId },
      });
    });
    return ok(question);
  };
