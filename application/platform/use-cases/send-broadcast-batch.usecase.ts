import type { Clock, UnitOfWork } from '../../shared/ports.js';
import { broadcastMail } from '../broadcast-mail.js';
import type { BroadcastRepository } from '../mail-ports.js';
import type { Mailer } from '../ports.js';

type Deps = { broadcastRepository: BroadcastRepository; mailer: Mailer; uow: UnitOfWork; clock: Clock };

/**
 * Job body of one broadcast batch: its pending recipients are claimed (locked) and each gets a
 * mail in the outbox, marked queued in the same unit of work, so a retried or redelivered job
 * never mails anyone twice. The broadcast completes when no recipient is pending.
 */
export const makeSendBroadcastBatch =
  (d: Deps) =>
  async (tenantId: string, broadcastId: string, batch: number): Promise<void> => {
    const broadcast = await d.broadcastRepository.findById(tenantId, broadcastId);
    if (!broadcast) return;
    await d.uow.run(async () => {
      for (const r of await d.broadcastRepository.claimBatch(tenantId, broadcastId, batch)) {
        const { id } = await d.mailer.send(tenantId, broadcastMail(broadcast, r));
        await d.broadcastRepository.markQueued(tenantId, broadcastId, r.userId, id);
      }
    });
    if (broadcast.completedAt === null && (await d.broadcastRepository.progress(tenantId, broadcastId)).pending === 0) {
      await d.broadcastRepository.markCompleted(tenantId, broadcastId, d.clock.now());
    }
  };
