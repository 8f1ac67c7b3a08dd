import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';

export type DeleteOwnPasskeyError = 'PASSKEY_NOT_FOUND';

type Deps = Pick<IdentityDeps, 'passkeyRepository' | 'auditLog' | 'uow'>;

/**
 * Removes one of the caller's passkeys; another user's is "not found" (contract §2). Logins
 * already opened with it stay open: removing a lost device's passkey is not a logout.
 */
export const makeDeleteOwnPasskey =
  ({ passkeyRepository, auditLog, uow }: Deps) =>
  async (actor: Actor, passkeyId: string, meta: RequestMeta): Promise<Result<null, DeleteOwnPasskeyError>> =>
    uow.run(async () => {
      if (!(await passkeyRepository.delete(actor.homeTenantId, actor.userId, passkeyId))) return err('PASSKEY_NOT_FOUND');
      await recordAudit(auditLog, actor, meta, { action: 'passkey.removed', resourceType: 'passkey', resourceId: passkeyId });
      return ok(null);
    });
