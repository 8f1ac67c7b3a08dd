import { merge } from '../shared/merge.js';
import type { TenantRecord } from '../shared/record.js';

/**
 * Personal schedules (spec "Schedule"): an item is a wall-clock slot on a calendar day,
 * `date` `YYYY-MM-DD` with `start_time`/`end_time` `HH:MM`, owned by one user. Dates and times
 * carry no zone: they mean what the school's clock says (see time-zone.ts and icalendar.ts).
 */
export interface ScheduleItem extends TenantRecord {
  userId: string;
  title: string;
  description: string | null;
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM`, 24-hour. */
  startTime: string;
  endTime: string;
  /** Set when the item was produced by assigning a template (null once the template is deleted). */
  templateId: string | null;
  assignmentId: string | null;
}

/** Longest range of one schedule query, inclusive of both days (a leap year fits). */
export const MAX_RANGE_DAYS = 366;
export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 2000;

export type SlotError = 'INVALID_DATE' | 'INVALID_TIME' | 'END_NOT_AFTER_START';
export type RangeError = 'INVALID_DATE' | 'RANGE_INVERTED' | 'RANGE_TOO_LONG';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

/** A real calendar day (no 2026-02-30) between the years 1900 and 9999. */
export function isCalendarDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

export const isClockTime = (s: string): boolean => TIME_RE.test(s);

export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const epochDay = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

/** `date` moved by `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  return new Date((epochDay(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => epochDay(to) - epochDay(from);

/**
 * A slot is valid when its day exists and `end_time` is strictly after `start_time` on that
 * day: an item never spans midnight (split it in two), so ordering by date and time is total.
 */
export function checkSlot(slot: { date: string; startTime: string; endTime: string }): SlotError | null {
  if (!isCalendarDate(slot.date)) return 'INVALID_DATE';
  return checkTimes(slot.startTime, slot.endTime);
}

export function checkTimes(startTime: string, endTime: string): Exclude<SlotError, 'INVALID_DATE'> | null {
  if (!isClockTime(startTime) || !isClockTime(endTime)) return 'INVALID_TIME';
  return minutesOf(endTime) > minutesOf(startTime) ? null : 'END_NOT_AFTER_START';
}

/** A query range: both real days, `end` not before `start`, at most MAX_RANGE_DAYS days inclusive. */
export function checkRange(start: string, end: string): RangeError | null {
  if (!isCalendarDate(start) || !isCalendarDate(end)) return 'INVALID_DATE';
  const span = daysBetween(start, end);
  if (span < 0) return 'RANGE_INVERTED';
  return span + 1 > MAX_RANGE_DAYS ? 'RANGE_TOO_LONG' : null;
}

/** Schedules are ordered by date and time (contract §2), then by end, creation and id for stability. */
export const compareItems = (a: ScheduleItem, b: ScheduleItem): number =>
  a.date.localeCompare(b.date) ||
  a.startTime.localeCompare(b.startTime) ||
  a.endTime.localeCompare(b.endTime) ||
  a.createdAt.getTime() - b.createdAt.getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export interface ItemChanges {
  title?: string | undefined;
  description?: string | null | undefined;
  date?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** An update takes any subset of the fields; the merged slot must still be valid. */
export function applyItemChanges(
  item: ScheduleItem,
  changes: ItemChanges,
  now: Date,
): { ok: true; item: ScheduleItem } | { ok: false; error: SlotError } {
  const next: ScheduleItem = { ...merge(item, changes), updatedAt: now };
  const error = checkSlot(next);
  return error ? { ok: false, error } : { ok: true, item: next };
}
