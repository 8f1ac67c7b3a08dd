import { acceptsSignCount } from '../../../domain/identity/passkey.js';
import { UserStatus } from '../../../domain/identity/role.js';
import type { User } from '../../../domain/identity/user.js';
import { isEnabled } from '../../../domain/platform/settings.js';
import type { RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CredentialResponseJson } from '../ports/webauthn-verifier.js';
import type { IssuedSession } from '../session-issuer.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';

export type FinishPasskeyLoginError =
  'WEBAUTHN_CHALLENGE_INVALID' | 'PASSKEY_VERIFICATION_FAILED' | 'ACCOUNT_DEACTIVATED' | 'PASSKEY_LOGIN_DISABLED';

export interface FinishPasskeyLoginCommand {
  tenantId: string;
  /** Which begin this finish belongs to: by email (`login`) or usernameless (`discoverable_login`). */
  mode: 'login' | 'discoverable_login';
  credential: CredentialResponseJson;
  meta: RequestMeta;
}

type Deps = Pick<
  IdentityDeps,
  | 'userRepository'
  | 'passkeyRepository'
  | 'webAuthnVerifier'
  | 'passkeyChallenges'
  | 'settingsReader'
  | 'sessionIssuer'
  | 'auditLog'
  | 'clock'
  | 'uow'
>;

/**
 * Checks in this order: the ceremony (found by the challenge in clientDataJSON, single use, of
 * this kind and tenant), the credential (this tenant's, or a Super Admin's; for an email login,
 * of that account), the signature with origin and rp id, the user handle, the signature counter,
 * then, as password login does after the password, the account status and the setting. Success
 * answers what password login answers (contract §3): the same session issuer, last_login_at, audit.
 */
export const makeFinishPasskeyLogin =
  (d: Deps) =>
  async (cmd: FinishPasskeyLoginCommand): Promise<Result<{ user: User; session: IssuedSession }, FinishPasskeyLoginError>> => {
    const fail = async <E extends FinishPasskeyLoginError>(code: E, reason: string, userId: string | null) => {
      await recordAudit(d.auditLog, { tenantId: cmd.tenantId, userId }, cmd.meta, {
        action: 'auth.login_failed',
        resourceType: 'user',
        resourceId: userId,
        metadata: { method: 'passkey', reason, credential_id: cmd.credential.id.slice(0, 200) },
      });
      // Only a refused credential says why (origin, rp_id, signature…): that is what a front-end
      // developer needs to fix a configuration; the other codes speak for themselves.
      return code === 'PASSKEY_VERIFICATION_FAILED' ? err(code, reason) : err(code);
    };

    const challenge = d.webAuthnVerifier.challengeOf(cmd.credential);
    const ceremony = await d.passkeyChallenges.take(challenge);
    if (!ceremony || !challenge || ceremony.kind !== cmd.mode || ceremony.tenantId !== cmd.tenantId) {
      return fail('WEBAUTHN_CHALLENGE_INVALID', 'challenge', null);
    }

    const passkey = await d.passkeyRepository.findForLogin(cmd.tenantId, cmd.credential.id);
    // Another account's credential answers like an unknown one: the email named someone else.
    if (!passkey || (ceremony.userId !== null && passkey.userId !== ceremony.userId)) {
      return fail('PASSKEY_VERIFICATION_FAILED', 'unknown_credential', ceremony.userId);
    }
    const verified = await d.webAuthnVerifier.verifyAssertion(cmd.credential, challenge, passkey);
    if (!verified.ok) return fail('PASSKEY_VERIFICATION_FAILED', verified.error, passkey.userId);
    const assertion = verified.value;
    // WebAuthn §7.2 step 6: the user handle, when given, must name the credential's owner; a
    // usernameless login has no other way to know the user, so there it is required.
    if (assertion.userHandle === null ? cmd.mode === 'discoverable_login' : assertion.userHandle !== passkey.userId) {
      return fail('PASSKEY_VERIFICATION_FAILED', 'user_handle', passkey.userId);
    }
    if (!acceptsSignCount(passkey.counter, assertion.counter)) return fail('PASSKEY_VERIFICATION_FAILED', 'counter', passkey.userId);

    const user = await d.userRepository.findById(passkey.tenantId, passkey.userId);
    if (!user || user.deletedAt) return fail('PASSKEY_VERIFICATION_FAILED', 'unknown_credential', passkey.userId);
    if (user.status !== UserStatus.Active) return fail('ACCOUNT_DEACTIVATED', 'ACCOUNT_DEACTIVATED', user.id);
    if (!isEnabled(await d.settingsReader.get(cmd.tenantId), 'PasskeyLoginEnabled'))
      return fail('PASSKEY_LOGIN_DISABLED', 'PASSKEY_LOGIN_DISABLED', user.id);

    const now = d.clock.now();
    const done = await d.uow.run(async () => {
      // The conditional update is the real guard: two assertions racing with one counter value
      // cannot both pass (the check above only gives the early, readable answer).
      if (
        !(await d.passkeyRepository.recordUse(passkey.tenantId, passkey.id, {
          counter: assertion.counter,
          backedUp: assertion.backedUp,
          at: now,
        }))
      )
        return null;
      const session = await d.sessionIssuer.open(user, 'passkey', cmd.meta);
      const updated: User = { ...user, lastLoginAt: now };
      await d.userRepository.update(updated);
      await recordAudit(d.auditLog, { tenantId: cmd.tenantId, userId: user.id }, cmd.meta, {
        action: 'auth.login',
        resourceType: 'user',
        resourceId: user.id,
        metadata: { method: 'passkey', login_id: session.loginId, passkey_id: passkey.id, discoverable: cmd.mode === 'discoverable_login' },
      });
      return { user: updated, session };
    });
    return done ? ok(done) : fail('PASSKEY_VERIFICATION_FAILED', 'counter', user.id);
  };
