import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';

/** Removes one of the caller's own items (one produced by a template too). */
export const makeDeleteScheduleItem =
  (d: Pick<EngagementDeps, 'scheduleItemRepository'>) =>
  async (actor: Actor, itemId: string): Promise<Result<null, 'SCHEDULE_ITEM_NOT_FOUND'>> => {
    const item = await d.scheduleItemRepository.findById(actor.tenantId, itemId);
    if (!item || item.userId !== actor.userId) return err('SCHEDULE_ITEM_NOT_FOUND');
    await d.scheduleItemRepository.delete(actor.tenantId, itemId);
    return ok(null);
  };
