import type { AuditEntry, AuditLog, MailMessage, MailRepository, SettingsRepository } from '../../../application/platform/ports.js';
import type { IdGenerator, Clock } from '../../../application/shared/ports.js';
import type { SettingsMap } from '../../../domain/platform/settings.js';
import { BaseModel, toPage, type DbDeps } from './base.js';
import { newestFirst } from './knex-helpers.js';

export class AuditLogModel extends BaseModel {
  static override tableName = 'audit_logs';
  id!: string;
  tenantId!: string;
  userId!: string | null;
  action!: string;
  resourceType!: string | null;
  resourceId!: string | null;
  ip!: string | null;
  userAgent!: string | null;
  metadata!: Record<string, unknown>;
  createdAt!: Date;
}

export class MailMessageModel extends BaseModel {
  static override tableName = 'mail_messages';
  static override jsonAttributes = ['attachments'];
  id!: string;
  tenantId!: string;
  messageId!: string;
  to!: string;
  subject!: string;
  text!: string | null;
  html!: string | null;
  template!: string | null;
  attachments!: MailMessage['attachments'];
  status!: MailMessage['status'];
  attempts!: number;
  lastError!: string | null;
  createdAt!: Date;
  sentAt!: Date | null;
}

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

const toAudit = (m: AuditLogModel): AuditEntry => ({
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
    await AuditLogModel.query(db.q()).insert({ ...entry, id: ids.uuid(), createdAt: clock.now() });
  },
  list(tenantId, filter, page) {
    const q = AuditLogModel.query(db.q()).where({ tenantId });
    if (filter.userId) q.where('userId', filter.userId);
    if (filter.action) q.where('action', filter.action);
    if (filter.from) q.where('createdAt', '>=', filter.from);
    if (filter.to) q.where('createdAt', '<', filter.to);
    return toPage(q, page, toAudit, { order: newestFirst() });
  },
});

const toMail = (m: MailMessageModel): MailMessage => ({
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
    await MailMessageModel.query(db.q()).insert(message);
  },
  async findById(id) {
    const m = await MailMessageModel.query(db.q()).findById(id);
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
    const q = MailMessageModel.query(db.q()).where({ tenantId });
    if (filter.to) q.where('to', filter.to.trim().toLowerCase());
    return toPage(q, page, toMail, { order: newestFirst() });
  },
});
