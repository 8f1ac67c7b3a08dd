/**
 * A WebAuthn credential (passkey) of a user, stored per tenant (contract §3). The public key is
 * the COSE key the authenticator produced at registration; the private key never leaves it.
 */
export interface Passkey {
  id: string;
  /** The tenant of the user who owns it (a Super Admin's home tenant, contract §4). */
  tenantId: string;
  userId: string;
  /** The WebAuthn credential id, base64url; unique per tenant. */
  credentialId: string;
  /** COSE-encoded public key. */
  publicKey: Uint8Array;
  /** Last signature counter the authenticator reported. */
  counter: number;
  transports: string[];
  name: string;
  aaguid: string;
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Bounds the rows one account can create and the size of `excludeCredentials`. */
export const MAX_PASSKEYS_PER_USER = 20;

export const PASSKEY_NAME_MAX = 100;

/**
 * WebAuthn §6.1.1 / §7.2 step 21: when either the stored or the received counter is non-zero,
 * the received one must be strictly greater, else the authenticator may have been cloned.
 * Authenticators that do not count (synced passkeys) always report 0, which is accepted.
 */
export const acceptsSignCount = (stored: number, received: number): boolean => (stored === 0 && received === 0) || received > stored;

/** "Passkey 3" when the user gave no name at registration. */
export const defaultPasskeyName = (existingCount: number): string => `Passkey ${existingCount + 1}`;
