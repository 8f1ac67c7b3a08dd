import { RELAY_WEBHOOKS_JOB } from '../../application/webhooks/ports.js';
import type { makeRelayPendingWebhooks } from '../../application/webhooks/use-cases/relay-pending-webhooks.usecase.js';
import type { JobDefinition } from './job-queue.js';

export const makeRelayWebhooksJob = ({
  relayPendingWebhooks,
}: {
  relayPendingWebhooks: ReturnType<typeof makeRelayPendingWebhooks>;
}): JobDefinition => ({
  name: RELAY_WEBHOOKS_JOB,
  handle: async () => {
    await relayPendingWebhooks();
  },
});
