import type { SettingsMap, SettingValue } from '../../domain/platform/settings.js';
import type { Page, PageRequest } from '../shared/ports.js';
import type { Actor } from '../shared/actor.js';
import type { StoredFile } from '../../domain/platform/file-types.js';
import type { District, Province, Regency } from '../../domain/platform/region.js';

export interface SettingsRepository {
  load(tenantId: string): Promise<SettingsMap>;
  save(tenantId: string, values: Record<string, SettingValue>, at: Date): Promise<void>;
}

/** Cached read of a tenant's settings, defaults included; writers invalidate it once committed. */
export interface SettingsReader {
  get(tenantId: string): Promise<SettingsMap>;
  invalidate(tenantId: string): Promise<void>;
}

export interface AuditEntry {
  id: string;
  tenantId: string;
  userId: string | null;
  action: string;
  resourceType: string | null;
  resourceId: string | null;
  ip: string | null;
  userAgent: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface AuditFilter {
  userId?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

/** Append-only: there is no update or delete. */
export interface AuditLog {
  record(entry: Omit<AuditEntry, 'id' | 'createdAt'>): Promise<void>;
  list(tenantId: string, filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntry>>;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Base64 content, for small generated documents (receipts). */
  contentBase64: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text?: string;
  html?: string;
  /** Template name, kept for the outbox and delivery logs. */
  template?: string;
  attachments?: MailAttachment[];
}

export interface MailMessage extends Required<Pick<OutgoingMail, 'to' | 'subject'>> {
  id: string;
  tenantId: string;
  messageId: string;
  text: string | null;
  html: string | null;
  template: string | null;
  attachments: MailAttachment[];
  status: 'queued' | MailDelivery | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** Mail is recorded with the change that causes it and delivered by a job (style rule 7). */
export interface Mailer {
  send(tenantId: string, mail: OutgoingMail): Promise<{ id: string; messageId: string }>;
}

export interface MailRepository {
  insert(message: MailMessage): Promise<void>;
  findById(id: string): Promise<MailMessage | null>;
  markSent(id: string, at: Date, status: MailDelivery): Promise<void>;
  markFailed(id: string, error: string, final: boolean): Promise<void>;
  list(tenantId: string, filter: { to?: string }, page: PageRequest): Promise<Page<MailMessage>>;
  /** Ids of mail still queued since before `createdBefore` (its delivery job was never enqueued, or lost). */
  staleQueued(createdBefore: Date, limit: number): Promise<string[]>;
}

/** `sent`: handed to a mail server; `stored`: kept where only this service's operator reads it. */
export type MailDelivery = 'sent' | 'stored';

/** The wire to the outside world: SMTP, or nothing at all for the outbox mode. */
export interface MailTransport {
  deliver(message: MailMessage, tenantSettings: SettingsMap): Promise<MailDelivery>;
}

/**
 * Each context adds its part of `GET /api/dashboard/overview`: `T` is what it has to say (domain
 * values where the context has a presenter for its section at the edge); null: nothing to say.
 */
export interface DashboardContributor<T = Record<string, unknown>> {
  readonly section: string;
  contribute(actor: Actor): Promise<T | null>;
}

/** Bytes of uploaded files; a local-disk adapter under `uploadDir`, an object store later. */
export interface FileStorage {
  /** Moves (or copies) a finished temporary file into storage. */
  put(tenantId: string, storedName: string, sourcePath: string): Promise<void>;
  read(tenantId: string, storedName: string): Promise<Uint8Array | null>;
  stream(tenantId: string, storedName: string): Promise<AsyncIterable<Uint8Array> | null>;
  remove(tenantId: string, storedName: string): Promise<void>;
  /** Every file of a deleted tenant. */
  removeTenant(tenantId: string): Promise<void>;
  /** The first bytes of a temporary file (type sniffing before it is kept). */
  peek(sourcePath: string, bytes: number): Promise<Uint8Array>;
}

export interface FileRepository {
  insert(file: StoredFile): Promise<void>;
  findById(tenantId: string, id: string): Promise<StoredFile | null>;
  findByStoredName(tenantId: string, storedName: string): Promise<StoredFile | null>;
  /** Newest first; `search` matches the original name. */
  list(tenantId: string, filter: { search?: string | undefined }, page: PageRequest): Promise<Page<StoredFile>>;
  delete(tenantId: string, id: string): Promise<boolean>;
}

/** Indonesian administrative areas (contract §9); loaded once and kept in memory. */
export interface RegionDirectory {
  provinces(): Promise<Province[]>;
  /** null for an unknown province. */
  regencies(provinceCode: string): Promise<Regency[] | null>;
  /** null for an unknown regency. */
  districts(regencyCode: string): Promise<District[] | null>;
}
