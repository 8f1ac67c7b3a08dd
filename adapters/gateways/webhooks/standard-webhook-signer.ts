import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookSigner } from '../../../application/webhooks/ports.js';

/** Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by the secret after `whsec_`. */
export const standardWebhookSigner: WebhookSigner = {
  newSecret: () => `whsec_${randomBytes(32).toString('base64')}`,
  headers(secret, messageId, at, body) {
    return {
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(messageId, at, body),
    };
  },
};
