import { Role } from '../../../domain/identity/role.js';
import { isWellFormedCode, LINKING_CODE_LENGTH, normaliseCode } from '../../../domain/learning/codes.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { Learner } from '../ports/learner-directory.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/**
 * A parent redeems a student's code. The code is consumed atomically (single use, also under
 * concurrent redemptions); unknown, used and expired codes are one 400 that tells nothing more.
 * The lookup is by digest through a unique index, never a comparison of secrets in code.
 */
export const makeLinkStudent =
  (
    d: Pick<LearningDeps, 'parentLinkRepository' | 'learnerDirectory' | 'secretDigest' | 'auditLog' | 'clock' | 'uow'>,
  ): AuditedCommand<[input: string], { student: Learner; linkedAt: Date }, 'INVALID_LINKING_CODE'> =>
  async (actor, meta, input) => {
    const code = normaliseCode(input);
    if (!isWellFormedCode(code, LINKING_CODE_LENGTH)) return err('INVALID_LINKING_CODE');
    const now = d.clock.now();
    return d.uow.run(async () => {
      const consumed = await d.parentLinkRepository.consumeCode(actor.tenantId, d.secretDigest.digest(code), actor.userId, now);
      if (!consumed.ok) return err('INVALID_LINKING_CODE', consumed.reason);
      const student = await d.learnerDirectory.findById(actor.tenantId, consumed.studentId);
      if (!student || student.role !== Role.Student || student.id === actor.userId) return err('INVALID_LINKING_CODE');
      await d.parentLinkRepository.link({ tenantId: actor.tenantId, parentId: actor.userId, studentId: student.id, createdAt: now });
      await recordAudit(d.auditLog, actor, meta, { action: 'parent.link', resourceType: 'user', resourceId: student.id });
      return ok({ student, linkedAt: now });
    });
  };
