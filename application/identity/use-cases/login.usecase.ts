import { UserStatus } from '../../../domain/identity/role.js';
import { normaliseEmail, type User } from '../../../domain/identity/user.js';
import { isEnabled } from '../../../domain/platform/settings.js';
import type { RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { IssuedSession } from '../session-issuer.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';

export type LoginError = 'INVALID_CREDENTIALS' | 'ACCOUNT_DEACTIVATED' | 'PASSWORD_LOGIN_DISABLED';

export interface LoginCommand {
  tenantId: string;
  email: string;
  password: string;
  meta: RequestMeta;
}

type Deps = Pick<IdentityDeps, 'userRepository' | 'passwordHasher' | 'settingsReader' | 'sessionIssuer' | 'auditLog' | 'clock'>;

/**
 * The spec's checks in the spec's order: email registered, password matches, account active,
 * password login enabled. An unknown email answers like a wrong password (same message, same
 * time), so the endpoint does not reveal who has an account.
 */
export const makeLogin =
  ({ userRepository, passwordHasher, settingsReader, sessionIssuer, auditLog, clock }: Deps) =>
  async (cmd: LoginCommand): Promise<Result<{ user: User; session: IssuedSession }, LoginError>> => {
    const email = normaliseEmail(cmd.email);
    // A Super Admin's address is theirs in every tenant (issue 26), even where an account took it before the rule.
    const user = (await userRepository.findSuperAdminByEmail(email)) ?? (await userRepository.findByEmail(cmd.tenantId, email));
    const fail = async (reason: LoginError, userId: string | null) => {
      await recordAudit(auditLog, { tenantId: cmd.tenantId, userId }, cmd.meta, {
        action: 'auth.login_failed',
        resourceType: 'user',
        resourceId: userId,
        metadata: { email, reason },
      });
      return err(reason);
    };

    if (!user || user.deletedAt || !user.passwordHash) {
      await passwordHasher.burn(cmd.password);
      return fail('INVALID_CREDENTIALS', null);
    }
    if (!(await passwordHasher.verify(user.passwordHash, cmd.password))) return fail('INVALID_CREDENTIALS', user.id);
    if (user.status !== UserStatus.Active) return fail('ACCOUNT_DEACTIVATED', user.id);
    if (!isEnabled(await settingsReader.get(cmd.tenantId), 'PasswordLoginEnabled')) return fail('PASSWORD_LOGIN_DISABLED', user.id);

    const session = await sessionIssuer.open(user, 'password', cmd.meta);
    const now = clock.now();
    const updated = { ...user, lastLoginAt: now };
    await userRepository.update(updated);
    await recordAudit(auditLog, { tenantId: cmd.tenantId, userId: user.id }, cmd.meta, {
      action: 'auth.login',
      resourceType: 'user',
      resourceId: user.id,
      metadata: { method: 'password', login_id: session.loginId },
    });
    return ok({ user: updated, session });
  };
