import { Role } from '../../../domain/identity/role.js';
import { CODE_ALPHABET, LINKING_CODE_LENGTH, LINKING_CODE_TTL_MS } from '../../../domain/learning/codes.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';

/**
 * A student's linking code (contract §6): 8 characters without look-alikes, 24 hours, single
 * use. Only its digest is stored, so each call issues a fresh code and retires the older ones.
 * Students only (contract §5): anyone else 403.
 */
export const makeIssueLinkingCode =
  (d: Pick<LearningDeps, 'parentLinkRepository' | 'secretDigest' | 'random' | 'clock' | 'ids' | 'uow'>) =>
  async (actor: Actor): Promise<Result<{ code: string; expiresAt: Date }, 'INSUFFICIENT_PERMISSION'>> => {
    if (actor.role !== Role.Student) return err('INSUFFICIENT_PERMISSION');
    const now = d.clock.now();
    const code = d.random.string(LINKING_CODE_LENGTH, CODE_ALPHABET);
    const expiresAt = new Date(now.getTime() + LINKING_CODE_TTL_MS);
    await d.uow.run(async () => {
      await d.parentLinkRepository.retireCodes(actor.tenantId, actor.userId, now);
      await d.parentLinkRepository.insertCode({
        id: d.ids.uuid(),
        tenantId: actor.tenantId,
        studentId: actor.userId,
        codeHash: d.secretDigest.digest(code),
        expiresAt,
        usedAt: null,
        usedBy: null,
        createdAt: now,
      });
    });
    return ok({ code, expiresAt });
  };
