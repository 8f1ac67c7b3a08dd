import { isAcceptablePassword } from '../../../domain/identity/password-policy.js';
import { UserStatus } from '../../../domain/identity/role.js';
import type { RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';
import { setPassword } from '../user-admin.js';

export type ResetPasswordError = 'INVALID_RESET_TOKEN' | 'WEAK_PASSWORD';

type Deps = Pick<
  IdentityDeps,
  'passwordResetRepository' | 'userRepository' | 'loginRepository' | 'passwordHasher' | 'secretDigest' | 'auditLog' | 'clock' | 'uow'
>;

/**
 * `POST /api/auth/reset-password {token, new_password}`: the token is used once (a conditional
 * update: of two concurrent resets one wins), the password set and every login of the user
 * ended, in one unit of work, audited. A used, expired or unknown token, or one whose account
 * was deactivated meanwhile, answers one error. A weak password is refused before the token is
 * spent, so the user can try again with the same link.
 */
export const makeResetPassword =
  (d: Deps) =>
  async (meta: RequestMeta, cmd: { token: string; newPassword: string }): Promise<Result<null, ResetPasswordError>> => {
    if (!isAcceptablePassword(cmd.newPassword)) return err('WEAK_PASSWORD', 'new_password: 8 to 128 characters');
    // Hashed before the transaction: argon2 is slow, and PGlite has one connection.
    const passwordHash = await d.passwordHasher.hash(cmd.newPassword);
    const now = d.clock.now();
    return d.uow.run(async (): Promise<Result<null, ResetPasswordError>> => {
      const owner = await d.passwordResetRepository.consume(d.secretDigest.digest(cmd.token), now);
      const user = owner ? await d.userRepository.findById(owner.tenantId, owner.userId) : null;
      if (!user || user.deletedAt || user.status !== UserStatus.Active) return err('INVALID_RESET_TOKEN');
      const ended = await setPassword(d, user, passwordHash, 'password_reset', now);
      await recordAudit(d.auditLog, { tenantId: user.tenantId, userId: user.id }, meta, {
        action: 'auth.password_reset',
        resourceType: 'user',
        resourceId: user.id,
        metadata: { logins_ended: ended },
      });
      return ok(null);
    });
  };
