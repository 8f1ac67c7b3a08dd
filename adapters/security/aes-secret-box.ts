import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { SecretBox, WebhookSignatures } from '../../application/crm/ports/security.js';
import { constantTimeEquals, sha256HmacHeaderValid } from './crypto.js';

const VERSION = 'v1';

/**
 * AES-256-GCM sealing of integration secrets (issue 8). Two independent keys are derived with
 * HKDF-SHA256 from the configured ENCRYPTION_KEY (or the one generated into DATA_DIR): one to
 * encrypt, one to compute look-up hashes, so a leaked hash key reveals nothing about the
 * ciphertexts. The row's context is the GCM associated data.
 */
export class AesSecretBox implements SecretBox {
  private readonly encryptionKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(masterKey: string) {
    const ikm = Buffer.from(masterKey, 'utf8');
    const salt = Buffer.from('lms-crm-secret-box', 'utf8');
    this.encryptionKey = Buffer.from(hkdfSync('sha256', ikm, salt, 'integration-secrets:aes-256-gcm:v1', 32));
    this.hashKey = Buffer.from(hkdfSync('sha256', ikm, salt, 'integration-secrets:lookup-hmac:v1', 32));
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('sealed secret: unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  lookupHash(purpose: string, secret: string): string {
    return createHmac('sha256', this.hashKey).update(`${purpose}\0${secret}`, 'utf8').digest('hex');
  }

  equals(a: string, b: string): boolean {
    return constantTimeEquals(a, b);
  }
}

/** Meta signs webhook deliveries with the app secret: `X-Hub-Signature-256: sha256=<hex>`. */
export const hmacWebhookSignatures: WebhookSignatures = { metaSignatureValid: sha256HmacHeaderValid };
