import type {
  AuditEntry,
  AuditFilter,
  AuditLog,
  FileRepository,
  MailDelivery,
  MailMessage,
  MailRepository,
  SettingsReader,
  SettingsRepository,
} from '../../../application/platform/ports.js';
import type { PageRequest, UnitOfWork } from '../../../application/shared/ports.js';
import { withDefaults, type SettingsMap, type SettingValue } from '../../../domain/platform/settings.js';
import type { StoredFile } from '../../../domain/platform/file-types.js';
import { clone, newestFirst, pageOf } from './paging.js';
import { MemoryTenantRows } from './tenant-rows.js';

export class MemorySettings implements SettingsRepository, SettingsReader {
  readonly stored = new Map<string, SettingsMap>();
  async load(tenantId: string) {
    return clone(this.stored.get(tenantId) ?? {});
  }
  async save(tenantId: string, values: Record<string, SettingValue>) {
    this.stored.set(tenantId, { ...(this.stored.get(tenantId) ?? {}), ...clone(values) });
  }
  async get(tenantId: string) {
    return withDefaults(await this.load(tenantId));
  }
  async invalidate() {}
}

export class MemoryAuditLog implements AuditLog {
  readonly entries: AuditEntry[] = [];
  private seq = 0;
  async record(entry: Omit<AuditEntry, 'id' | 'createdAt'>) {
    this.seq++;
    this.entries.push({ ...clone(entry), id: `00000000-0000-4000-8000-${String(this.seq).padStart(12, '0')}`, createdAt: new Date() });
  }
  async list(tenantId: string, filter: AuditFilter, page: PageRequest) {
    const all = this.entries
      .filter((e) => e.tenantId === tenantId)
      .filter((e) => !filter.userId || e.userId === filter.userId)
      .filter((e) => !filter.action || e.action === filter.action)
      .filter((e) => !filter.from || e.createdAt >= filter.from)
      .filter((e) => !filter.to || e.createdAt < filter.to)
      .sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
  actions(): string[] {
    return this.entries.map((e) => e.action);
  }
}

export class MemoryMailRepository implements MailRepository {
  readonly rows = new Map<string, MailMessage>();
  async insert(message: MailMessage) {
    this.rows.set(message.id, clone(message));
  }
  async findById(id: string) {
    const m = this.rows.get(id);
    return m ? clone(m) : null;
  }
  async markSent(id: string, at: Date, status: MailDelivery) {
    const m = this.rows.get(id);
    if (m) Object.assign(m, { status, sentAt: at, attempts: m.attempts + 1 });
  }
  async markFailed(id: string, error: string, final: boolean) {
    const m = this.rows.get(id);
    if (m) Object.assign(m, { lastError: error, attempts: m.attempts + 1, ...(final ? { status: 'failed' } : {}) });
  }
  async staleQueued(createdBefore: Date, limit: number) {
    return [...this.rows.values()]
      .filter((m) => m.status === 'queued' && m.createdAt < createdBefore)
      .slice(0, limit)
      .map((m) => m.id);
  }
  async list(tenantId: string, filter: { to?: string }, page: PageRequest) {
    const all = [...this.rows.values()].filter((m) => m.tenantId === tenantId && (!filter.to || m.to === filter.to)).sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
}

/** No transaction to run in memory; after-commit callbacks run at the end of the outermost unit. */
export class MemoryUnitOfWork implements UnitOfWork {
  private depth = 0;
  private pending: Array<() => Promise<void> | void> = [];
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.depth++;
    let result: T;
    try {
      result = await work();
    } catch (error) {
      if (--this.depth === 0) this.pending = []; // rolled back: nothing to relay
      throw error;
    }
    if (--this.depth === 0) {
      const callbacks = this.pending;
      this.pending = [];
      for (const cb of callbacks) await cb();
    }
    return result;
  }
  async afterCommit(callback: () => Promise<void> | void) {
    if (this.depth > 0) this.pending.push(callback);
    else await callback();
  }
}

export class MemoryFileRepository extends MemoryTenantRows<StoredFile> implements FileRepository {
  async findByStoredName(tenantId: string, storedName: string) {
    const f = [...this.rows.values()].find((r) => r.tenantId === tenantId && r.storedName === storedName);
    return f ? structuredClone(f) : null;
  }
  async list(tenantId: string, filter: { search?: string | undefined }, page: { page: number; pageSize: number }) {
    const s = filter.search?.toLowerCase();
    const all = [...this.rows.values()]
      .filter((r) => r.tenantId === tenantId && (!s || r.originalName.toLowerCase().includes(s)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    const start = (page.page - 1) * page.pageSize;
    return {
      items: all.slice(start, start + page.pageSize).map((f) => structuredClone(f)),
      total: all.length,
      page: page.page,
      pageSize: page.pageSize,
    };
  }
  async delete(tenantId: string, id: string) {
    if (this.rows.get(id)?.tenantId !== tenantId) return false;
    return this.rows.delete(id);
  }
}
