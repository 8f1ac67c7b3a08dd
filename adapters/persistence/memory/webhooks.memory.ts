import type { OutboundDelivery, WebhookEndpoint } from '../../../domain/webhooks/webhook.js';
import type { OutboundDeliveryRepository, WebhookEndpointRepository } from '../../../application/webhooks/ports.js';
import { presentEventPayload } from '../../http/wire/webhooks.present.js';
import type { DomainEventData, DomainEvents, DomainEventType } from '../../../application/shared/domain-events.js';
import type { PageRequest } from '../../../application/shared/ports.js';
import { clone, newestFirst, pageOf } from './paging.js';
import { MemoryTenantRows } from './tenant-rows.js';

/** In-memory webhook adapters for use-case tests. */
export class MemoryWebhookEndpointRepository extends MemoryTenantRows<WebhookEndpoint> implements WebhookEndpointRepository {
  constructor(private readonly deliveries?: MemoryOutboundDeliveryRepository) {
    super();
  }

  async list(tenantId: string, page: PageRequest) {
    return pageOf(
      [...this.rows.values()]
        .filter((e) => e.tenantId === tenantId)
        .sort(newestFirst)
        .map(clone),
      page,
    );
  }
  async delete(tenantId: string, id: string) {
    if (this.rows.get(id)?.tenantId !== tenantId) return false;
    this.rows.delete(id);
    for (const [key, d] of this.deliveries?.rows ?? []) if (d.endpointId === id) this.deliveries?.rows.delete(key);
    return true;
  }
  async subscribedTo(tenantId: string, type: string) {
    return [...this.rows.values()].filter((e) => e.tenantId === tenantId && e.enabled && e.events.includes(type)).map(clone);
  }
}

export class MemoryOutboundDeliveryRepository implements OutboundDeliveryRepository {
  readonly rows = new Map<string, OutboundDelivery>();

  async insertMany(deliveries: OutboundDelivery[]) {
    for (const d of deliveries) this.rows.set(d.id, clone(d));
  }
  async findById(tenantId: string, id: string) {
    const d = this.rows.get(id);
    return d && d.tenantId === tenantId ? clone(d) : null;
  }
  async listByEndpoint(
    tenantId: string,
    endpointId: string,
    filter: { status?: OutboundDelivery['status'] | undefined },
    page: PageRequest,
  ) {
    const all = [...this.rows.values()]
      .filter((d) => d.tenantId === tenantId && d.endpointId === endpointId && (!filter.status || d.status === filter.status))
      .sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
  async recordAttempt(
    tenantId: string,
    id: string,
    outcome: { statusCode: number | null; error: string | null; delivered: boolean; final: boolean },
    at: Date,
  ) {
    const d = this.rows.get(id);
    if (!d || d.tenantId !== tenantId || d.status !== 'pending') return;
    d.attempts += 1;
    d.lastStatusCode = outcome.statusCode;
    d.lastError = outcome.error?.slice(0, 2000) ?? null;
    d.updatedAt = at;
    d.status = outcome.delivered ? 'delivered' : outcome.final ? 'failed' : 'pending';
    if (outcome.delivered) d.deliveredAt = at;
  }
  async requeue(tenantId: string, id: string, at: Date, stuckBefore: Date) {
    const d = this.rows.get(id);
    if (!d || d.tenantId !== tenantId || (d.status === 'pending' && d.updatedAt >= stuckBefore)) return null;
    Object.assign(d, { status: 'pending', attempts: 0, retries: d.retries + 1, updatedAt: at });
    return clone(d);
  }
  async stalePending(updatedBefore: Date, limit: number) {
    return [...this.rows.values()]
      .filter((d) => d.status === 'pending' && d.updatedAt < updatedBefore)
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
      .slice(0, limit)
      .map((d) => ({ id: d.id, tenantId: d.tenantId, retries: d.retries }));
  }
}

/** What other contexts' use-case tests give as `domainEvents`: it keeps what was published. */
export class RecordingDomainEvents implements DomainEvents {
  readonly published: Array<{ tenantId: string; type: DomainEventType; data: Record<string, unknown> }> = [];
  // Kept as the outbox would write it: the event's wire payload.
  async publish<T extends DomainEventType>(tenantId: string, type: T, data: DomainEventData[T]) {
    this.published.push({ tenantId, type, data: JSON.parse(JSON.stringify(presentEventPayload(type, data))) as Record<string, unknown> });
  }
  async publishEach<T extends DomainEventType>(tenantId: string, type: T, items: readonly DomainEventData[T][]) {
    for (const data of items) await this.publish(tenantId, type, data);
  }
  of(type: DomainEventType) {
    return this.published.filter((e) => e.type === type);
  }
}
