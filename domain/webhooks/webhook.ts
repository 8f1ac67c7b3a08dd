import type { TenantRecord } from '../shared/record.js';

/**
 * Outbound webhooks: endpoints an admin registers, and one delivery per event and endpoint.
 * A delivery is `pending` until it is answered with a 2xx (`delivered`) or its last try fails
 * (`failed`); an admin may send it again.
 */
export interface WebhookEndpoint extends TenantRecord {
  url: string;
  description: string | null;
  /** Event types sent to this endpoint. */
  events: string[];
  enabled: boolean;
  /** The signing secret, sealed (never stored or shown in the clear after creation). */
  sealedSecret: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface OutboundDelivery {
  id: string;
  tenantId: string;
  endpointId: string;
  /** The message id (`webhook-id`): one per event, the same for every endpoint and every try. */
  eventId: string;
  eventType: string;
  /** The body sent: `{type, timestamp, data}` (Standard Webhooks). */
  payload: WebhookPayload;
  status: WebhookDeliveryStatus;
  /** Tries since it was (re)queued. */
  attempts: number;
  /** Manual retries so far (each gets its own job). */
  retries: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
}

export interface WebhookPayload {
  type: string;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: Record<string, unknown>;
}

/** JSON turns dates into ISO strings; done once here so that every try sends the same bytes. */
export const webhookPayload = (type: string, at: Date, data: Record<string, unknown>): WebhookPayload => ({
  type,
  timestamp: at.toISOString(),
  data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
});

/** A 2xx answer is a delivery; anything else (3xx included: redirects are not followed) is a failure. */
export const isDelivered = (statusCode: number | null): boolean => statusCode !== null && statusCode >= 200 && statusCode < 300;

export const subscribes = (endpoint: Pick<WebhookEndpoint, 'enabled' | 'events'>, type: string): boolean =>
  endpoint.enabled && endpoint.events.includes(type);
