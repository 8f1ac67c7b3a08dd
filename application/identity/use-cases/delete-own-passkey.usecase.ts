import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AuditLog } from '../../platform/ports.js';
import type { UnitOfWork } from '../../shared/ports.js';
import type { PasskeyRepository } from '../ports/passkey-repository.js';
import { recordAudit } from '../../platform/audit.js';

export type DeleteOwnPasskeyError = 'PASSKEY_NOT_FOUND';

type Deps = { passkeyRepository: PasskeyRepository; auditLog: AuditLog; uow: UnitOfWork };

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
