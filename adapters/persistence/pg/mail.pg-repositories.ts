import type { Knex } from 'knex';
import type {
  Broadcast,
  BroadcastRecipient,
  BroadcastRepository,
  MailEvent,
  MailEventFilter,
  MailEventRepository,
} from '../../../application/platform/mail-ports.js';
import type { DbDeps } from './base.js';
import { knexPage, num, newestFirst } from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';
import type { BroadcastRecipientRow, BroadcastRow, MailEventRow } from './rows/platform.rows.js';

const toBroadcast = (r: BroadcastRow): Broadcast => ({
  id: r.id,
  tenantId: r.tenantId,
  subject: r.subject,
  text: r.text,
  html: r.html,
  roles: r.roles ?? null,
  userIds: r.userIds ?? null,
  recipients: num(r.recipients),
  batchSize: num(r.batchSize),
  batches: num(r.batches),
  createdBy: r.createdBy,
  createdAt: r.createdAt,
  completedAt: r.completedAt,
});

const toRecipient = (r: BroadcastRecipientRow): BroadcastRecipient => ({
  userId: r.userId,
  email: r.email,
  displayName: r.displayName,
  batch: num(r.batch),
  status: r.status,
  mailId: r.mailId,
});

const INSERT_CHUNK = 500;

export const makeBroadcastPgRepository = ({ db }: DbDeps): BroadcastRepository => ({
  async audience(tenantId, f) {
    const q = db.q()('users').where({ tenantId, status: 1 }).whereNull('deletedAt');
    const roles = f.roles ?? [];
    const ids = f.userIds ?? [];
    if (roles.length || ids.length) {
      q.where((w) => {
        if (roles.length) w.orWhereIn('role', roles);
        if (ids.length) w.orWhereIn('id', ids);
      });
    }
    const rows = (await q.orderBy('email').select('id', 'email', 'displayName')) as Array<{
      id: string;
      email: string;
      displayName: string;
    }>;
    return rows.map((r) => ({ userId: r.id, email: r.email, displayName: r.displayName }));
  },
  async create(b, recipients) {
    await db
      .q()('mail_broadcasts')
      .insert({ ...b, roles: b.roles ? JSON.stringify(b.roles) : null, userIds: b.userIds ? JSON.stringify(b.userIds) : null });
    for (let i = 0; i < recipients.length; i += INSERT_CHUNK) {
      await db
        .q()('mail_broadcast_recipients')
        .insert(recipients.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, tenantId: b.tenantId, broadcastId: b.id })));
    }
  },
  findById: (tenantId, id) => tenantTable(db, 'mail_broadcasts', toBroadcast).find({ tenantId, id }),
  async claimBatch(tenantId, broadcastId, batch) {
    const rows = await db
      .q()('mail_broadcast_recipients')
      .where({ tenantId, broadcastId, batch, status: 'pending' })
      .orderBy('email')
      .forUpdate()
      .skipLocked();
    return rows.map(toRecipient);
  },
  async markQueued(tenantId, broadcastId, userId, mailId) {
    await db.q()('mail_broadcast_recipients').where({ tenantId, broadcastId, userId }).update({ status: 'queued', mailId });
  },
  async progress(tenantId, broadcastId) {
    const rows = (await db
      .q()({ r: 'mail_broadcast_recipients' })
      .leftJoin({ m: 'mail_messages' }, 'm.id', 'r.mail_id')
      .where({ 'r.tenant_id': tenantId, 'r.broadcast_id': broadcastId })
      .groupBy('r.status', 'm.status')
      .select({ status: 'r.status', mailStatus: 'm.status' })
      .count({ n: '*' })) as Array<{ status: string; mailStatus: string | null; n: unknown }>;
    const out = { pending: 0, queued: 0, sent: 0, failed: 0 };
    for (const r of rows) {
      const n = num(r.n);
      if (r.status === 'pending') out.pending += n;
      else {
        out.queued += n;
        // Stored (outbox mailer) is as far as such a mail goes: it counts as done.
        if (r.mailStatus === 'sent' || r.mailStatus === 'stored') out.sent += n;
        if (r.mailStatus === 'failed') out.failed += n;
      }
    }
    return out;
  },
  async markCompleted(tenantId, broadcastId, at) {
    await db.q()('mail_broadcasts').where({ tenantId, id: broadcastId }).whereNull('completedAt').update({ completedAt: at });
  },
  async stalledBatches(createdBefore, limit) {
    const rows = (await db
      .q()({ r: 'mail_broadcast_recipients' })
      .join({ b: 'mail_broadcasts' }, function () {
        this.on('b.id', 'r.broadcast_id').andOn('b.tenant_id', 'r.tenant_id');
      })
      .where('r.status', 'pending')
      .where('b.created_at', '<', createdBefore)
      .distinct({ tenantId: 'r.tenant_id', broadcastId: 'r.broadcast_id', batch: 'r.batch' })
      .limit(limit)) as Array<{ tenantId: string; broadcastId: string; batch: unknown }>;
    return rows.map((r) => ({ tenantId: r.tenantId, broadcastId: r.broadcastId, batch: num(r.batch) }));
  },
});

const toEvent = (r: MailEventRow): MailEvent => ({
  id: r.id,
  tenantId: r.tenantId,
  mailId: r.mailId,
  messageId: r.messageId,
  event: r.event,
  email: r.email,
  reason: r.reason,
  occurredAt: r.occurredAt,
  receivedAt: r.receivedAt,
  payload: r.payload,
});

const filtered = (q: Knex.QueryBuilder, f: MailEventFilter) => {
  if (f.event) q.where({ event: f.event });
  if (f.email) q.where({ email: f.email });
  if (f.messageId) q.where({ messageId: f.messageId });
  if (f.from) q.where('receivedAt', '>=', f.from);
  if (f.to) q.where('receivedAt', '<', f.to);
  return q;
};

export const makeMailEventPgRepository = ({ db }: DbDeps): MailEventRepository => ({
  async insert(e) {
    const rows = (await db
      .q()('mail_events')
      .insert({ ...e, payload: JSON.stringify(e.payload ?? null) })
      .onConflict(['tenant_id', 'message_id', 'event', 'email', 'occurred_at'])
      .ignore()
      .returning('id')) as unknown[];
    return rows.length === 1;
  },
  async findMessage(messageId) {
    const r = (await db.q()('mail_messages').where({ messageId }).select('id', 'tenantId').first()) as
      { id: string; tenantId: string } | undefined;
    return r ? { tenantId: r.tenantId, mailId: r.id } : null;
  },
  list(tenantId, f, page) {
    return knexPage(filtered(db.q()('mail_events').where({ tenantId }).select('*'), f), page, toEvent, {
      order: newestFirst('receivedAt', 'id'),
    });
  },
  async countByEvent(tenantId, f) {
    const rows = (await filtered(db.q()('mail_events').where({ tenantId }), f)
      .groupBy('event')
      .select('event')
      .count({ n: '*' })) as Array<{ event: string; n: unknown }>;
    return Object.fromEntries(rows.map((r) => [r.event, num(r.n)]));
  },
  findById: (tenantId, id) => tenantTable(db, 'mail_events', toEvent).find({ tenantId, id }),
});
