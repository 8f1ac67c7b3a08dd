import { isMailEvent, parseEventTime } from '../../../domain/platform/mail-events.js';
import type { Clock, IdGenerator } from '../../shared/ports.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { MailEvent, MailEventRepository, MailerSignatures } from '../mail-ports.js';

type Deps = {
  mailEventRepository: MailEventRepository;
  mailerSignatures: MailerSignatures;
  mailerWebhookSecret: string | null;
  clock: Clock;
  ids: IdGenerator;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `POST /api/webhooks/mailer-callback` (contract §9): refused (403) while `MAILER_WEBHOOK_SECRET`
 * is unset, or when `X-Mailer-Signature` is not the HMAC of the raw body; checked before the
 * body's shape. The event belongs to the tenant of the mail it names (any tenant: the provider
 * knows only the Message-ID), else to the tenant of the request. A replay is stored once.
 */
export const makeReceiveMailerCallback =
  (d: Deps) =>
  async (
    rawBody: Uint8Array,
    signature: string | undefined,
    body: unknown,
    requestTenantId: string,
  ): Promise<Result<{ event: MailEvent; duplicate: boolean }, 'MAILER_WEBHOOK_DISABLED' | 'INVALID_SIGNATURE' | 'INVALID_CALLBACK'>> => {
    if (!d.mailerWebhookSecret) return err('MAILER_WEBHOOK_DISABLED');
    if (!d.mailerSignatures.valid(rawBody, signature, d.mailerWebhookSecret)) return err('INVALID_SIGNATURE');
    if (!isRecord(body)) return err('INVALID_CALLBACK', 'body: expected a JSON object');
    const { message_id: messageId, event, email, timestamp, reason } = body;
    if (typeof messageId !== 'string' || messageId.trim() === '' || messageId.length > 200)
      return err('INVALID_CALLBACK', 'message_id: required');
    if (!isMailEvent(event)) return err('INVALID_CALLBACK', 'event: one of delivered, opened, clicked, bounced, complained, failed');
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email.trim()) || email.length > 254)
      return err('INVALID_CALLBACK', 'email: an email address');
    const occurredAt = parseEventTime(timestamp);
    if (!occurredAt) return err('INVALID_CALLBACK', 'timestamp: ISO 8601 or Unix seconds');
    if (reason !== undefined && reason !== null && typeof reason !== 'string') return err('INVALID_CALLBACK', 'reason: a string');
    const mail = await d.mailEventRepository.findMessage(messageId.trim());
    const stored: MailEvent = {
      id: d.ids.uuid(),
      tenantId: mail?.tenantId ?? requestTenantId,
      mailId: mail?.mailId ?? null,
      messageId: messageId.trim(),
      event,
      email: email.trim().toLowerCase(),
      reason: typeof reason === 'string' ? reason.slice(0, 2000) : null,
      occurredAt,
      receivedAt: d.clock.now(),
      payload: body,
    };
    const inserted = await d.mailEventRepository.insert(stored);
    return ok({ event: stored, duplicate: !inserted });
  };
