import { RELAY_DELIVERIES_JOB } from '../../application/crm/ingest-options.js';
import type { makeRelayPendingDeliveries } from '../../application/crm/use-cases/relay-pending-deliveries.usecase.js';
import type { JobDefinition } from './job-queue.js';

export const makeRelayDeliveriesJob = ({
  relayPendingDeliveries,
}: {
  relayPendingDeliveries: ReturnType<typeof makeRelayPendingDeliveries>;
}): JobDefinition => ({
  name: RELAY_DELIVERIES_JOB,
  handle: async () => {
    await relayPendingDeliveries();
  },
});
