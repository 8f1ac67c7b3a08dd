import type { OutboundDelivery } from '../../../domain/webhooks/webhook.js';
import { err, ok } from '../../shared/result.js';
import type { WebhookDeps } from '../deps.js';
import { DELIVER_WEBHOOK_JOB, deliverWebhookJobId } from '../ports.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type RetryDeliveryError = 'WEBHOOK_DELIVERY_NOT_FOUND' | 'WEBHOOK_DELIVERY_PENDING';

/**
 * Sends a failed (or already delivered) message again, with the full retry policy and the same
 * `webhook-id`, so a receiver that deduplicates on it sees a resend. A delivery `pending` for
 * longer than the relay period is stuck (its job was lost, or ended on an outage) and may be
 * retried too. The state change is conditional, so two concurrent retries start one job.
 */
export const makeRetryOutboundDelivery =
  (
    d: Pick<WebhookDeps, 'outboundDeliveryRepository' | 'webhookRetryPolicy' | 'auditLog' | 'jobs' | 'clock' | 'uow' | 'outboxRelayMs'>,
  ): AuditedCommand<[id: string], OutboundDelivery, RetryDeliveryError> =>
  async (actor, meta, id) =>
    d.uow.run(async () => {
      const now = d.clock.now();
      const requeued = await d.outboundDeliveryRepository.requeue(actor.tenantId, id, now, new Date(now.getTime() - d.outboxRelayMs));
      if (!requeued)
        return err(
          (await d.outboundDeliveryRepository.findById(actor.tenantId, id)) ? 'WEBHOOK_DELIVERY_PENDING' : 'WEBHOOK_DELIVERY_NOT_FOUND',
        );
      await d.jobs.enqueue(
        DELIVER_WEBHOOK_JOB,
        { tenantId: actor.tenantId, deliveryId: id },
        { ...d.webhookRetryPolicy, jobId: deliverWebhookJobId(id, requeued.retries) },
      );
      await recordAudit(d.auditLog, actor, meta, {
        action: 'webhook.delivery.retry',
        resourceType: 'webhook_delivery',
        resourceId: id,
        metadata: { event_type: requeued.eventType, retry: requeued.retries },
      });
      return ok(requeued);
    });
