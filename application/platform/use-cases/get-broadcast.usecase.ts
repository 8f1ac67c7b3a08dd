import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Broadcast, BroadcastProgress, BroadcastRepository } from '../mail-ports.js';

/** `GET /api/email/broadcasts/:id` (Admin): the broadcast and its progress. */
export const makeGetBroadcast =
  (d: { broadcastRepository: BroadcastRepository }) =>
  async (actor: Actor, id: string): Promise<Result<{ broadcast: Broadcast; progress: BroadcastProgress }, 'BROADCAST_NOT_FOUND'>> => {
    const broadcast = await d.broadcastRepository.findById(actor.tenantId, id);
    if (!broadcast) return err('BROADCAST_NOT_FOUND');
    return ok({ broadcast, progress: await d.broadcastRepository.progress(actor.tenantId, id) });
  };
