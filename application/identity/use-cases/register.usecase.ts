import { Role, UserStatus } from '../../../domain/identity/role.js';
import { isAcceptablePassword } from '../../../domain/identity/password-policy.js';
import { newUser, normaliseEmail, type User } from '../../../domain/identity/user.js';
import { newRecord } from '../../shared/records.js';
import { isEnabled } from '../../../domain/platform/settings.js';
import type { RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { normalisePhone } from '../phone.js';
import { isSuperAdminEmail } from '../reserved-email.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';
import type { UserWriteDeps } from '../user-admin.js';

export type RegisterError =
  'REGISTRATION_DISABLED' | 'EMAIL_TAKEN' | 'WEAK_PASSWORD' | 'VERIFICATION_CODE_REQUIRED' | 'VERIFICATION_CODE_INVALID' | 'INVALID_PHONE';

export interface RegisterCommand {
  tenantId: string;
  username: string;
  email: string;
  password: string;
  displayName: string;
  phone?: string | null | undefined;
  verificationCode?: string | undefined;
  meta: RequestMeta;
}

type Deps = UserWriteDeps & Pick<IdentityDeps, 'verificationCodeRepository' | 'secretDigest' | 'settingsReader'>;

export const MAX_CODE_ATTEMPTS = 5;

/** Self-registration creates a Student; role and status are never taken from the request. */
export const makeRegister =
  (deps: Deps) =>
  async (cmd: RegisterCommand): Promise<Result<User, RegisterError>> => {
    const {
      userRepository,
      verificationCodeRepository,
      passwordHasher,
      secretDigest,
      settingsReader,
      phoneNumbers,
      userEvents,
      auditLog,
      clock,
      ids,
      uow,
    } = deps;
    const settings = await settingsReader.get(cmd.tenantId);
    if (!isEnabled(settings, 'RegisterEnabled') || !isEnabled(settings, 'PasswordRegisterEnabled')) return err('REGISTRATION_DISABLED');
    if (!isAcceptablePassword(cmd.password)) return err('WEAK_PASSWORD');
    const phone = normalisePhone(phoneNumbers, cmd.phone);
    if (!phone.ok) return err('INVALID_PHONE', 'phone: not a phone number');
    const email = normaliseEmail(cmd.email);
    const now = clock.now();

    let verifiedCodeId: string | null = null;
    if (isEnabled(settings, 'EmailVerificationEnabled')) {
      if (!cmd.verificationCode) return err('VERIFICATION_CODE_REQUIRED');
      const code = await verificationCodeRepository.latest(cmd.tenantId, email);
      if (!code || code.usedAt || code.expiresAt <= now || code.attempts >= MAX_CODE_ATTEMPTS) return err('VERIFICATION_CODE_INVALID');
      if (!secretDigest.equals(code.codeHash, secretDigest.digest(cmd.verificationCode))) {
        await verificationCodeRepository.recordAttempt(code.id);
        return err('VERIFICATION_CODE_INVALID');
      }
      verifiedCodeId = code.id;
    }

    if ((await userRepository.findByEmail(cmd.tenantId, email)) || (await isSuperAdminEmail(userRepository, email)))
      return err('EMAIL_TAKEN');
    const user = newUser(newRecord(ids, cmd.tenantId, now), {
      username: cmd.username,
      email,
      phone: phone.value ?? null,
      displayName: cmd.displayName,
      role: Role.Student,
      status: UserStatus.Active,
      passwordHash: await passwordHasher.hash(cmd.password),
      emailVerifiedAt: verifiedCodeId ? now : null,
    });
    return uow.run(async () => {
      if (verifiedCodeId && !(await verificationCodeRepository.markUsed(verifiedCodeId, now))) return err('VERIFICATION_CODE_INVALID');
      // A concurrent registration of the same address loses here, not on a 500.
      if (!(await userRepository.insert(user))) return err('EMAIL_TAKEN');
      await userEvents.created(user);
      await recordAudit(auditLog, { tenantId: cmd.tenantId, userId: user.id }, cmd.meta, {
        action: 'auth.register',
        resourceType: 'user',
        resourceId: user.id,
        metadata: { email },
      });
      return ok(user);
    });
  };
