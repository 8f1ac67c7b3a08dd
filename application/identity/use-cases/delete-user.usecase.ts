import { checkUserChange } from '../../../domain/identity/hierarchy.js';
import { anonymise } from '../../../domain/identity/user.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { visible, type ManageUserError, type UserAdminDeps } from '../user-admin.js';
import { recordAudit } from '../../platform/audit.js';

/** Deleting keeps the row for history (grades, audit) but anonymises and deactivates it. */
export const makeDeleteUser =
  ({ userRepository, loginRepository, passkeyRepository, auditLog, clock, uow }: UserAdminDeps) =>
  async (
    actor: Actor,
    meta: RequestMeta,
    id: string,
  ): Promise<Result<null, Extract<ManageUserError, 'USER_NOT_FOUND' | 'INSUFFICIENT_PERMISSION'>>> => {
    const user = visible(await userRepository.findById(actor.tenantId, id));
    if (!user) return err('USER_NOT_FOUND');
    if (checkUserChange(actor.role, user.role)) return err('INSUFFICIENT_PERMISSION');
    const now = clock.now();
    await uow.run(async () => {
      await userRepository.update(anonymise(user, now));
      await passkeyRepository.deleteAllOfUser(user.tenantId, user.id);
      await loginRepository.revokeAllOfUser(user.id, 'deleted', now);
      await recordAudit(auditLog, actor, meta, {
        action: 'user.delete',
        resourceType: 'user',
        resourceId: user.id,
        metadata: { email: user.email },
      });
    });
    return ok(null);
  };
