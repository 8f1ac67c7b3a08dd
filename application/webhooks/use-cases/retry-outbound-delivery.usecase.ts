import type { OutboundDelivery } from '../../../domain/webhooks/webhook.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { WebhookDeps } from '../deps.js';
import { DELIVER_WEBHOOK_JOB, deliverWebhookJobId } from '../ports.js';

export type RetryDeliveryError = 'WEBHOOK_DELIVERY_NOT_FOUND' | 'WEBHOOK_DELIVERY_PENDING';

/**
 * Sends a failed (or already delivered) message again, with the full retry policy and the same
 * `webhook-id`, so a receiver that deduplicates on it sees a resend. The state change is
 * conditional (not pending → pending), so two concurrent retries start one job.
 */
export const makeRetryOutboundDelivery = (d: Pick<WebhookDeps, 'outboundDeliveryRepository' | 'webhookRetryPolicy' | 'auditLog' | 'jobs' | 'clock' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, id: string): Promise<Result<OutboundDelivery, RetryDeliveryError>> =>
    d.uow.run(async (): Promise<Result<OutboundDelivery, RetryDeliveryError>> => {
      const requeued = await d.outboundDeliveryRepository.requeue(actor.tenantId, id, d.clock.now());
      if (!requeued) return err((await d.outboundDeliveryRepository.findById(actor.tenantId, id)) ? 'WEBHOOK_DELIVERY_PENDING' : 'WEBHOOK_DELIVERY_NOT_FOUND');
      await d.jobs.enqueue(DELIVER_WEBHOOK_JOB, { tenantId: actor.tenantId, deliveryId: id }, { ...d.webhookRetryPolicy, jobId: deliverWebhookJobId(id, requeued.retries) });
      await d.auditLog.record({
        tenantId: actor.tenantId, userId: actor.userId, action: 'webhook.delivery.retry', resourceType: 'webhook_delivery', resourceId: id, ...meta,
        metadata: { event_type: requeued.eventType, retry: requeued.retries },
      });
      return ok(requeued);
    });
