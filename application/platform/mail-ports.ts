import type { MailEventType } from '../../domain/platform/mail-events.js';
import type { Page, PageRequest } from '../shared/ports.js';

export interface Broadcast {
  id: string;
  tenantId: string;
  subject: string;
  text: string | null;
  html: string | null;
  roles: number[] | null;
  userIds: string[] | null;
  recipients: number;
  batchSize: number;
  batches: number;
  createdBy: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

export interface BroadcastRecipient {
  userId: string;
  email: string;
  displayName: string;
  batch: number;
  status: 'pending' | 'queued';
  mailId: string | null;
}

export interface BroadcastProgress {
  /** Not yet handed to the mail outbox. */
  pending: number;
  /** In the outbox (queued, sent or failed there). */
  queued: number;
  /** Delivered by the transport, or failed for good. */
  sent: number;
  failed: number;
}

export interface BroadcastRepository {
  /** Active, undeleted users of the tenant with one of `roles` or one of `userIds` (neither: everyone), by email. */
  audience(
    tenantId: string,
    filter: { roles?: number[] | undefined; userIds?: string[] | undefined },
  ): Promise<Array<{ userId: string; email: string; displayName: string }>>;
  create(broadcast: Broadcast, recipients: BroadcastRecipient[]): Promise<void>;
  findById(tenantId: string, id: string): Promise<Broadcast | null>;
  /** Pending recipients of one batch, locked (`FOR UPDATE SKIP LOCKED`) until the unit of work ends. */
  claimBatch(tenantId: string, broadcastId: string, batch: number): Promise<BroadcastRecipient[]>;
  markQueued(tenantId: string, broadcastId: string, userId: string, mailId: string): Promise<void>;
  progress(tenantId: string, broadcastId: string): Promise<BroadcastProgress>;
  markCompleted(tenantId: string, broadcastId: string, at: Date): Promise<void>;
  /** Batches still pending of broadcasts created before `createdBefore`, in any tenant (the relay sweep). */
  stalledBatches(createdBefore: Date, limit: number): Promise<Array<{ tenantId: string; broadcastId: string; batch: number }>>;
}

export interface MailEvent {
  id: string;
  tenantId: string;
  mailId: string | null;
  messageId: string;
  event: MailEventType;
  email: string;
  reason: string | null;
  occurredAt: Date;
  receivedAt: Date;
  payload: unknown;
}

export interface MailEventFilter {
  event?: MailEventType | undefined;
  /** Exact address (lower case). */
  email?: string | undefined;
  messageId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface MailEventRepository {
  /** False when the same callback (message, event, email, time) was stored already. */
  insert(e: MailEvent): Promise<boolean>;
  /** Our mail with this Message-ID, in any tenant (a callback names only the message). */
  findMessage(messageId: string): Promise<{ tenantId: string; mailId: string } | null>;
  list(tenantId: string, filter: MailEventFilter, page: PageRequest): Promise<Page<MailEvent>>;
  countByEvent(tenantId: string, filter: MailEventFilter): Promise<Partial<Record<string, number>>>;
  findById(tenantId: string, id: string): Promise<MailEvent | null>;
}

/** `X-Mailer-Signature: sha256=<hex HMAC-SHA256 of the raw body>` (contract §9). */
export interface MailerSignatures {
  valid(rawBody: Uint8Array, header: string | undefined, secret: string): boolean;
}

export const BROADCAST_BATCH_JOB = 'mail.broadcast-batch';
export const BROADCAST_RELAY_JOB = 'mail.broadcast-relay';
export const broadcastBatchJobOptions = (broadcastId: string, batch: number) => ({
  attempts: 5,
  backoffMs: 2000,
  jobId: `broadcast-${broadcastId}-${batch}`,
});
