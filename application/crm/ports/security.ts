/**
 * Sealing of integration secrets (AES-256-GCM in the adapter) and keyed hashes for look-ups.
 * `context` binds a sealed value to its row (tenant and provider), so a ciphertext copied to
 * another row does not open.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws when the value was not sealed with this key and context. */
  open(sealed: string, context: string): string;
  /** Keyed hash (HMAC) of a secret, for finding its row without decrypting every row. */
  lookupHash(purpose: string, secret: string): string;
  /** Constant-time string comparison. */
  equals(a: string, b: string): boolean;
}

export interface WebhookSignatures {
  /** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. */
  metaSignatureValid(rawBody: Uint8Array, header: string | undefined, appSecret: string): boolean;
}

export type { PhoneNumbers } from '../../shared/ports.js';
