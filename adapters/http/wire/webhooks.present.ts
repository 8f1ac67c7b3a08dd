import type { z } from 'zod';
import type * as wire from './webhooks.wire.js';
import type { DomainEventData, DomainEventType, EventPayloads, WirePayload } from '../../../application/shared/domain-events.js';
import { orderView } from './commerce.present.js';
import { gradedSubmissionEvent } from './assessment.present.js';
import { certificateEvent, enrollmentEvent } from './learning-events.present.js';
import { leadAssignedView, leadStatusChangedView, leadView } from './crm.present.js';
import type { OutboundDelivery, WebhookEndpoint } from '../../../domain/webhooks/webhook.js';

/** Wire shapes (snake_case) of outbound webhooks; the secret is never part of them (only of the answers that create it). */
export const endpointView = (e: WebhookEndpoint): z.input<typeof wire.WebhookEndpoint> => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
});

export const endpointWithSecretView = ({
  endpoint,
  secret,
}: {
  endpoint: WebhookEndpoint;
  secret: string;
}): z.input<typeof wire.WebhookEndpointWithSecret> => ({
  ...endpointView(endpoint),
  secret,
});

export const outboundDeliveryView = (d: OutboundDelivery): z.input<typeof wire.OutboundWebhookDelivery> => ({
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

const eventPayloads: { [T in DomainEventType]: (data: DomainEventData[T]) => WirePayload } = {
  'lead.created': (e) => ({ lead: leadView(e.lead) }),
  'lead.assigned': leadAssignedView,
  'lead.status_changed': leadStatusChangedView,
  'order.paid': (e) => ({ order: orderView(e.order), payment_method: e.paymentMethod }),
  'order.refunded': (e) => ({ order: orderView(e.order) }),
  'enrollment.created': (e) => ({ enrollment: enrollmentEvent(e.enrollment) }),
  'course.completed': (e) => ({ user_id: e.userId, course_id: e.course.id, course_title: e.course.title, completed_at: e.completedAt }),
  'certificate.issued': (e) => ({ certificate: certificateEvent(e.certificate) }),
  'assignment.graded': (e) => ({ submission: gradedSubmissionEvent(e.submission) }),
};

/** `data` of an outbound event (docs/webhooks.md): the webhook outbox writes it when the event is published. */
export const presentEventPayload: EventPayloads = (type, data) => eventPayloads[type](data);
