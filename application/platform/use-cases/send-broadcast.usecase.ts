import { batchCount, BROADCAST_BATCH_SIZE } from '../../../domain/platform/mail-events.js';
import type { Clock, IdGenerator, Jobs, UnitOfWork } from '../../shared/ports.js';
import { err, ok } from '../../shared/result.js';
import { BROADCAST_BATCH_JOB, broadcastBatchJobOptions, type Broadcast, type BroadcastRepository } from '../mail-ports.js';
import type { AuditLog } from '../ports.js';
import { recordAudit } from '../audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export interface BroadcastCommand {
  subject: string;
  text?: string | undefined;
  html?: string | undefined;
  roles?: number[] | undefined;
  userIds?: string[] | undefined;
}

type Deps = { broadcastRepository: BroadcastRepository; jobs: Jobs; uow: UnitOfWork; clock: Clock; ids: IdGenerator; auditLog: AuditLog };

/**
 * `POST /api/email/send-broadcast` (contract §9, 202): the audience is resolved now (active users
 * with one of `roles`, plus those in `user_ids`; neither: every active user), stored with the
 * broadcast, and fanned out as jobs of at most 100 recipients, each retried with backoff. The
 * broadcast, its recipients and the job enqueues commit together (enqueues after commit).
 */
export const makeSendBroadcast =
  (d: Deps): AuditedCommand<[cmd: BroadcastCommand], { broadcast: Broadcast }, 'NO_RECIPIENTS'> =>
  async (actor, meta, cmd) => {
    const audience = await d.broadcastRepository.audience(actor.tenantId, { roles: cmd.roles, userIds: cmd.userIds });
    if (audience.length === 0) return err('NO_RECIPIENTS');
    const broadcast: Broadcast = {
      id: d.ids.uuid(),
      tenantId: actor.tenantId,
      subject: cmd.subject,
      text: cmd.text ?? null,
      html: cmd.html ?? null,
      roles: cmd.roles ?? null,
      userIds: cmd.userIds ?? null,
      recipients: audience.length,
      batchSize: BROADCAST_BATCH_SIZE,
      batches: batchCount(audience.length),
      createdBy: actor.userId,
      createdAt: d.clock.now(),
      completedAt: null,
    };
    await d.uow.run(async () => {
      await d.broadcastRepository.create(
        broadcast,
        audience.map((a, i) => ({ ...a, batch: Math.floor(i / BROADCAST_BATCH_SIZE), status: 'pending', mailId: null })),
      );
      for (let batch = 0; batch < broadcast.batches; batch++) {
        await d.jobs.enqueue(
          BROADCAST_BATCH_JOB,
          { tenantId: actor.tenantId, broadcastId: broadcast.id, batch },
          broadcastBatchJobOptions(broadcast.id, batch),
        );
      }
      await recordAudit(d.auditLog, actor, meta, {
        action: 'email.broadcast',
        resourceType: 'broadcast',
        resourceId: broadcast.id,
        metadata: { subject: cmd.subject, recipients: audience.length, roles: cmd.roles ?? null, user_ids: cmd.userIds?.length ?? 0 },
      });
    });
    return ok({ broadcast });
  };
