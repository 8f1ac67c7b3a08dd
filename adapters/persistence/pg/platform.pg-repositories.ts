import type { AuditEntry, AuditLog, MailMessage, MailRepository, SettingsRepository } from '../../../application/platform/ports.js';
import type { IdGenerator, Clock } from '../../../application/shared/ports.js';
import type { SettingsMap } from '../../../domain/platform/settings.js';
import type { DbDeps } from './base.js';
import { knexPage, newestFirst } from './knex-helpers.js';
import type { AuditLogRow, MailMessageRow } from './rows/platform.rows.js';

export const makeSettingsPgRepository = ({ db }: DbDeps): SettingsRepository => ({
  async load(tenantId) {
    const rows = (await db.q()('settings').where({ tenant_id: tenantId }).select('key', 'value')) as Array<{
      key: string;
      value: SettingsMap[string];
    }>;
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  },
  async save(tenantId, values, at) {
    const rows = Object.entries(values).map(([key, value]) => ({ tenantId, key, value: JSON.stringify(value), updatedAt: at }));
    if (rows.length === 0) return;
    await db.q()('settings').insert(rows).onConflict(['tenant_id', 'key']).merge(['value', 'updated_at']);
  },
});

const toAudit = (m: AuditLogRow): AuditEntry => ({
  id: m.id,
  tenantId: m.tenantId,
  userId: m.userId,
  action: m.action,
  resourceType: m.resourceType,
  resourceId: m.resourceId,
  ip: m.ip,
  userAgent: m.userAgent,
  metadata: m.metadata,
  createdAt: m.createdAt,
});

export const makeAuditLogPg = ({ db, ids, clock }: DbDeps & { ids: IdGenerator; clock: Clock }): AuditLog => ({
  async record(entry) {
    await db
      .q()('audit_logs')
      .insert({ ...entry, metadata: JSON.stringify(entry.metadata), id: ids.uuid(), createdAt: clock.now() });
  },
  list(tenantId, filter, page) {
    const q = db.q()('audit_logs').where({ tenantId }).select('*');
    if (filter.userId) q.where('userId', filter.userId);
    if (filter.action) q.where('action', filter.action);
    if (filter.from) q.where('createdAt', '>=', filter.from);
    if (filter.to) q.where('createdAt', '<', filter.to);
    return knexPage(q, page, toAudit, { order: newestFirst() });
  },
});

const toMail = (m: MailMessageRow): MailMessage => ({
  id: m.id,
  tenantId: m.tenantId,
  messageId: m.messageId,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  template: m.template,
  attachments: m.attachments,
  status: m.status,
  attempts: m.attempts,
  lastError: m.lastError,
  createdAt: m.createdAt,
  sentAt: m.sentAt,
});

export const makeMailPgRepository = ({ db }: DbDeps): MailRepository => ({
  async insert(message) {
    await db
      .q()('mail_messages')
      .insert({ ...message, attachments: JSON.stringify(message.attachments) });
  },
  async findById(id) {
    const m = await db.q()('mail_messages').where({ id }).first();
    return m ? toMail(m) : null;
  },
  async markSent(id, at, status) {
    await db.q()('mail_messages').where({ id }).update({ status, sentAt: at, lastError: null }).increment('attempts', 1);
  },
  async markFailed(id, error, final) {
    await db
      .q()('mail_messages')
      .where({ id })
      .update({ lastError: error.slice(0, 2000), ...(final ? { status: 'failed' } : {}) })
      .increment('attempts', 1);
  },
  async staleQueued(createdBefore, limit) {
    const rows = (await db
      .q()('mail_messages')
      .where({ status: 'queued' })
      .where('created_at', '<', createdBefore)
      .orderBy('created_at')
      .limit(limit)
      .select('id')) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  },
  list(tenantId, filter, page) {
    const q = db.q()('mail_messages').where({ tenantId }).select('*');
    if (filter.to) q.where('to', filter.to.trim().toLowerCase());
    return knexPage(q, page, toMail, { order: newestFirst() });
  },
});
