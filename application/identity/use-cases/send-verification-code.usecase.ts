import { normaliseEmail } from '../../../domain/identity/user.js';
import { isEnabled } from '../../../domain/platform/settings.js';
import { err, ok, type Result } from '../../shared/result.js';
import { verificationCodeMail } from '../../platform/mail-templates.js';
import type { IdentityDeps } from '../deps.js';

export const CODE_TTL_MINUTES = 10;
const MAX_CODES_PER_HOUR = 5;

export type SendVerificationCodeError = 'VERIFICATION_DISABLED' | 'TOO_MANY_CODES';

type Deps = Pick<
  IdentityDeps,
  'verificationCodeRepository' | 'secretDigest' | 'settingsReader' | 'mailer' | 'random' | 'clock' | 'ids' | 'uow'
>;

/**
 * Mails a 6-digit code valid for 10 minutes (contract §3). The answer is the same whether or not
 * the address has an account, so it cannot be used to probe for users.
 */
export const makeSendVerificationCode =
  (deps: Deps) =>
  async (tenantId: string, rawEmail: string): Promise<Result<{ expiresAt: Date }, SendVerificationCodeError>> => {
    const { verificationCodeRepository, secretDigest, settingsReader, mailer, random, clock, ids, uow } = deps;
    const settings = await settingsReader.get(tenantId);
    if (!isEnabled(settings, 'EmailVerificationEnabled')) return err('VERIFICATION_DISABLED');
    const email = normaliseEmail(rawEmail);
    const now = clock.now();
    if ((await verificationCodeRepository.countSince(tenantId, email, new Date(now.getTime() - 3600_000))) >= MAX_CODES_PER_HOUR) {
      return err('TOO_MANY_CODES');
    }
    const code = random.string(6, '0123456789');
    const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
    await uow.run(async () => {
      await verificationCodeRepository.insert({
        id: ids.uuid(),
        tenantId,
        email,
        codeHash: secretDigest.digest(code),
        attempts: 0,
        expiresAt,
        usedAt: null,
        createdAt: now,
      });
      await mailer.send(tenantId, verificationCodeMail(email, code, CODE_TTL_MINUTES, String(settings.SiteName ?? 'LMS')));
    });
    return ok({ expiresAt });
  };
