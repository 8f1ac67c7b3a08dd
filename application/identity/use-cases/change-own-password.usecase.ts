import { isAcceptablePassword } from '../../../domain/identity/password-policy.js';
import { err, ok } from '../../shared/result.js';
import { ownAccount } from '../own-account.js';
import { setPassword } from '../user-admin.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type ChangeOwnPasswordError = 'USER_NOT_FOUND' | 'WRONG_PASSWORD' | 'WEAK_PASSWORD';

/** `loginId`: the login the change is made from, which stays open (null: every login ends). */
type ChangeOwnPassword = AuditedCommand<
  [loginId: string | null, cmd: { currentPassword: string; newPassword: string }],
  null,
  ChangeOwnPasswordError
>;

type Deps = Pick<IdentityDeps, 'userRepository' | 'loginRepository' | 'passwordHasher' | 'auditLog' | 'clock' | 'uow'>;

/**
 * `PUT /api/user/self/password {current_password, new_password}` for every user, Super Admins
 * included: the current password must verify (an account without one, made by passkey only,
 * cannot use this). Every other login of the user ends (refresh families, sessions); the one
 * making the change stays. Failures and the change are audited.
 */
export const makeChangeOwnPassword =
  ({ userRepository, loginRepository, passwordHasher, auditLog, clock, uow }: Deps): ChangeOwnPassword =>
  async (actor, meta, loginId, cmd) => {
    const user = await ownAccount(userRepository, actor);
    if (!user) return err('USER_NOT_FOUND');
    if (!isAcceptablePassword(cmd.newPassword)) return err('WEAK_PASSWORD', 'new_password: 8 to 128 characters');
    if (!user.passwordHash || !(await passwordHasher.verify(user.passwordHash, cmd.currentPassword))) {
      if (!user.passwordHash) await passwordHasher.burn(cmd.currentPassword);
      await recordAudit(auditLog, { tenantId: actor.tenantId, userId: user.id }, meta, {
        action: 'user.password_change_failed',
        resourceType: 'user',
        resourceId: user.id,
      });
      return err('WRONG_PASSWORD');
    }
    const passwordHash = await passwordHasher.hash(cmd.newPassword);
    const now = clock.now();
    await uow.run(async () => {
      const ended = await setPassword({ userRepository, loginRepository }, user, passwordHash, 'password_changed', now, loginId);
      await recordAudit(auditLog, { tenantId: actor.tenantId, userId: user.id }, meta, {
        action: 'user.password_change',
        resourceType: 'user',
        resourceId: user.id,
        metadata: { other_logins_ended: ended },
      });
    });
    return ok(null);
  };
