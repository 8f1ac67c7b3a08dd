import { addDays, checkRange } from '../../../domain/engagement/schedule.js';
import type { ScheduleItem } from '../../../domain/engagement/schedule.js';
import { localDate } from '../../../domain/engagement/time-zone.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';

export type ListMyScheduleError = 'INVALID_DATE' | 'RANGE_INVERTED' | 'RANGE_TOO_LONG';

/** Days shown when the caller names no range: today and the six days after it. */
const DEFAULT_DAYS = 7;

/**
 * The caller's schedule over a range of days (both included, at most 366): their own items and
 * those produced by template assignments, which are their items too, by date and time.
 */
export const makeListMySchedule =
  (d: Pick<EngagementDeps, 'scheduleItemRepository' | 'engagementOptions' | 'clock'>) =>
  async (
    actor: Actor,
    query: { startDate?: string | undefined; endDate?: string | undefined },
    page: PageRequest,
  ): Promise<Result<Page<ScheduleItem> & { startDate: string; endDate: string }, ListMyScheduleError>> => {
    const startDate =
      query.startDate ??
      (query.endDate ? addDays(query.endDate, -(DEFAULT_DAYS - 1)) : localDate(d.clock.now(), d.engagementOptions.timeZone));
    const endDate = query.endDate ?? addDays(startDate, DEFAULT_DAYS - 1);
    const problem = checkRange(startDate, endDate);
    if (problem === 'INVALID_DATE') return err(problem, 'start_date, end_date: must be real days (YYYY-MM-DD)');
    if (problem === 'RANGE_INVERTED') return err(problem, 'end_date: must not be before start_date');
    if (problem === 'RANGE_TOO_LONG') return err(problem, 'end_date: the range is at most 366 days');
    const items = await d.scheduleItemRepository.listForUser(actor.tenantId, actor.userId, { from: startDate, to: endDate }, page);
    return ok({ ...items, startDate, endDate });
  };
