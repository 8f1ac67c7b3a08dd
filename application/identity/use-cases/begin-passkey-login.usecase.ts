import { normaliseEmail } from '../../../domain/identity/user.js';
import { isEnabled } from '../../../domain/platform/settings.js';
import { err, ok, type Result } from '../../shared/result.js';
import { CHALLENGE_TTL_MS } from '../passkey-challenges.js';
import type { IdentityDeps } from '../deps.js';

export type BeginPasskeyLoginError = 'PASSKEY_LOGIN_DISABLED' | 'NO_PASSKEYS';

type Deps = Pick<IdentityDeps, 'userRepository' | 'passkeyRepository' | 'webAuthnVerifier' | 'passkeyChallenges' | 'settingsReader'>;

/**
 * Request options listing the passkeys of the account with this email (`allowCredentials`).
 * An unknown email and an account without passkeys answer the same NO_PASSKEYS, so the answer
 * tells no more than any email-first passkey login must (which emails have passkeys). Account
 * status is judged at finish, after the signature, as password login judges it after the password.
 */
export const makeBeginPasskeyLogin =
  ({ userRepository, passkeyRepository, webAuthnVerifier, passkeyChallenges, settingsReader }: Deps) =>
  async (tenantId: string, emailInput: string): Promise<Result<Record<string, unknown>, BeginPasskeyLoginError>> => {
    if (!isEnabled(await settingsReader.get(tenantId), 'PasskeyLoginEnabled')) return err('PASSKEY_LOGIN_DISABLED');
    const email = normaliseEmail(emailInput);
    // Super Admins are global (contract §4): as password login, a Super Admin's address is theirs in every tenant.
    const user = (await userRepository.findSuperAdminByEmail(email)) ?? (await userRepository.findByEmail(tenantId, email));
    const passkeys = user && !user.deletedAt ? await passkeyRepository.listByUser(user.tenantId, user.id) : [];
    if (!user || passkeys.length === 0) return err('NO_PASSKEYS');
    const { challenge, options } = await webAuthnVerifier.authenticationOptions({
      allow: passkeys.map((p) => ({ credentialId: p.credentialId, transports: p.transports })),
      timeoutMs: CHALLENGE_TTL_MS,
    });
    await passkeyChallenges.issue(challenge, { kind: 'login', tenantId, userId: user.id });
    return ok(options);
  };
