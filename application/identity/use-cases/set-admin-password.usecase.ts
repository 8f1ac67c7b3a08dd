import { isAcceptablePassword } from '../../../domain/identity/password-policy.js';
import { normaliseEmail } from '../../../domain/identity/user.js';
import { err, ok, type Result } from '../../shared/result.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';
import { setPassword } from '../user-admin.js';

export type SetAdminPasswordError = 'USER_NOT_FOUND' | 'WEAK_PASSWORD';

type Deps = Pick<IdentityDeps, 'userRepository' | 'loginRepository' | 'passwordHasher' | 'auditLog' | 'clock' | 'uow'>;

/**
 * `npm run admin -- set-password <email>`: the operator, at the machine, sets a Super Admin's
 * password (ROOT_ADMIN_PASSWORD only bootstraps the first one). Every login of that admin ends, as
 * after a reset, and the change is audited without an actor.
 */
export const makeSetAdminPassword =
  (d: Deps) =>
  async (email: string, password: string): Promise<Result<{ email: string; loginsEnded: number }, SetAdminPasswordError>> => {
    if (!isAcceptablePassword(password)) return err('WEAK_PASSWORD', 'password: 8 to 128 characters');
    // Hashed before the transaction: argon2 is slow, and PGlite has one connection.
    const passwordHash = await d.passwordHasher.hash(password);
    const now = d.clock.now();
    return d.uow.run(async (): Promise<Result<{ email: string; loginsEnded: number }, SetAdminPasswordError>> => {
      const admin = await d.userRepository.findSuperAdminByEmail(normaliseEmail(email));
      if (!admin || admin.deletedAt) return err('USER_NOT_FOUND', `no Super Admin has the email ${email}`);
      const loginsEnded = await setPassword(d, admin, passwordHash, 'password_reset', now);
      await recordAudit(
        d.auditLog,
        { tenantId: admin.tenantId, userId: null },
        { ip: null, userAgent: 'npm run admin' },
        { action: 'auth.admin_password_set', resourceType: 'user', resourceId: admin.id, metadata: { logins_ended: loginsEnded } },
      );
      return ok({ email: admin.email, loginsEnded });
    });
  };
