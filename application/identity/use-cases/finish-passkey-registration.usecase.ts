import { defaultPasskeyName, MAX_PASSKEYS_PER_USER, type Passkey } from '../../../domain/identity/passkey.js';
import { err, ok } from '../../shared/result.js';
import type { CredentialResponseJson } from '../ports/webauthn-verifier.js';
import { ownAccount } from '../own-account.js';
import { recordAudit } from '../../platform/audit.js';
import type { IdentityDeps } from '../deps.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type FinishPasskeyRegistrationError =
  'WEBAUTHN_CHALLENGE_INVALID' | 'USER_NOT_FOUND' | 'PASSKEY_VERIFICATION_FAILED' | 'PASSKEY_LIMIT_REACHED' | 'PASSKEY_ALREADY_REGISTERED';

export interface FinishPasskeyRegistrationCommand {
  credential: CredentialResponseJson;
  /** Shown in the passkey list; default "Passkey <n>". */
  name?: string | undefined;
}

type FinishPasskeyRegistration = AuditedCommand<[cmd: FinishPasskeyRegistrationCommand], Passkey, FinishPasskeyRegistrationError>;

type Deps = Pick<
  IdentityDeps,
  'userRepository' | 'passkeyRepository' | 'webAuthnVerifier' | 'passkeyChallenges' | 'auditLog' | 'clock' | 'ids' | 'uow'
>;

/**
 * Verifies the attestation against the ceremony found by the challenge in `clientDataJSON`
 * (contract §3). The ceremony must be a registration begun by this same user in this tenant;
 * it is consumed whatever the outcome, so a response can be tried once.
 */
export const makeFinishPasskeyRegistration =
  ({
    userRepository,
    passkeyRepository,
    webAuthnVerifier,
    passkeyChallenges,
    auditLog,
    clock,
    ids,
    uow,
  }: Deps): FinishPasskeyRegistration =>
  async (actor, meta, cmd) => {
    const fail = async <E extends FinishPasskeyRegistrationError>(code: E, reason: string) => {
      await recordAudit(auditLog, actor, meta, {
        action: 'passkey.registration_failed',
        resourceType: 'user',
        resourceId: actor.userId,
        metadata: { reason },
      });
      return code === 'PASSKEY_VERIFICATION_FAILED' ? err(code, reason) : err(code);
    };

    const challenge = webAuthnVerifier.challengeOf(cmd.credential);
    const ceremony = await passkeyChallenges.take(challenge);
    if (
      !ceremony ||
      !challenge ||
      ceremony.kind !== 'registration' ||
      ceremony.tenantId !== actor.tenantId ||
      ceremony.userId !== actor.userId
    ) {
      return fail('WEBAUTHN_CHALLENGE_INVALID', 'challenge');
    }
    const user = await ownAccount(userRepository, actor);
    if (!user) return err('USER_NOT_FOUND');

    const verified = await webAuthnVerifier.verifyRegistration(cmd.credential, challenge);
    if (!verified.ok) return fail('PASSKEY_VERIFICATION_FAILED', verified.error);
    const existing = await passkeyRepository.listByUser(user.tenantId, user.id);
    if (existing.length >= MAX_PASSKEYS_PER_USER) return fail('PASSKEY_LIMIT_REACHED', 'limit');

    const c = verified.value;
    const passkey: Passkey = {
      id: ids.uuid(),
      tenantId: user.tenantId,
      userId: user.id,
      credentialId: c.credentialId,
      publicKey: c.publicKey,
      counter: c.counter,
      transports: c.transports,
      name: cmd.name?.trim() || defaultPasskeyName(existing.length),
      aaguid: c.aaguid,
      deviceType: c.deviceType,
      backedUp: c.backedUp,
      createdAt: clock.now(),
      lastUsedAt: null,
    };
    const inserted = await uow.run(async () => {
      if (!(await passkeyRepository.insert(passkey))) return false;
      await recordAudit(auditLog, actor, meta, {
        action: 'passkey.registered',
        resourceType: 'passkey',
        resourceId: passkey.id,
        metadata: { name: passkey.name, aaguid: passkey.aaguid, device_type: passkey.deviceType },
      });
      return true;
    });
    if (!inserted) return fail('PASSKEY_ALREADY_REGISTERED', 'duplicate');
    return ok(passkey);
  };
