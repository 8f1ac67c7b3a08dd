import type { SlotError } from '../../domain/engagement/schedule.js';
import type { TemplateItemError } from '../../domain/engagement/template.js';

export type SlotProblem = SlotError;

/** The field a slot error is about, for the 400's `error` (contract §2: it names the fields). */
export const slotProblem = (e: SlotError | TemplateItemError): string =>
  ({
    INVALID_DATE: 'date: must be a real day (YYYY-MM-DD)',
    INVALID_TIME: 'start_time, end_time: must be HH:MM',
    END_NOT_AFTER_START: 'end_time: must be after start_time',
    INVALID_DAY_OFFSET: 'day_offset: must be a whole number from 0 to 365',
  })[e];
