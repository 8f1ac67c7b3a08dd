import { err } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { auditedRemove } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export const makeDeleteQuestion =
  (d: Pick<AssessmentDeps, 'questionRepository' | 'auditLog' | 'uow'>): AuditedCommand<[id: string], null, 'QUESTION_NOT_FOUND'> =>
  async (actor, meta, id) => {
    const question = await d.questionRepository.findById(actor.tenantId, id);
    if (!question) return err('QUESTION_NOT_FOUND');
    return auditedRemove(d, actor, meta, () => d.questionRepository.delete(actor.tenantId, id), 'QUESTION_NOT_FOUND', {
      action: 'quiz_question.delete',
      resourceType: 'quiz_question',
      resourceId: id,
      metadata: { quiz_id: question.quizId },
    });
  };
