import type { MailTransport } from '../../../application/platform/ports.js';

/** MAILER=outbox: the recorded message is the delivery; read it at GET /api/email/outbox. */
export const outboxMailTransport: MailTransport = {
  async deliver() {},
};
