import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';

/** Deletes a quiz with its questions and attempts (certificates already issued stay). */
export const makeDeleteQuiz = (d: Pick<AssessmentDeps, 'quizRepository' | 'auditLog' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, id: string): Promise<Result<null, 'QUIZ_NOT_FOUND'>> =>
    d.uow.run(async () => {
      if (!(await d.quizRepository.delete(actor.tenantId, id))) return err('QUIZ_NOT_FOUND');
      await d.auditLog.record({ tenantId: actor.tenantId, userId: actor.userId, action: 'quiz.delete', resourceType: 'quiz', resourceId: id, ...meta, metadata: {} });
      return ok(null);
    });
