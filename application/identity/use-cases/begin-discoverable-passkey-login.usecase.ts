import { isEnabled } from '../../../domain/platform/settings.js';
import { err, ok, type Result } from '../../shared/result.js';
import { CHALLENGE_TTL_MS } from '../passkey-challenges.js';
import type { IdentityDeps } from '../deps.js';

export type BeginDiscoverablePasskeyLoginError = 'PASSKEY_LOGIN_DISABLED';

type Deps = Pick<IdentityDeps, 'webAuthnVerifier' | 'passkeyChallenges' | 'settingsReader'>;

/** Usernameless login: no `allowCredentials`, the authenticator offers the passkeys it holds for this site. */
export const makeBeginDiscoverablePasskeyLogin =
  ({ webAuthnVerifier, passkeyChallenges, settingsReader }: Deps) =>
  async (tenantId: string): Promise<Result<Record<string, unknown>, BeginDiscoverablePasskeyLoginError>> => {
    if (!isEnabled(await settingsReader.get(tenantId), 'PasskeyLoginEnabled')) return err('PASSKEY_LOGIN_DISABLED');
    const { challenge, options } = await webAuthnVerifier.authenticationOptions({ allow: null, timeoutMs: CHALLENGE_TTL_MS });
    await passkeyChallenges.issue(challenge, { kind: 'discoverable_login', tenantId, userId: null });
    return ok(options);
  };
