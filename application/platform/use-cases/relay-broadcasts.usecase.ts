import type { Clock, Jobs } from '../../shared/ports.js';
import { BROADCAST_BATCH_JOB, broadcastBatchJobOptions, type BroadcastRepository } from '../mail-ports.js';

type Deps = { broadcastRepository: BroadcastRepository; jobs: Jobs; clock: Clock; outboxRelayMs: number };

/**
 * Periodic: batches still pending a while after their broadcast was created (their job was never
 * enqueued, or was lost with a process) are enqueued again; the job id makes it a no-op while
 * the original is known.
 */
export const makeRelayBroadcasts = (d: Deps) => async (): Promise<number> => {
  const stalled = await d.broadcastRepository.stalledBatches(new Date(d.clock.now().getTime() - d.outboxRelayMs), 500);
  for (const s of stalled) await d.jobs.enqueue(BROADCAST_BATCH_JOB, s, broadcastBatchJobOptions(s.broadcastId, s.batch));
  return stalled.length;
};
