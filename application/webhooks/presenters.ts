import type { OutboundDelivery, WebhookEndpoint } from '../../domain/webhooks/webhook.js';

/** Wire shapes (snake_case) of outbound webhooks; the secret is never part of them (only of the answers that create it). */
export const endpointView = (e: WebhookEndpoint) => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
});

export const endpointWithSecretView = ({ endpoint, secret }: { endpoint: WebhookEndpoint; secret: string }) => ({
  ...endpointView(endpoint),
  secret,
});

export const outboundDeliveryView = (d: OutboundDelivery) => ({
  id: d.id,
  endpoint_id: d.endpointId,
  event_id: d.eventId,
  event_type: d.eventType,
  status: d.status,
  attempts: d.attempts,
  retries: d.retries,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  payload: d.payload,
  created_at: d.createdAt,
  updated_at: d.updatedAt,
  delivered_at: d.deliveredAt,
});
