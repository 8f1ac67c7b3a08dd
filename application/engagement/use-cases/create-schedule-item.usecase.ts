import { checkSlot, type ScheduleItem } from '../../../domain/engagement/schedule.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import { slotProblem, type SlotProblem } from '../field-problems.js';
import { newRecord } from '../../shared/records.js';

export interface ScheduleItemInput {
  title: string;
  description?: string | null | undefined;
  date: string;
  startTime: string;
  endTime: string;
}

/** A personal item in the caller's own schedule. */
export const makeCreateScheduleItem =
  (d: Pick<EngagementDeps, 'scheduleItemRepository' | 'clock' | 'ids'>) =>
  async (actor: Actor, input: ScheduleItemInput): Promise<Result<ScheduleItem, SlotProblem>> => {
    const now = d.clock.now();
    const item: ScheduleItem = {
      ...newRecord(d.ids, actor.tenantId, now),
      userId: actor.userId,
      title: input.title,
      description: input.description ?? null,
      date: input.date,
      startTime: input.startTime,
      endTime: input.endTime,
      templateId: null,
      assignmentId: null,
    };
    const problem = checkSlot(item);
    if (problem) return err(problem, slotProblem(problem));
    await d.scheduleItemRepository.insert(item);
    return ok(item);
  };
