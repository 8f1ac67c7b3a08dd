import { z } from 'zod';
import { INGEST_LEAD_JOB } from '../../application/crm/ingest-options.js';
import type { makeIngestLeadDelivery } from '../../application/crm/use-cases/ingest-lead-delivery.usecase.js';
import type { JobDefinition } from './job-queue.js';

const Payload = z.object({ tenantId: z.uuid(), deliveryId: z.uuid() });

/** One stored webhook delivery → one lead (idempotent: see the use case). */
export const makeLeadIngestJob = ({
  ingestLeadDelivery,
}: {
  ingestLeadDelivery: ReturnType<typeof makeIngestLeadDelivery>;
}): JobDefinition => ({
  name: INGEST_LEAD_JOB,
  handle: async (payload, { final }) => {
    const { tenantId, deliveryId } = Payload.parse(payload);
    await ingestLeadDelivery(tenantId, deliveryId, { final });
  },
});
