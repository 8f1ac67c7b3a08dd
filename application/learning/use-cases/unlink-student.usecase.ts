import type { LearningDeps } from '../deps.js';
import { auditedRemove } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export const makeUnlinkStudent =
  (d: Pick<LearningDeps, 'parentLinkRepository' | 'auditLog' | 'uow'>): AuditedCommand<[studentId: string], null, 'STUDENT_NOT_FOUND'> =>
  async (actor, meta, studentId) =>
    auditedRemove(d, actor, meta, () => d.parentLinkRepository.unlink(actor.tenantId, actor.userId, studentId), 'STUDENT_NOT_FOUND', {
      action: 'parent.unlink',
      resourceType: 'user',
      resourceId: studentId,
    });
