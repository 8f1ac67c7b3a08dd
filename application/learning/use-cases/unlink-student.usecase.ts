import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';

export const makeUnlinkStudent =
  (d: Pick<LearningDeps, 'parentLinkRepository' | 'auditLog' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, studentId: string): Promise<Result<null, 'STUDENT_NOT_FOUND'>> =>
    d.uow.run(async () => {
      if (!(await d.parentLinkRepository.unlink(actor.tenantId, actor.userId, studentId))) return err('STUDENT_NOT_FOUND');
      await recordAudit(d.auditLog, actor, meta, { action: 'parent.unlink', resourceType: 'user', resourceId: studentId });
      return ok(null);
    });
