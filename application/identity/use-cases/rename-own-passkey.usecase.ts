import type { Passkey } from '../../../domain/identity/passkey.js';
import { err, ok } from '../../shared/result.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';
import type { AuditedCommand } from '../../shared/use-case.js';

type Deps = Pick<IdentityDeps, 'passkeyRepository' | 'auditLog' | 'uow'>;

/** Renames one of the caller's passkeys ("Work laptop"); another user's is "not found" (contract §2). */
export const makeRenameOwnPasskey =
  ({ passkeyRepository, auditLog, uow }: Deps): AuditedCommand<[passkeyId: string, name: string], Passkey, 'PASSKEY_NOT_FOUND'> =>
  async (actor, meta, passkeyId, name) =>
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
