import { Role } from '../../../domain/identity/role.js';
import { anonymise } from '../../../domain/identity/user.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { ownAccount, type ProfileDeps, type ProfileError } from '../own-account.js';
import { recordAudit } from '../../platform/audit.js';

/** Deactivates and anonymises the account and ends every login (contract §3). */
export const makeDeleteOwnAccount =
  ({ userRepository, loginRepository, passkeyRepository, auditLog, clock, uow }: ProfileDeps) =>
  async (actor: Actor, meta: RequestMeta): Promise<Result<null, ProfileError>> => {
    const user = await ownAccount(userRepository, actor);
    if (!user) return err('USER_NOT_FOUND');
    if (user.role === Role.SuperAdmin && (await userRepository.countSuperAdmins()) <= 1) return err('LAST_SUPER_ADMIN');
    const now = clock.now();
    await uow.run(async () => {
      await userRepository.update(anonymise(user, now));
      await passkeyRepository.deleteAllOfUser(user.tenantId, user.id);
      await loginRepository.revokeAllOfUser(user.id, 'account_deleted', now);
      await recordAudit(auditLog, actor, meta, { action: 'user.self_delete', resourceType: 'user', resourceId: user.id });
    });
    return ok(null);
  };
