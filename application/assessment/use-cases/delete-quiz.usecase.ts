import { err, ok } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * Deletes a quiz nobody has attempted, with its questions. One with attempts is refused (their
 * results would go with it): unpublish it instead. The quiz is locked before the count, so no
 * attempt starts between the check and the delete.
 */
export const makeDeleteQuiz =
  (
    d: Pick<AssessmentDeps, 'quizRepository' | 'attemptRepository' | 'auditLog' | 'uow'>,
  ): AuditedCommand<[id: string], null, 'QUIZ_NOT_FOUND' | 'QUIZ_IN_USE'> =>
  async (actor, meta, id) =>
    d.uow.run(async () => {
      if (!(await d.quizRepository.lock(actor.tenantId, id))) return err('QUIZ_NOT_FOUND');
      const attempts = await d.attemptRepository.countOnQuizzes(actor.tenantId, [id]);
      if (attempts > 0) return err('QUIZ_IN_USE', `${attempts} quiz attempt(s)`);
      if (!(await d.quizRepository.delete(actor.tenantId, id))) return err('QUIZ_NOT_FOUND');
      await recordAudit(d.auditLog, actor, meta, { action: 'quiz.delete', resourceType: 'quiz', resourceId: id });
      return ok(null);
    });
