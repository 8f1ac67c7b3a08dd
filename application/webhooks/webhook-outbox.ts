import { webhookPayload, type OutboundDelivery } from '../../domain/webhooks/webhook.js';
import type { DomainEvents } from '../shared/domain-events.js';
import type { WebhookDeps } from './deps.js';
import { DELIVER_WEBHOOK_JOB, deliverWebhookJobId } from './ports.js';

type Deps = Pick<
  WebhookDeps,
  'webhookEndpointRepository' | 'outboundDeliveryRepository' | 'jobs' | 'ids' | 'clock' | 'webhookRetryPolicy' | 'eventPayloads'
>;

/**
 * The publishing side of outbound webhooks: one delivery row per subscribed endpoint, written in
 * the caller's unit of work (an outbox), and its job enqueued once that commits. Nothing here
 * waits on an endpoint: the request that caused the event pays one read and one insert.
 */
export const makeWebhookOutbox = ({
  webhookEndpointRepository,
  outboundDeliveryRepository,
  jobs,
  ids,
  clock,
  webhookRetryPolicy,
  eventPayloads,
}: Deps): DomainEvents => {
  const publishEach: DomainEvents['publishEach'] = async (tenantId, type, items) => {
    if (items.length === 0) return;
    const endpoints = await webhookEndpointRepository.subscribedTo(tenantId, type);
    if (endpoints.length === 0) return;
    const now = clock.now();
    const deliveries: OutboundDelivery[] = items.flatMap((data) => {
      const eventId = ids.uuid();
      const payload = webhookPayload(type, now, eventPayloads(type, data));
      return endpoints.map((e): OutboundDelivery => ({
        id: ids.uuid(),
        tenantId,
        endpointId: e.id,
        eventId,
        eventType: type,
        payload,
        status: 'pending',
        attempts: 0,
        retries: 0,
        lastStatusCode: null,
        lastError: null,
        createdAt: now,
        updatedAt: now,
        deliveredAt: null,
      }));
    });
    await outboundDeliveryRepository.insertMany(deliveries);
    for (const d of deliveries) {
      await jobs.enqueue(
        DELIVER_WEBHOOK_JOB,
        { tenantId, deliveryId: d.id },
        { ...webhookRetryPolicy, jobId: deliverWebhookJobId(d.id, 0) },
      );
    }
  };
  return { publish: (tenantId, type, data) => publishEach(tenantId, type, [data]), publishEach };
};
