import { z } from 'zod';
import { Role, ROLE_LEVELS } from '../../../domain/identity/role.js';
import { MAIL_EVENTS } from '../../../domain/platform/mail-events.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import { dayOrTime, dayAfter, dayStart, idParam, pageQuery, pageView, requiredText, toPageRequest, uuid } from '../kit/schemas.js';
import type { RouteModule } from '../kit/route-table.js';
import * as wire from '../wire/commerce.wire.js';
import { broadcastAcceptedView, broadcastView, eventView, mailCallbackView } from '../wire/commerce.present.js';
import type { CommerceRegistry } from '../../../application/commerce/registry.js';

type Deps = Pick<
  CommerceRegistry,
  'sendBroadcast' | 'getBroadcast' | 'receiveMailerCallback' | 'listMailerLogs' | 'mailerLogStats' | 'getMailerLog'
>;

const BroadcastBody = z
  .object({
    subject: requiredText(300),
    text: z.string().max(200_000).optional(),
    html: z.string().max(500_000).optional(),
    roles: z
      .array(
        z
          .number()
          .int()
          .refine((n) => (ROLE_LEVELS as readonly number[]).includes(n), 'a role level (1, 10, 30, 99, 100)'),
      )
      .max(5)
      .optional(),
    user_ids: z.array(uuid).max(10_000).optional(),
  })
  .refine((b) => (b.text ?? '').trim() !== '' || (b.html ?? '').trim() !== '', { message: 'text or html is required', path: ['text'] });

const LogFilter = z.strictObject({
  event: z.enum(MAIL_EVENTS).optional(),
  email: z.string().trim().toLowerCase().max(254).optional(),
  message_id: z.string().trim().max(200).optional(),
  from: dayOrTime.optional(),
  to: dayOrTime.optional(),
});
const toFilter = (q: z.infer<typeof LogFilter>) => ({
  event: q.event,
  email: q.email,
  messageId: q.message_id,
  from: q.from === undefined ? undefined : q.from.length === 10 ? dayStart(q.from) : new Date(q.from),
  to: q.to === undefined ? undefined : q.to.length === 10 ? dayAfter(q.to) : new Date(q.to),
});

export const makeMailRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['email'];
    r.post(
      '/api/email/send-broadcast',
      {
        summary: 'Mail active users (roles?, user_ids?; neither: everyone) in background batches of 100: 202 {broadcast_id, recipients}',
        access: Role.Admin,
        body: BroadcastBody,
        tags,
        // Contract §2: the one 202 of the API.
        operationId: 'sendBroadcast',
        status: 202,
        response: wire.BroadcastAccepted,
        errors: errorsFrom(d.sendBroadcast)(['NO_RECIPIENTS']),
        description:
          '`{{name}}` and `{{email}}` in subject, text and html are replaced per recipient. `roles` and `user_ids` together: the union.',
      },
      async ({ actor, meta, body }) => {
        const { broadcast } = unwrap(
          await d.sendBroadcast(actor, meta, {
            subject: body.subject,
            text: body.text,
            html: body.html,
            roles: body.roles,
            userIds: body.user_ids,
          }),
        );
        return reply(broadcastAcceptedView(broadcast), 'Broadcast accepted');
      },
    );
    r.get(
      '/api/email/broadcasts/:id',
      {
        operationId: 'getBroadcast',
        response: wire.Broadcast,
        errors: errorsFrom(d.getBroadcast)(['BROADCAST_NOT_FOUND']),
        summary: 'A broadcast and its progress',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      async ({ actor, params }) => {
        const { broadcast, progress } = unwrap(await d.getBroadcast(actor, params.id));
        return broadcastView(broadcast, progress);
      },
    );

    r.post(
      '/api/webhooks/mailer-callback',
      {
        summary: 'Mail delivery callback, signed with X-Mailer-Signature: sha256=<hex HMAC-SHA256 of the raw body>',
        access: 'public',
        rateLimit: 'webhook',
        failedProofs: ['INVALID_SIGNATURE'],
        bodyKind: { kind: 'raw-json' },
        tags,
        operationId: 'receiveMailerCallback',
        errors: errorsFrom(d.receiveMailerCallback)(['MAILER_WEBHOOK_DISABLED', 'INVALID_SIGNATURE', 'INVALID_CALLBACK']),
        response: wire.MailCallbackRecorded,
        documentedBody: z.object({
          message_id: z.string().meta({ description: 'The Message-ID of our mail' }),
          event: z.enum(MAIL_EVENTS),
          email: z.string(),
          timestamp: z.union([z.string(), z.number()]).meta({ description: 'ISO 8601, or Unix seconds' }),
          reason: z.string().optional(),
        }),
      },
      async ({ rawBody, body, ctx, tenant }) => {
        const out = unwrap(
          await d.receiveMailerCallback(rawBody ?? Buffer.alloc(0), ctx.get('X-Mailer-Signature') || undefined, body, tenant.id),
        );
        return reply(mailCallbackView(out), out.duplicate ? 'Callback already recorded' : 'Callback recorded');
      },
    );

    const ltags = ['mailer logs'];
    r.get(
      '/api/mailer-logs',
      {
        operationId: 'listMailerLogs',
        response: wire.MailEventPage,
        errors: errorsFrom(d.listMailerLogs)([]),
        summary: 'Mail delivery callbacks, newest first (a non-admin: their own address only)',
        access: Role.Student,
        query: pageQuery.extend(LogFilter.shape),
        tags: ltags,
      },
      async ({ actor, query }) => pageView(await d.listMailerLogs(actor, toFilter(query), toPageRequest(query)), eventView),
    );
    r.get(
      '/api/mailer-logs/stats',
      {
        operationId: 'getMailerLogStats',
        response: wire.MailEventStats,
        errors: errorsFrom(d.mailerLogStats)([]),
        summary: '{total, by_event} of the callbacks the caller may see',
        access: Role.Student,
        query: LogFilter,
        tags: ltags,
      },
      async ({ actor, query }) => d.mailerLogStats(actor, toFilter(query)),
    );
    r.get(
      '/api/mailer-logs/:id',
      {
        operationId: 'getMailerLog',
        response: wire.MailEvent,
        errors: errorsFrom(d.getMailerLog)(['MAIL_EVENT_NOT_FOUND']),
        summary: 'One callback',
        access: Role.Student,
        params: idParam,
        tags: ltags,
      },
      async ({ actor, params }) => eventView(unwrap(await d.getMailerLog(actor, params.id))),
    );
  };
