import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { auditedRemove } from '../../platform/audit.js';

export const makeDeleteQuestion =
  (d: Pick<AssessmentDeps, 'questionRepository' | 'auditLog' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, id: string): Promise<Result<null, 'QUESTION_NOT_FOUND'>> => {
    const question = await d.questionRepository.findById(actor.tenantId, id);
    if (!question) return err('QUESTION_NOT_FOUND');
    return auditedRemove(d, actor, meta, () => d.questionRepository.delete(actor.tenantId, id), 'QUESTION_NOT_FOUND', {
      action: 'quiz_question.delete',
      resourceType: 'quiz_question',
      resourceId: id,
      metadata: { quiz_id: question.quizId },
    });
  };
