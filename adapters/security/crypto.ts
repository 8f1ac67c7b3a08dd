import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { SecretDigest } from '../../application/identity/ports/security.js';
import type { Clock, IdGenerator, RandomSource } from '../../application/shared/ports.js';

export const systemClock: Clock = { now: () => new Date() };

export const uuidGenerator: IdGenerator = { uuid: () => randomUUID() };

export const cryptoRandom: RandomSource = {
  string(length, alphabet) {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
    return out;
  },
  bytesHex: (bytes) => randomBytes(bytes).toString('hex'),
};

/** SHA-256 is enough for high-entropy secrets (session tokens, one-time codes bound to attempts). */
export const sha256Digest: SecretDigest = {
  digest: (secret) => createHash('sha256').update(secret).digest('hex'),
  equals: (a, b) => constantTimeEquals(a, b),
};

/** Compares digests of both sides, so neither the content nor the length leaks through timing. */
export function constantTimeEquals(a: string, b: string): boolean {
  const key = randomBytes(32);
  const x = createHmac('sha256', key).update(a, 'utf8').digest();
  const y = createHmac('sha256', key).update(b, 'utf8').digest();
  return timingSafeEqual(x, y);
}

/**
 * A `sha256=<hex>` signature header (Meta's `X-Hub-Signature-256`, our mailer's `X-Mailer-Signature`):
 * the HMAC-SHA256 of the raw body with the shared secret. A malformed header is still compared
 * (against zeros), so timing says nothing about the input.
 */
export function sha256HmacHeaderValid(rawBody: Uint8Array, header: string | undefined, secret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec((header ?? '').trim());
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = match ? Buffer.from(match[1]!, 'hex') : Buffer.alloc(expected.length);
  return timingSafeEqual(expected, given) && match !== null;
}
