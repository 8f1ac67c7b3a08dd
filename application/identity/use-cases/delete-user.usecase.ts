import { checkUserChange } from '../../../domain/identity/hierarchy.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { deleteAccount, visible, type ManageUserError, type UserAdminDeps } from '../user-admin.js';
import { auditedWrite } from '../../platform/audit.js';

/** Deleting keeps the row for history (grades, audit) but anonymises and deactivates it. */
export const makeDeleteUser =
  (d: UserAdminDeps) =>
  async (
    actor: Actor,
    meta: RequestMeta,
    id: string,
  ): Promise<Result<null, Extract<ManageUserError, 'USER_NOT_FOUND' | 'INSUFFICIENT_PERMISSION'>>> => {
    const user = visible(await d.userRepository.findById(actor.tenantId, id));
    if (!user) return err('USER_NOT_FOUND');
    if (checkUserChange(actor.role, user.role)) return err('INSUFFICIENT_PERMISSION');
    await auditedWrite(d, actor, meta, () => deleteAccount(d, user, 'deleted', d.clock.now()), {
      action: 'user.delete',
      resourceType: 'user',
      resourceId: user.id,
      metadata: { email: user.email },
    });
    return ok(null);
  };
