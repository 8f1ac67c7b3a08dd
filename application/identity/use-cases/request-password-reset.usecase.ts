import { Role, UserStatus } from '../../../domain/identity/role.js';
import { normaliseEmail } from '../../../domain/identity/user.js';
import { pageUrlSetting } from '../../../domain/platform/settings.js';
import { passwordResetMail } from '../../platform/mail-templates.js';
import type { IdentityDeps } from '../deps.js';

export const RESET_TTL_MINUTES = 30;
/** Mails per account and hour: enough for a lost mail or two, not a way to flood a mailbox. */
const MAX_RESETS_PER_HOUR = 5;

type Deps = Pick<
  IdentityDeps,
  'userRepository' | 'passwordResetRepository' | 'secretDigest' | 'settingsReader' | 'mailer' | 'random' | 'clock' | 'ids' | 'uow'
> & {
  /** The page of the front end that takes `?token=` (tenant setting `PasswordResetUrl` overrides it). */
  passwordResetPage: string;
  /** Outside production a tenant page may be http on this machine (`isPageUrl`). */
  allowLocalHttpPages: boolean;
};

/**
 * `POST /api/auth/forgot-password {email}`: for an active account with that email (in the
 * tenant, or a Super Admin, who is global), a random 256-bit token, stored only as its digest,
 * valid 30 minutes, single use; the user's earlier tokens are void. The link is mailed through
 * the outbox in the same unit of work. The caller learns nothing: the answer is the same for
 * an unknown, deactivated or throttled address. An Admin's or Super Admin's link always points
 * at PUBLIC_URL: one Admin must not choose where a token to another Admin's (or a higher)
 * account is sent.
 */
export const makeRequestPasswordReset =
  (d: Deps) =>
  async (tenantId: string, rawEmail: string): Promise<void> => {
    const email = normaliseEmail(rawEmail);
    const user = (await d.userRepository.findSuperAdminByEmail(email)) ?? (await d.userRepository.findByEmail(tenantId, email));
    if (!user || user.deletedAt || user.status !== UserStatus.Active) return;
    const now = d.clock.now();
    if ((await d.passwordResetRepository.countSince(user.tenantId, user.id, new Date(now.getTime() - 3600_000))) >= MAX_RESETS_PER_HOUR)
      return;
    const token = d.random.bytesHex(32);
    const settings = await d.settingsReader.get(user.tenantId);
    const page = (user.role < Role.Admin && pageUrlSetting(settings, 'PasswordResetUrl', d.allowLocalHttpPages)) || d.passwordResetPage;
    const link = `${page}${page.includes('?') ? '&' : '?'}token=${token}`;
    await d.uow.run(async () => {
      await d.passwordResetRepository.voidAllOfUser(user.tenantId, user.id, now);
      await d.passwordResetRepository.insert({
        id: d.ids.uuid(),
        tenantId: user.tenantId,
        userId: user.id,
        tokenHash: d.secretDigest.digest(token),
        expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
        usedAt: null,
        createdAt: now,
      });
      await d.mailer.send(user.tenantId, passwordResetMail(user.email, link, token, RESET_TTL_MINUTES, String(settings.SiteName ?? 'LMS')));
    });
  };
