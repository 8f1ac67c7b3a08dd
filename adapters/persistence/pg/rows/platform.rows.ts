import type { Knex } from 'knex';
import type { Broadcast, BroadcastRecipient, MailEvent } from '../../../../application/platform/mail-ports.js';
import type { AuditEntry, MailMessage } from '../../../../application/platform/ports.js';

/**
 * Rows of the audit log, the mail outbox, the mail broadcast and delivery-callback tables (conventions in commerce.rows.ts): the
 * entity column for column, jsonb read as its value and written as JSON text.
 */

export type BroadcastRow = Broadcast;
export type BroadcastWrite = Omit<Broadcast, 'roles' | 'userIds'> & { roles: string | null; userIds: string | null };
export type BroadcastRecipientRow = BroadcastRecipient & { tenantId: string; broadcastId: string };
export type MailEventRow = MailEvent;
export type MailEventWrite = Omit<MailEvent, 'payload'> & { payload: string };
export type AuditLogRow = AuditEntry;
export type AuditLogWrite = Omit<AuditEntry, 'metadata'> & { metadata: string };
export type MailMessageRow = MailMessage;
export type MailMessageWrite = Omit<MailMessage, 'attachments'> & { attachments: string };

declare module 'knex/types/tables.js' {
  interface Tables {
    mail_broadcasts: Knex.CompositeTableType<BroadcastRow, BroadcastWrite, Partial<BroadcastWrite>>;
    mail_broadcast_recipients: BroadcastRecipientRow;
    mail_events: Knex.CompositeTableType<MailEventRow, MailEventWrite, Partial<MailEventWrite>>;
    audit_logs: Knex.CompositeTableType<AuditLogRow, AuditLogWrite, Partial<AuditLogWrite>>;
    mail_messages: Knex.CompositeTableType<MailMessageRow, MailMessageWrite, Partial<MailMessageWrite>>;
  }
}
