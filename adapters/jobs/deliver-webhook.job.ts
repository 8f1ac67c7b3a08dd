import { z } from 'zod';
import { DELIVER_WEBHOOK_JOB } from '../../application/webhooks/ports.js';
import type { makeDeliverWebhook } from '../../application/webhooks/use-cases/deliver-webhook.usecase.js';
import type { JobDefinition } from './job-queue.js';

const Payload = z.object({ tenantId: z.uuid(), deliveryId: z.uuid() });

/** One try of one outbound webhook delivery (idempotent: see the use case). */
export const makeDeliverWebhookJob = ({ deliverWebhook }: { deliverWebhook: ReturnType<typeof makeDeliverWebhook> }): JobDefinition => ({
  name: DELIVER_WEBHOOK_JOB,
  handle: async (payload, { final }) => {
    const { tenantId, deliveryId } = Payload.parse(payload);
    await deliverWebhook(tenantId, deliveryId, { final });
  },
});
