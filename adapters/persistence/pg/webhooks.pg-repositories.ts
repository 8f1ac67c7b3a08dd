import type { OutboundDelivery, WebhookEndpoint, WebhookPayload } from '../../../domain/webhooks/webhook.js';
import type { OutboundDeliveryRepository, WebhookEndpointRepository } from '../../../application/webhooks/ports.js';
import type { DbDeps } from './base.js';
import { deletedRows, json, knexPage, newestFirst } from './knex-helpers.js';

type EndpointRow = Omit<WebhookEndpoint, 'events'> & { events: unknown };
const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({ ...r, events: json<string[]>(r.events) });

type DeliveryRow = Omit<OutboundDelivery, 'payload'> & { payload: unknown };
const toDelivery = (r: DeliveryRow): OutboundDelivery => ({ ...r, payload: json<WebhookPayload>(r.payload) });

export const makeWebhookEndpointPgRepository = ({ db }: DbDeps): WebhookEndpointRepository => ({
  async insert(endpoint) {
    await db
      .q()('webhook_endpoints')
      .insert({ ...endpoint, events: JSON.stringify(endpoint.events) });
  },
  async findById(tenantId, id) {
    const row = (await db.q()('webhook_endpoints').where({ tenant_id: tenantId, id }).first()) as EndpointRow | undefined;
    return row ? toEndpoint(row) : null;
  },
  list(tenantId, page) {
    return knexPage(db.q()('webhook_endpoints').where({ tenant_id: tenantId }).select('*'), page, toEndpoint, {
      order: newestFirst('created_at', 'id'),
    });
  },
  async update(e) {
    await db
      .q()('webhook_endpoints')
      .where({ tenant_id: e.tenantId, id: e.id })
      .update({
        url: e.url,
        description: e.description,
        events: JSON.stringify(e.events),
        enabled: e.enabled,
        sealedSecret: e.sealedSecret,
        updatedAt: e.updatedAt,
      });
  },
  async delete(tenantId, id) {
    return (await deletedRows(db.q()('webhook_endpoints').where({ tenant_id: tenantId, id }).delete())) > 0;
  },
  async subscribedTo(tenantId, type) {
    const rows = (await db
      .q()('webhook_endpoints')
      .where({ tenant_id: tenantId, enabled: true })
      .whereRaw('events @> ?::jsonb', [JSON.stringify([type])])) as EndpointRow[];
    return rows.map(toEndpoint);
  },
});

export const makeOutboundDeliveryPgRepository = ({ db }: DbDeps): OutboundDeliveryRepository => ({
  async insertMany(deliveries) {
    // Some 13 columns a row: 1,000 rows stay well under PostgreSQL's 65,535 bound parameters (a
    // paid order granting many courses publishes one event per course to every endpoint).
    for (let at = 0; at < deliveries.length; at += 1_000) {
      await db
        .q()('webhook_deliveries')
        .insert(deliveries.slice(at, at + 1_000).map((d) => ({ ...d, payload: JSON.stringify(d.payload) })));
    }
  },
  async findById(tenantId, id) {
    const row = (await db.q()('webhook_deliveries').where({ tenant_id: tenantId, id }).first()) as DeliveryRow | undefined;
    return row ? toDelivery(row) : null;
  },
  listByEndpoint(tenantId, endpointId, filter, page) {
    const q = db.q()('webhook_deliveries').where({ tenant_id: tenantId, endpoint_id: endpointId }).select('*');
    if (filter.status) q.where('status', filter.status);
    return knexPage(q, page, toDelivery, { order: newestFirst('created_at', 'id') });
  },
  async recordAttempt(tenantId, id, outcome, at) {
    const status = outcome.delivered ? 'delivered' : outcome.final ? 'failed' : 'pending';
    await db
      .q()('webhook_deliveries')
      .where({ tenant_id: tenantId, id, status: 'pending' })
      .update({
        status,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error?.slice(0, 2000) ?? null,
        updatedAt: at,
        ...(outcome.delivered ? { deliveredAt: at } : {}),
      })
      .increment('attempts', 1);
  },
  async requeue(tenantId, id, at, stuckBefore) {
    const rows = (await db
      .q()('webhook_deliveries')
      .where({ tenant_id: tenantId, id })
      .where((q) => q.whereNot({ status: 'pending' }).orWhere('updated_at', '<', stuckBefore))
      .update({ status: 'pending', attempts: 0, updatedAt: at })
      .increment('retries', 1)
      .returning('*')) as DeliveryRow[];
    return rows[0] ? toDelivery(rows[0]) : null;
  },
  async stalePending(updatedBefore, limit) {
    return (await db
      .q()('webhook_deliveries')
      .where({ status: 'pending' })
      .where('updated_at', '<', updatedBefore)
      .orderBy('updated_at')
      .limit(limit)
      .select('id', 'tenant_id', 'retries')) as Array<{ id: string; tenantId: string; retries: number }>;
  },
});
