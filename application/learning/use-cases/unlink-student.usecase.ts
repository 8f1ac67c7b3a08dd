import type { Actor, RequestMeta } from '../../shared/actor.js';
import type { Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { auditedRemove } from '../../platform/audit.js';

export const makeUnlinkStudent =
  (d: Pick<LearningDeps, 'parentLinkRepository' | 'auditLog' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, studentId: string): Promise<Result<null, 'STUDENT_NOT_FOUND'>> =>
    auditedRemove(d, actor, meta, () => d.parentLinkRepository.unlink(actor.tenantId, actor.userId, studentId), 'STUDENT_NOT_FOUND', {
      action: 'parent.unlink',
      resourceType: 'user',
      resourceId: studentId,
    });
