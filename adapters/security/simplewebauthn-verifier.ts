import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { CredentialResponseJson, WebAuthnFailure, WebAuthnVerifier } from '../../application/identity/ports/webauthn-verifier.js';
import { err, ok, type Result } from '../../application/shared/result.js';

export interface RelyingParty {
  /** `WEBAUTHN_RP_ID`: the domain passkeys are bound to. */
  id: string;
  /** `WEBAUTHN_RP_NAME`: shown by the browser's passkey dialog. */
  name: string;
  /** `WEBAUTHN_ORIGINS`: the pages allowed to run ceremonies (scheme, host and port). */
  origins: string[];
}

// Explicit rather than the library default, which adds ML-DSA-44 on runtimes that have it: a key
// registered through a process on a newer Node must still verify in every other process.
const ALGORITHMS = [-8 /* EdDSA */, -7 /* ES256 */, -257 /* RS256 */];

// Passkeys are the only factor of these logins, so the authenticator must verify the user
// (PIN, biometrics), not merely detect presence.
const USER_VERIFICATION = 'required' as const;

/** The library throws for every refusal but a bad signature; its messages tell which check failed. */
function failureOf(error: unknown): WebAuthnFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (/RP ID/i.test(message)) return 'rp_id';
  if (/origin/i.test(message)) return 'origin';
  if (/response type/i.test(message)) return 'type';
  if (/user verification/i.test(message)) return 'user_verification';
  if (/user presence|not present/i.test(message)) return 'user_presence';
  if (/\balg\b|algorithm/i.test(message)) return 'algorithm';
  if (/signature/i.test(message)) return 'signature';
  if (/attestation/i.test(message)) return 'attestation';
  return 'malformed';
}

/** The library throws its refusals; they become the failure they name. */
async function refusalsAsFailures<T>(verify: () => Promise<Result<T, WebAuthnFailure>>): Promise<Result<T, WebAuthnFailure>> {
  try {
    return await verify();
  } catch (error) {
    return err(failureOf(error));
  }
}

/** What both ceremonies check a response against: our challenge, origins and RP ID, and a verified user. */
const expected = (rp: RelyingParty, expectedChallenge: string) => ({
  expectedChallenge,
  expectedOrigin: rp.origins,
  expectedRPID: rp.id,
  requireUserVerification: true,
});

/** The one place that knows @simplewebauthn/server (the core sees the WebAuthnVerifier port). */
export const makeSimpleWebAuthnVerifier = (rp: RelyingParty): WebAuthnVerifier => ({
  async registrationOptions({ userId, userName, userDisplayName, exclude, timeoutMs }) {
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      // The user handle is our user id (a random uuid, no personal data): a discoverable login
      // returns it, and finish checks it names the credential's owner.
      userID: new Uint8Array(Buffer.from(userId, 'utf8')),
      userName,
      userDisplayName,
      timeout: timeoutMs,
      attestationType: 'none',
      excludeCredentials: exclude.map((c) => ({ id: c.credentialId, transports: c.transports })),
      // `preferred`: most passkeys are discoverable; security keys with full storage still register.
      authenticatorSelection: { residentKey: 'preferred', userVerification: USER_VERIFICATION },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    return { challenge: options.challenge, options: options as unknown as Record<string, unknown> };
  },

  async authenticationOptions({ allow, timeoutMs }) {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      timeout: timeoutMs,
      userVerification: USER_VERIFICATION,
      ...(allow ? { allowCredentials: allow.map((c) => ({ id: c.credentialId, transports: c.transports })) } : {}),
    });
    return { challenge: options.challenge, options: options as unknown as Record<string, unknown> };
  },

  challengeOf(response) {
    const encoded = response.response.clientDataJSON;
    if (typeof encoded !== 'string' || encoded.length > 16_384) return null;
    try {
      const clientData = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { challenge?: unknown };
      return typeof clientData.challenge === 'string' ? clientData.challenge : null;
    } catch {
      return null;
    }
  },

  verifyRegistration: (response, expectedChallenge) =>
    refusalsAsFailures(async () => {
      const result = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        ...expected(rp, expectedChallenge),
        supportedAlgorithmIDs: ALGORITHMS,
      });
      if (!result.verified) return err('attestation');
      const info = result.registrationInfo;
      return ok({
        credentialId: info.credential.id,
        publicKey: new Uint8Array(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        aaguid: info.aaguid,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
      });
    }),

  verifyAssertion: (response: CredentialResponseJson, expectedChallenge, credential) =>
    refusalsAsFailures(async () => {
      const result = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        ...expected(rp, expectedChallenge),
        // Counter 0 turns the library's own counter check off: the use case applies the same rule
        // (domain/identity/passkey.ts) after the signature is known to be genuine, and records a
        // regression under its own reason rather than as an unreadable response.
        credential: {
          id: credential.credentialId,
          publicKey: new Uint8Array(credential.publicKey),
          counter: 0,
          transports: credential.transports,
        },
      });
      if (!result.verified) return err('signature');
      const handle = response.response.userHandle;
      return ok({
        counter: result.authenticationInfo.newCounter,
        backedUp: result.authenticationInfo.credentialBackedUp,
        userHandle: typeof handle === 'string' && handle !== '' ? Buffer.from(handle, 'base64url').toString('utf8') : null,
      });
    }),
});
