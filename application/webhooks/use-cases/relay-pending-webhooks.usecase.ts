import type { WebhookDeps } from '../deps.js';
import { DELIVER_WEBHOOK_JOB, deliverWebhookJobId } from '../ports.js';

/**
 * The outbox relay: a delivery committed while the queue was unreachable is still sent. The job
 * id is the one first used, so a delivery whose job is alive (running, or waiting for a retry)
 * is not enqueued twice; one whose job ended while the row stayed pending gets a new job (`revive`).
 */
export const makeRelayPendingWebhooks =
  (d: Pick<WebhookDeps, 'outboundDeliveryRepository' | 'jobs' | 'clock' | 'webhookRetryPolicy' | 'outboxRelayMs'>) =>
  async (): Promise<number> => {
    const stale = await d.outboundDeliveryRepository.stalePending(new Date(d.clock.now().getTime() - d.outboxRelayMs), 500);
    for (const s of stale) {
      await d.jobs.enqueue(
        DELIVER_WEBHOOK_JOB,
        { tenantId: s.tenantId, deliveryId: s.id },
        { ...d.webhookRetryPolicy, jobId: deliverWebhookJobId(s.id, s.retries), revive: true },
      );
    }
    return stale.length;
  };
