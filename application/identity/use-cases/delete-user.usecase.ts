import { checkUserChange } from '../../../domain/identity/hierarchy.js';
import { err, ok } from '../../shared/result.js';
import { deleteAccount, visible, type ManageUserError, type UserAdminDeps } from '../user-admin.js';
import { auditedWrite } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** Deleting keeps the row for history (grades, audit) but anonymises and deactivates it. */
export const makeDeleteUser =
  (d: UserAdminDeps): AuditedCommand<[id: string], null, Extract<ManageUserError, 'USER_NOT_FOUND' | 'INSUFFICIENT_PERMISSION'>> =>
  async (actor, meta, id) => {
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
