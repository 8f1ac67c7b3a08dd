import { z } from 'zod';
import { BROADCAST_BATCH_JOB } from '../../application/platform/mail-ports.js';
import type { makeSendBroadcastBatch } from '../../application/platform/use-cases/send-broadcast-batch.usecase.js';
import type { JobDefinition } from './job-queue.js';

const Payload = z.object({ tenantId: z.uuid(), broadcastId: z.uuid(), batch: z.number().int().min(0) });

/** One batch (≤ 100 recipients) of a broadcast; retried with backoff, idempotent (claimed recipients). */
export const makeBroadcastBatchJob = ({
  sendBroadcastBatch,
}: {
  sendBroadcastBatch: ReturnType<typeof makeSendBroadcastBatch>;
}): JobDefinition => ({
  name: BROADCAST_BATCH_JOB,
  handle: async (payload) => {
    const p = Payload.parse(payload);
    await sendBroadcastBatch(p.tenantId, p.broadcastId, p.batch);
  },
});
