import type { Actor, RequestMeta } from '../../shared/actor.js';
import type { Result } from '../../shared/result.js';
import { auditedRemove } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';

export type DeleteOwnPasskeyError = 'PASSKEY_NOT_FOUND';

type Deps = Pick<IdentityDeps, 'passkeyRepository' | 'auditLog' | 'uow'>;

/**
 * Removes one of the caller's passkeys; another user's is "not found" (contract §2). Logins
 * already opened with it stay open: removing a lost device's passkey is not a logout.
 */
export const makeDeleteOwnPasskey =
  (d: Deps) =>
  async (actor: Actor, passkeyId: string, meta: RequestMeta): Promise<Result<null, DeleteOwnPasskeyError>> =>
    auditedRemove(d, actor, meta, () => d.passkeyRepository.delete(actor.homeTenantId, actor.userId, passkeyId), 'PASSKEY_NOT_FOUND', {
      action: 'passkey.removed',
      resourceType: 'passkey',
      resourceId: passkeyId,
    });
