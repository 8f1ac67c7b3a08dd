import type { AutomationRules } from '../../../domain/crm/allocation.js';
import type { LeadAggregateRow } from '../../../domain/crm/kpi.js';
import { leadGroup } from '../lead-groups.js';
import type { AdProvider, Lead, LeadEvent } from '../../../domain/crm/lead.js';
import type { AutomationRepository } from '../../../application/crm/ports/automation-repository.js';
import type {
  DeliveryFilter,
  DeliveryRepository,
  DeliveryStatus,
  WebhookDelivery,
} from '../../../application/crm/ports/delivery-repository.js';
import type { Integration, IntegrationRepository } from '../../../application/crm/ports/integration-repository.js';
import type { DateRange, LeadFilter, LeadRepository } from '../../../application/crm/ports/lead-repository.js';
import type { PageRequest } from '../../../application/shared/ports.js';
import type { CustomerEnrolment, CustomerOrder, CustomerRecords, PeopleDirectory } from '../../../application/crm/ports/customers.js';
import type {
  FunnelCounts,
  LeadAnalytics,
  SeriesPeriod,
  SeriesPoint,
  SourceFunnel,
} from '../../../application/crm/ports/lead-analytics.js';
import type { PersonMatch } from '../../../domain/crm/lead-link.js';
import type { MemoryUserRepository } from './identity.memory.js';
import { clone, newestFirst, pageOf } from './paging.js';
import { rowsWhere } from './tenant-rows.js';

/** In-memory CRM adapters for use-case tests; tests/contract/crm keeps them in step with PostgreSQL. */
export class MemoryLeadRepository implements LeadRepository {
  readonly rows = new Map<string, Lead>();
  readonly history: LeadEvent[] = [];

  async insertIfAbsent(lead: Lead) {
    if (lead.externalId !== null && (await this.findByExternalId(lead.tenantId, lead.provider, lead.externalId))) return false;
    this.rows.set(lead.id, clone(lead));
    return true;
  }
  async findById(tenantId: string, id: string) {
    const l = this.rows.get(id);
    return l && l.tenantId === tenantId ? clone(l) : null;
  }
  async findByExternalId(tenantId: string, provider: string, externalId: string) {
    const l = [...this.rows.values()].find((r) => r.tenantId === tenantId && r.provider === provider && r.externalId === externalId);
    return l ? clone(l) : null;
  }
  async list(tenantId: string, filter: LeadFilter, page: PageRequest) {
    const s = filter.search?.toLowerCase();
    const all = [...this.rows.values()]
      .filter((r) => r.tenantId === tenantId)
      .filter((r) => !filter.status || r.status === filter.status)
      .filter((r) => filter.assignedTo === undefined || r.assignedTo === filter.assignedTo)
      .filter((r) => !filter.provider || r.provider === filter.provider)
      .filter((r) => filter.isTest === undefined || r.isTest === filter.isTest)
      .filter((r) => filter.linked === undefined || (r.userId !== null) === filter.linked)
      .filter((r) => !filter.from || r.createdAt >= filter.from)
      .filter((r) => !filter.to || r.createdAt < filter.to)
      .filter((r) => !s || `${r.name ?? ''} ${r.email ?? ''} ${r.phone ?? ''}`.toLowerCase().includes(s))
      .sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
  async update(lead: Lead) {
    const existing = this.rows.get(lead.id);
    if (existing && existing.tenantId === lead.tenantId) this.rows.set(lead.id, clone({ ...lead, createdAt: existing.createdAt }));
  }
  async findUnlinkedFor(tenantId: string, contact: { email: string | null; phone: string | null }) {
    const email = contact.email?.toLowerCase();
    return [...this.rows.values()]
      .filter(
        (r) =>
          r.tenantId === tenantId &&
          r.userId === null &&
          ((email && r.email?.toLowerCase() === email) || (contact.phone && r.phone === contact.phone)),
      )
      .sort((a, b) => a.id.localeCompare(b.id))
      .map(clone);
  }
  async findByUser(tenantId: string, userId: string) {
    return rowsWhere(this.rows.values(), { tenantId, userId }, (a, b) => a.id.localeCompare(b.id));
  }
  async addEvents(events: LeadEvent[]) {
    this.history.push(...events.map(clone));
  }
  async events(tenantId: string, leadId: string) {
    // Stable: insertion order within a time.
    return rowsWhere(this.history, { tenantId, leadId }, (a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
  async aggregate(tenantId: string, range: DateRange, includeTest: boolean) {
    const groups = new Map<string, LeadAggregateRow>();
    for (const r of this.rows.values()) {
      if (r.tenantId !== tenantId || (!includeTest && r.isTest)) continue;
      if ((range.from && r.createdAt < range.from) || (range.to && r.createdAt >= range.to)) continue;
      const g = leadGroup(groups, r.status, r.provider);
      g.count++;
      if (r.status === 'closed_won') {
        if (r.value !== null) {
          g.wonValueSum += r.value;
          g.wonValueCount++;
        }
        if (r.closedAt) {
          g.wonSecondsSum += (r.closedAt.getTime() - r.createdAt.getTime()) / 1000;
          g.wonClosedCount++;
        }
      }
    }
    return [...groups.values()];
  }
}

export class MemoryAutomationRepository implements AutomationRepository {
  readonly rules = new Map<string, AutomationRules>();
  readonly cursors = new Map<string, number>();
  async get(tenantId: string) {
    const r = this.rules.get(tenantId);
    return r ? clone(r) : null;
  }
  async save(tenantId: string, rules: AutomationRules) {
    this.rules.set(tenantId, clone(rules));
  }
  async nextPosition(tenantId: string, poolKey: string) {
    const key = `${tenantId}|${poolKey}`;
    const next = (this.cursors.get(key) ?? 0) + 1;
    this.cursors.set(key, next);
    return next;
  }
}

export class MemoryIntegrationRepository implements IntegrationRepository {
  readonly rows = new Map<string, Integration>();
  private key = (tenantId: string, provider: AdProvider) => `${tenantId}|${provider}`;
  async get(tenantId: string, provider: AdProvider) {
    const r = this.rows.get(this.key(tenantId, provider));
    return r ? clone(r) : null;
  }
  async list(tenantId: string) {
    return [...this.rows.values()]
      .filter((r) => r.tenantId === tenantId)
      .sort((a, b) => a.provider.localeCompare(b.provider))
      .map(clone);
  }
  async save(integration: Integration) {
    const others = [...this.rows.values()].filter((r) => r.tenantId !== integration.tenantId);
    if (
      integration.provider === 'meta' &&
      integration.pageId &&
      others.some((r) => r.provider === 'meta' && r.pageId === integration.pageId)
    )
      return 'page_id_taken' as const;
    if (integration.googleKeyHash && others.some((r) => r.googleKeyHash === integration.googleKeyHash)) return 'google_key_taken' as const;
    const existing = this.rows.get(this.key(integration.tenantId, integration.provider));
    this.rows.set(
      this.key(integration.tenantId, integration.provider),
      clone({ ...integration, createdAt: existing?.createdAt ?? integration.createdAt }),
    );
    return 'saved' as const;
  }
  async findMetaByPageIds(pageIds: readonly string[]) {
    return [...this.rows.values()]
      .filter((r) => r.provider === 'meta' && r.enabled && r.pageId !== null && pageIds.includes(r.pageId))
      .map(clone);
  }
  async findMetaByVerifyTokenHash(hash: string) {
    return [...this.rows.values()].filter((r) => r.provider === 'meta' && r.enabled && r.verifyTokenHash === hash).map(clone);
  }
  async tenantOfGoogleKeyHash(hash: string) {
    return [...this.rows.values()].find((x) => x.provider === 'google' && x.enabled && x.googleKeyHash === hash)?.tenantId ?? null;
  }
}

export class MemoryDeliveryRepository implements DeliveryRepository {
  readonly rows = new Map<string, WebhookDelivery>();
  /** @param integrations where a Google delivery's key is looked up (the world's own). */
  constructor(private readonly integrations: MemoryIntegrationRepository = new MemoryIntegrationRepository()) {}
  private mine(tenantId: string, id: string) {
    const d = this.rows.get(id);
    return d && d.tenantId === tenantId ? d : undefined;
  }
  async insert(delivery: WebhookDelivery) {
    this.rows.set(delivery.id, clone(delivery));
  }
  async insertForGoogleKeyHash(keyHash: string, delivery: Omit<WebhookDelivery, 'tenantId'>) {
    const tenantId = await this.integrations.tenantOfGoogleKeyHash(keyHash);
    if (tenantId) await this.insert({ ...delivery, tenantId });
    return tenantId;
  }
  async findById(tenantId: string, id: string) {
    const d = this.mine(tenantId, id);
    return d ? clone(d) : null;
  }
  async list(tenantId: string, filter: DeliveryFilter, page: PageRequest) {
    const all = [...this.rows.values()]
      .filter(
        (d) =>
          d.tenantId === tenantId && (!filter.status || d.status === filter.status) && (!filter.provider || d.provider === filter.provider),
      )
      .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : -1));
    return pageOf(all.map(clone), page);
  }
  async recordFailure(tenantId: string, id: string, error: string, final: boolean, at: Date) {
    const d = this.mine(tenantId, id);
    if (d && d.status === 'pending')
      Object.assign(d, { attempts: d.attempts + 1, lastError: error, updatedAt: at, ...(final ? { status: 'failed' } : {}) });
  }
  async finish(
    tenantId: string,
    id: string,
    status: 'processed' | 'duplicate' | 'failed',
    leadId: string | null,
    error: string | null,
    at: Date,
  ) {
    const d = this.mine(tenantId, id);
    if (d && d.status === 'pending')
      Object.assign(d, {
        status,
        leadId,
        processedAt: at,
        updatedAt: at,
        attempts: d.attempts + 1,
        ...(error ? { lastError: error } : {}),
      });
  }
  async requeue(tenantId: string, id: string, at: Date, stuckBefore: Date) {
    const d = this.mine(tenantId, id);
    if (!d || !(d.status === 'failed' || (d.status === 'pending' && d.updatedAt < stuckBefore))) return null;
    Object.assign(d, { status: 'pending', retries: d.retries + 1, updatedAt: at });
    return clone(d);
  }
  async stalePending(updatedBefore: Date, limit: number) {
    return [...this.rows.values()]
      .filter((d) => d.status === 'pending' && d.updatedAt < updatedBefore)
      .slice(0, limit)
      .map((d) => ({ id: d.id, tenantId: d.tenantId, retries: d.retries }));
  }
  async countByStatus(tenantId: string, status: DeliveryStatus) {
    return [...this.rows.values()].filter((d) => d.tenantId === tenantId && d.status === status).length;
  }
}

/** The CRM's view of memory users (tests): same matching rule as the PostgreSQL one. */
export class MemoryPeopleDirectory implements PeopleDirectory {
  constructor(private readonly users: MemoryUserRepository) {}
  private live(tenantId: string) {
    return [...this.users.rows.values()].filter((u) => u.tenantId === tenantId && !u.deletedAt);
  }
  async matching(tenantId: string, contact: { email: string | null; phone: string | null }) {
    const email = contact.email?.trim().toLowerCase() ?? null;
    return this.live(tenantId)
      .map((u): PersonMatch => ({
        userId: u.id,
        byEmail: email !== null && u.email === email,
        byPhone: contact.phone !== null && u.phone === contact.phone,
      }))
      .filter((m) => m.byEmail || m.byPhone);
  }
  async findManyByIds(tenantId: string, ids: readonly string[]) {
    return this.live(tenantId)
      .filter((u) => ids.includes(u.id))
      .map((u) => ({ id: u.id, name: u.displayName, role: u.role }));
  }
  async contactOf(tenantId: string, userId: string) {
    const u = this.live(tenantId).find((x) => x.id === userId);
    return u ? { email: u.email, phone: u.phone } : null;
  }
}

/** Orders and enrolments a test puts in place of commerce and learning. */
export class MemoryCustomerRecords implements CustomerRecords {
  readonly orderRows: Array<CustomerOrder & { tenantId: string; userId: string }> = [];
  readonly enrolmentRows: Array<CustomerEnrolment & { tenantId: string; userId: string }> = [];
  async orders(tenantId: string, userId: string, limit: number) {
    return this.orderRows
      .filter((o) => o.tenantId === tenantId && o.userId === userId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, limit)
      .map(({ tenantId: _t, userId: _u, ...o }) => clone(o));
  }
  async paidTotal(tenantId: string, userId: string) {
    return this.orderRows
      .filter((o) => o.tenantId === tenantId && o.userId === userId && o.status === 'paid')
      .reduce((s, o) => s + o.total, 0n);
  }
  async enrolments(tenantId: string, userId: string, limit: number) {
    return this.enrolmentRows
      .filter((e) => e.tenantId === tenantId && e.userId === userId)
      .slice(0, limit)
      .map(({ tenantId: _t, userId: _u, ...e }) => clone(e));
  }
  completed(tenantId: string, userId: string) {
    return this.enrolmentRows.some((e) => e.tenantId === tenantId && e.userId === userId && e.completedAt !== null);
  }
}

/** The date (YYYY-MM-DD) of an instant in an IANA time zone. */
const localDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

function periodStart(day: string, period: SeriesPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 8)}01`;
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7)); // ISO weeks start on Monday, as date_trunc's
  return d.toISOString().slice(0, 10);
}

/** The dashboard's funnel over memory leads and records, computed the way the SQL does. */
export class MemoryLeadAnalytics implements LeadAnalytics {
  constructor(
    private readonly leads: MemoryLeadRepository,
    private readonly records: MemoryCustomerRecords,
  ) {}
  private async selected(tenantId: string, range: DateRange, includeTest: boolean) {
    const rows = [...this.leads.rows.values()].filter(
      (r) =>
        r.tenantId === tenantId &&
        (includeTest || !r.isTest) &&
        (!range.from || r.createdAt >= range.from) &&
        (!range.to || r.createdAt < range.to),
    );
    return Promise.all(
      rows.map(async (l) => {
        const revenue = l.userId ? await this.records.paidTotal(tenantId, l.userId) : 0n;
        const paid =
          !!l.userId && this.records.orderRows.some((o) => o.tenantId === tenantId && o.userId === l.userId && o.status === 'paid');
        return { lead: l, paid, revenue, completed: !!l.userId && this.records.completed(tenantId, l.userId) };
      }),
    );
  }
  async funnel(tenantId: string, range: DateRange, includeTest: boolean, series?: { period: SeriesPeriod; timeZone: string }) {
    const blank = (): FunnelCounts => ({ leads: 0, linked: 0, paid: 0, completed: 0, revenue: 0n });
    const total = blank();
    const groups = new Map<string, SourceFunnel>();
    const points = new Map<string, SeriesPoint>();
    for (const x of await this.selected(tenantId, range, includeTest)) {
      const key = JSON.stringify([x.lead.provider, x.lead.campaignId, x.lead.formId, x.lead.adId]);
      const g = groups.get(key) ?? {
        provider: x.lead.provider,
        campaignId: x.lead.campaignId,
        formId: x.lead.formId,
        adId: x.lead.adId,
        ...blank(),
      };
      for (const c of [total, g]) {
        c.leads++;
        if (x.lead.userId) c.linked++;
        if (x.paid) c.paid++;
        if (x.completed) c.completed++;
        c.revenue += x.revenue;
      }
      groups.set(key, g);
      if (series) {
        const period = periodStart(localDate(x.lead.createdAt, series.timeZone), series.period);
        const p = points.get(period) ?? { period, leads: 0, paid: 0, revenue: 0n };
        p.leads++;
        if (x.paid) p.paid++;
        p.revenue += x.revenue;
        points.set(period, p);
      }
    }
    return {
      byStatus: await this.leads.aggregate(tenantId, range, includeTest),
      total,
      bySource: [...groups.values()],
      series: series ? [...points.values()].sort((a, b) => a.period.localeCompare(b.period)) : null,
    };
  }
}
