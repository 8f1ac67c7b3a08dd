import type { Clock, Jobs } from '../../shared/ports.js';
import { INGEST_LEAD_JOB, ingestJobId, type IngestOptions } from '../ingest-options.js';
import type { DeliveryRepository } from '../ports/delivery-repository.js';

type Deps = { deliveryRepository: DeliveryRepository; jobs: Jobs; clock: Clock; crmIngestOptions: IngestOptions; outboxRelayMs: number };

/**
 * The delivery relay: a webhook stored while the queue was unreachable still becomes a lead.
 * The job id is the one the webhook used, so a delivery whose job is alive (running, or waiting
 * for a retry) is not enqueued twice; one whose job ended while the row stayed pending (it gave
 * up on an outage) gets a new job (`revive`).
 */
export const makeRelayPendingDeliveries =
  ({ deliveryRepository, jobs, clock, crmIngestOptions, outboxRelayMs }: Deps) =>
  async (): Promise<number> => {
    const stale = await deliveryRepository.stalePending(new Date(clock.now().getTime() - outboxRelayMs), 500);
    for (const d of stale) {
      await jobs.enqueue(
        INGEST_LEAD_JOB,
        { tenantId: d.tenantId, deliveryId: d.id },
        { ...crmIngestOptions, jobId: ingestJobId(d.id, d.retries), revive: true },
      );
    }
    return stale.length;
  };
