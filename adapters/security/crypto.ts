import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
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
  equals(a, b) {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  },
};
