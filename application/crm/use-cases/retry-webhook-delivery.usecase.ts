import type { AuditLog } from '../../platform/ports.js';
import type { Clock, Jobs, UnitOfWork } from '../../shared/ports.js';
import { err, ok } from '../../shared/result.js';
import { INGEST_LEAD_JOB, ingestJobId, type IngestOptions } from '../ingest-options.js';
import type { DeliveryRepository, WebhookDelivery } from '../ports/delivery-repository.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

type Deps = {
  deliveryRepository: DeliveryRepository;
  jobs: Jobs;
  uow: UnitOfWork;
  clock: Clock;
  auditLog: AuditLog;
  crmIngestOptions: IngestOptions;
  outboxRelayMs: number;
};

export type RetryWebhookDelivery = AuditedCommand<[id: string], WebhookDelivery, 'DELIVERY_NOT_FOUND' | 'DELIVERY_NOT_FAILED'>;

/**
 * Puts a failed delivery back to `pending` and runs its job again with the full retry policy,
 * under a new job id. A delivery `pending` for longer than the relay period is stuck (its job
 * was lost, or ended on an outage) and may be retried too. The state change is conditional, so
 * two concurrent retries start one job.
 */
export const makeRetryWebhookDelivery =
  ({ deliveryRepository, jobs, uow, clock, auditLog, crmIngestOptions, outboxRelayMs }: Deps): RetryWebhookDelivery =>
  async (actor, meta, id) =>
    uow.run(async () => {
      const now = clock.now();
      const requeued = await deliveryRepository.requeue(actor.tenantId, id, now, new Date(now.getTime() - outboxRelayMs));
      if (!requeued) return err((await deliveryRepository.findById(actor.tenantId, id)) ? 'DELIVERY_NOT_FAILED' : 'DELIVERY_NOT_FOUND');
      await jobs.enqueue(
        INGEST_LEAD_JOB,
        { tenantId: actor.tenantId, deliveryId: id },
        { ...crmIngestOptions, jobId: ingestJobId(id, requeued.retries) },
      );
      await recordAudit(auditLog, actor, meta, {
        action: 'crm.delivery.retry',
        resourceType: 'crm_webhook_delivery',
        resourceId: id,
        metadata: { provider: requeued.provider, retry: requeued.retries },
      });
      return ok(requeued);
    });
