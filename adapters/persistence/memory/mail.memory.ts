import type {
  Broadcast,
  BroadcastRecipient,
  BroadcastRepository,
  MailEvent,
  MailEventFilter,
  MailEventRepository,
} from '../../../application/platform/mail-ports.js';
import type { MailRepository } from '../../../application/platform/ports.js';
import type { PageRequest } from '../../../application/shared/ports.js';
import { clone, pageOf } from './paging.js';

/** Audience rows the memory broadcast repository selects from (identity owns the real users). */
export interface MemoryAudienceUser {
  tenantId: string;
  userId: string;
  email: string;
  displayName: string;
  role: number;
  active: boolean;
}

export class MemoryBroadcastRepository implements BroadcastRepository {
  readonly broadcasts = new Map<string, Broadcast>();
  readonly recipients = new Map<string, BroadcastRecipient[]>();
  constructor(
    readonly users: MemoryAudienceUser[],
    private readonly mail: MailRepository | null = null,
  ) {}
  async audience(tenantId: string, f: { roles?: number[] | undefined; userIds?: string[] | undefined }) {
    const roles = f.roles ?? [];
    const ids = f.userIds ?? [];
    return this.users
      .filter(
        (u) => u.tenantId === tenantId && u.active && (roles.length + ids.length === 0 || roles.includes(u.role) || ids.includes(u.userId)),
      )
      .sort((a, b) => (a.email < b.email ? -1 : 1))
      .map(({ userId, email, displayName }) => ({ userId, email, displayName }));
  }
  async create(b: Broadcast, r: BroadcastRecipient[]) {
    this.broadcasts.set(b.id, clone(b));
    this.recipients.set(b.id, clone(r));
  }
  async findById(tenantId: string, id: string) {
    const b = this.broadcasts.get(id);
    return b && b.tenantId === tenantId ? clone(b) : null;
  }
  async claimBatch(tenantId: string, id: string, batch: number) {
    if (this.broadcasts.get(id)?.tenantId !== tenantId) return [];
    return (this.recipients.get(id) ?? []).filter((r) => r.batch === batch && r.status === 'pending').map(clone);
  }
  async markQueued(tenantId: string, id: string, userId: string, mailId: string) {
    const r = (this.recipients.get(id) ?? []).find((x) => x.userId === userId);
    if (r && this.broadcasts.get(id)?.tenantId === tenantId) Object.assign(r, { status: 'queued', mailId });
  }
  async progress(tenantId: string, id: string) {
    const out = { pending: 0, queued: 0, sent: 0, failed: 0 };
    if (this.broadcasts.get(id)?.tenantId !== tenantId) return out;
    for (const r of this.recipients.get(id) ?? []) {
      if (r.status === 'pending') out.pending++;
      else {
        out.queued++;
        const m = r.mailId && this.mail ? await this.mail.findById(r.mailId) : null;
        if (m?.status === 'sent' || m?.status === 'stored') out.sent++;
        if (m?.status === 'failed') out.failed++;
      }
    }
    return out;
  }
  async markCompleted(tenantId: string, id: string, at: Date) {
    const b = this.broadcasts.get(id);
    if (b && b.tenantId === tenantId && b.completedAt === null) b.completedAt = at;
  }
  async stalledBatches(createdBefore: Date, limit: number) {
    const out: Array<{ tenantId: string; broadcastId: string; batch: number }> = [];
    for (const b of this.broadcasts.values()) {
      if (b.createdAt >= createdBefore) continue;
      for (const batch of new Set((this.recipients.get(b.id) ?? []).filter((r) => r.status === 'pending').map((r) => r.batch)))
        out.push({ tenantId: b.tenantId, broadcastId: b.id, batch });
    }
    return out.slice(0, limit);
  }
}

export class MemoryMailEventRepository implements MailEventRepository {
  readonly rows: MailEvent[] = [];
  constructor(private readonly messages: Map<string, { tenantId: string; mailId: string }> = new Map()) {}
  async insert(e: MailEvent) {
    if (
      this.rows.some(
        (x) =>
          x.tenantId === e.tenantId &&
          x.messageId === e.messageId &&
          x.event === e.event &&
          x.email === e.email &&
          x.occurredAt.getTime() === e.occurredAt.getTime(),
      )
    )
      return false;
    this.rows.push(clone(e));
    return true;
  }
  async findMessage(messageId: string) {
    return this.messages.get(messageId) ?? null;
  }
  private matching(tenantId: string, f: MailEventFilter) {
    return this.rows.filter(
      (e) =>
        e.tenantId === tenantId &&
        (!f.event || e.event === f.event) &&
        (!f.email || e.email === f.email) &&
        (!f.messageId || e.messageId === f.messageId) &&
        (!f.from || e.receivedAt >= f.from) &&
        (!f.to || e.receivedAt < f.to),
    );
  }
  async list(tenantId: string, f: MailEventFilter, page: PageRequest) {
    const all = this.matching(tenantId, f).sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : -1));
    return pageOf(all.map(clone), page);
  }
  async countByEvent(tenantId: string, f: MailEventFilter) {
    const out: Record<string, number> = {};
    for (const e of this.matching(tenantId, f)) out[e.event] = (out[e.event] ?? 0) + 1;
    return out;
  }
  async findById(tenantId: string, id: string) {
    const e = this.rows.find((x) => x.id === id && x.tenantId === tenantId);
    return e ? clone(e) : null;
  }
}
