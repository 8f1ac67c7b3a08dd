import type { Clock, Jobs } from '../../shared/ports.js';
import { DELIVER_MAIL_JOB, deliverMailJobOptions } from '../mail-service.js';
import type { MailRepository } from '../ports.js';

/** `outboxRelayMs`: mail older than this and still queued lost its delivery job (queue down at commit time, a crash). */
type Deps = { mailRepository: MailRepository; jobs: Jobs; clock: Clock; outboxRelayMs: number };

/**
 * The outbox relay: re-enqueues deliveries that were committed but never handed to the queue, or
 * whose job ended (gave up on an outage) while the mail stayed queued (`revive`).
 */
export const makeRelayQueuedMail =
  ({ mailRepository, jobs, clock, outboxRelayMs }: Deps) =>
  async (): Promise<number> => {
    const ids = await mailRepository.staleQueued(new Date(clock.now().getTime() - outboxRelayMs), 500);
    for (const id of ids) await jobs.enqueue(DELIVER_MAIL_JOB, { id }, { ...deliverMailJobOptions(id), revive: true });
    return ids.length;
  };
