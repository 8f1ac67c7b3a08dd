import { applyItemChanges, type ItemChanges, type ScheduleItem } from '../../../domain/engagement/schedule.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import { slotProblem, type SlotProblem } from '../field-problems.js';

/** Any subset of the fields of one of the caller's own items; another user's item is not found. */
export const makeUpdateScheduleItem =
  (d: Pick<EngagementDeps, 'scheduleItemRepository' | 'clock'>) =>
  async (actor: Actor, itemId: string, changes: ItemChanges): Promise<Result<ScheduleItem, SlotProblem | 'SCHEDULE_ITEM_NOT_FOUND'>> => {
    const item = await d.scheduleItemRepository.findById(actor.tenantId, itemId);
    if (!item || item.userId !== actor.userId) return err('SCHEDULE_ITEM_NOT_FOUND');
    const next = applyItemChanges(item, changes, d.clock.now());
    if (!next.ok) return err(next.error, slotProblem(next.error));
    await d.scheduleItemRepository.update(next.item);
    return ok(next.item);
  };
