import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MailerSignatures } from '../../application/platform/mail-ports.js';

/** `X-Mailer-Signature: sha256=<hex HMAC-SHA256 of the raw body with MAILER_WEBHOOK_SECRET>` (contract §9), compared in constant time. */
export const hmacMailerSignatures: MailerSignatures = {
  valid(rawBody, header, secret) {
    const match = /^sha256=([0-9a-f]{64})$/i.exec((header ?? '').trim());
    const expected = createHmac('sha256', secret).update(rawBody).digest();
    const given = match ? Buffer.from(match[1]!, 'hex') : Buffer.alloc(expected.length);
    return timingSafeEqual(expected, given) && match !== null;
  },
};
