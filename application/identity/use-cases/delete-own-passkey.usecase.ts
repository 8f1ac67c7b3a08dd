import { auditedRemove } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type DeleteOwnPasskeyError = 'PASSKEY_NOT_FOUND';

type Deps = Pick<IdentityDeps, 'passkeyRepository' | 'auditLog' | 'uow'>;

/**
 * Removes one of the caller's passkeys; another user's is "not found" (contract §2). Logins
 * already opened with it stay open: removing a lost device's passkey is not a logout.
 */
export const makeDeleteOwnPasskey =
  (d: Deps): AuditedCommand<[passkeyId: string], null, DeleteOwnPasskeyError> =>
  async (actor, meta, passkeyId) =>
    auditedRemove(d, actor, meta, () => d.passkeyRepository.delete(actor.homeTenantId, actor.userId, passkeyId), 'PASSKEY_NOT_FOUND', {
      action: 'passkey.removed',
      resourceType: 'passkey',
      resourceId: passkeyId,
    });
