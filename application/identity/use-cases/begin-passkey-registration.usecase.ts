import { MAX_PASSKEYS_PER_USER } from '../../../domain/identity/passkey.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { CHALLENGE_TTL_MS } from '../passkey-challenges.js';
import { ownAccount } from '../own-account.js';
import type { IdentityDeps } from '../deps.js';

export type BeginPasskeyRegistrationError = 'USER_NOT_FOUND' | 'PASSKEY_LIMIT_REACHED';

type Deps = Pick<IdentityDeps, 'userRepository' | 'passkeyRepository' | 'webAuthnVerifier' | 'passkeyChallenges'>;

/**
 * Creation options for the signed-in user. The user's existing credentials are excluded, so an
 * authenticator that already holds one of them refuses to make a second.
 */
export const makeBeginPasskeyRegistration =
  ({ userRepository, passkeyRepository, webAuthnVerifier, passkeyChallenges }: Deps) =>
  async (actor: Actor): Promise<Result<Record<string, unknown>, BeginPasskeyRegistrationError>> => {
    const user = await ownAccount(userRepository, actor);
    if (!user) return err('USER_NOT_FOUND');
    const existing = await passkeyRepository.listByUser(user.tenantId, user.id);
    if (existing.length >= MAX_PASSKEYS_PER_USER) return err('PASSKEY_LIMIT_REACHED');
    const { challenge, options } = await webAuthnVerifier.registrationOptions({
      userId: user.id,
      userName: user.email,
      userDisplayName: user.displayName,
      exclude: existing.map((p) => ({ credentialId: p.credentialId, transports: p.transports })),
      timeoutMs: CHALLENGE_TTL_MS,
    });
    await passkeyChallenges.issue(challenge, { kind: 'registration', tenantId: actor.tenantId, userId: user.id });
    return ok(options);
  };
