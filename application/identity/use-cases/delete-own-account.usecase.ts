import { Role } from '../../../domain/identity/role.js';
import { err, ok } from '../../shared/result.js';
import { ownAccount, type ProfileDeps, type ProfileError } from '../own-account.js';
import { auditedWrite } from '../../platform/audit.js';
import { deleteAccount } from '../user-admin.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** Deactivates and anonymises the account and ends every login (contract §3). */
export const makeDeleteOwnAccount =
  (d: ProfileDeps): AuditedCommand<[], null, ProfileError> =>
  async (actor, meta) => {
    const user = await ownAccount(d.userRepository, actor);
    if (!user) return err('USER_NOT_FOUND');
    if (user.role === Role.SuperAdmin && (await d.userRepository.countSuperAdmins()) <= 1) return err('LAST_SUPER_ADMIN');
    await auditedWrite(d, actor, meta, () => deleteAccount(d, user, 'account_deleted', d.clock.now()), {
      action: 'user.self_delete',
      resourceType: 'user',
      resourceId: user.id,
    });
    return ok(null);
  };
