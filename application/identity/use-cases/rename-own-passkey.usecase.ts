import type { Passkey } from '../../../domain/identity/passkey.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';

type Deps = Pick<IdentityDeps, 'passkeyRepository' | 'auditLog' | 'uow'>;

/** Renames one of the caller's passkeys ("Work laptop"); another user's is "not found" (contract §2). */
export const makeRenameOwnPasskey =
  ({ passkeyRepository, auditLog, uow }: Deps) =>
  async (actor: Actor, passkeyId: string, name: string, meta: RequestMeta): Promise<Result<Passkey, 'PASSKEY_NOT_FOUND'>> =>
    uow.run(async () => {
      const renamed = await passkeyRepository.rename(actor.homeTenantId, actor.userId, passkeyId, name);
      if (!renamed) return err('PASSKEY_NOT_FOUND');
      await recordAudit(auditLog, actor, meta, {
        action: 'passkey.renamed',
        resourceType: 'passkey',
        resourceId: passkeyId,
        metadata: { name },
      });
      return ok(renamed);
    });
