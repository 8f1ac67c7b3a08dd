import type { MailerSignatures } from '../../application/platform/mail-ports.js';
import { sha256HmacHeaderValid } from './crypto.js';

/** `X-Mailer-Signature: sha256=<hex HMAC-SHA256 of the raw body with MAILER_WEBHOOK_SECRET>` (contract §9). */
export const hmacMailerSignatures: MailerSignatures = { valid: sha256HmacHeaderValid };
