import { z } from 'zod';
import { DOMAIN_EVENT_TYPES } from '../../../application/shared/domain-events.js';
import { WEBHOOK_DELIVERY_STATUSES } from '../../../domain/webhooks/webhook.js';
import { id, pageOf, timestamp } from '../kit/schemas.js';

/* Wire shapes of outbound webhooks (see learning.wire.ts for the conventions). */

export const WebhookEndpoint = z
  .object({
    id,
    url: z.string().meta({ examples: ['https://crm.example.com/hooks/lms'] }),
    description: z.string().nullable(),
    events: z
      .array(z.string())
      .meta({ description: `Event types sent: ${DOMAIN_EVENT_TYPES.join(', ')}`, examples: [['lead.created', 'order.paid']] }),
    enabled: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });
export const WebhookEndpointPage = pageOf(WebhookEndpoint).meta({ id: 'WebhookEndpointPage' });

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().meta({
    description: 'The signing secret (Standard Webhooks), shown only in this answer',
    examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
  }),
}).meta({ id: 'WebhookEndpointWithSecret' });

export const OutboundWebhookDelivery = z
  .object({
    id,
    endpoint_id: id,
    event_id: id.meta({ description: 'The `webhook-id` header: the same for every endpoint and every try of this event' }),
    event_type: z.string().meta({ examples: ['lead.created'] }),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int().meta({ description: 'Tries since it was (re)queued' }),
    retries: z.number().int().meta({ description: 'Manual retries' }),
    last_status_code: z.number().int().nullable().meta({ description: 'HTTP status of the last answer; null when none came' }),
    last_error: z.string().nullable(),
    payload: z
      .object({ type: z.string(), timestamp: z.string(), data: z.record(z.string(), z.unknown()) })
      .meta({ description: 'The body sent' }),
    created_at: timestamp,
    updated_at: timestamp,
    delivered_at: timestamp.nullable(),
  })
  .meta({ id: 'OutboundWebhookDelivery' });
export const OutboundWebhookDeliveryPage = pageOf(OutboundWebhookDelivery).meta({ id: 'OutboundWebhookDeliveryPage' });
