import type { Result } from '../../shared/result.js';

/**
 * The WebAuthn ceremonies' cryptography, behind a port so the core never imports the library
 * (adapters/security/simplewebauthn-verifier.ts). The relying party (id, name, origins) is
 * configuration of the adapter.
 */

/** What the browser's `PublicKeyCredential.toJSON()` (or @simplewebauthn/browser) sends, shape-checked at the edge. */
export interface CredentialResponseJson {
  id: string;
  rawId: string;
  type: string;
  response: Record<string, unknown>;
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: string | undefined;
}

export interface CredentialDescriptor {
  credentialId: string;
  transports: string[];
}

/** Options JSON for `navigator.credentials.create/get`, and the challenge inside it. */
export interface CeremonyOptions {
  challenge: string;
  options: Record<string, unknown>;
}

export interface RegisteredCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  aaguid: string;
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
}

export interface VerifiedAssertion {
  counter: number;
  backedUp: boolean;
  /** The user handle the authenticator returned (our user id), or null when it sent none. */
  userHandle: string | null;
}

/** Why a response was refused; recorded in the audit log and answered as the error detail. */
export type WebAuthnFailure =
  'malformed' | 'type' | 'origin' | 'rp_id' | 'user_presence' | 'user_verification' | 'algorithm' | 'attestation' | 'signature';

export interface WebAuthnVerifier {
  registrationOptions(input: {
    /** Our user id: becomes the WebAuthn user handle returned by discoverable logins. */
    userId: string;
    userName: string;
    userDisplayName: string;
    exclude: CredentialDescriptor[];
    timeoutMs: number;
  }): Promise<CeremonyOptions>;
  /** `allow` null: a discoverable (usernameless) ceremony, the authenticator picks the credential. */
  authenticationOptions(input: { allow: CredentialDescriptor[] | null; timeoutMs: number }): Promise<CeremonyOptions>;
  /** The challenge inside `response.clientDataJSON`, or null when it cannot be read. */
  challengeOf(response: CredentialResponseJson): string | null;
  verifyRegistration(response: CredentialResponseJson, expectedChallenge: string): Promise<Result<RegisteredCredential, WebAuthnFailure>>;
  /**
   * Verifies the assertion's client data, rp id hash, flags and signature against the stored
   * public key. The counter is returned, not judged: the use case applies the domain rule.
   */
  verifyAssertion(
    response: CredentialResponseJson,
    expectedChallenge: string,
    credential: { credentialId: string; publicKey: Uint8Array; transports: string[] },
  ): Promise<Result<VerifiedAssertion, WebAuthnFailure>>;
}
