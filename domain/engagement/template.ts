import { Role, type RoleLevel } from '../identity/role.js';
import { addDays, checkTimes, isCalendarDate, type ScheduleItem, type SlotError } from './schedule.js';
import type { TenantRecord } from '../shared/record.js';

/** A reusable plan (contract §6): items placed `day_offset` days after the start date. */
export interface ScheduleTemplate extends TenantRecord {
  ownerId: string;
  name: string;
  description: string | null;
}

export interface TemplateItem extends TenantRecord {
  templateId: string;
  /** 0 = the start date of the assignment. */
  dayOffset: number;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string;
}

/** One year of plan at most: a template assigned once never reaches further than this. */
export const MAX_DAY_OFFSET = 365;
export const MAX_TEMPLATE_ITEMS = 500;
export const MAX_ASSIGNEES = 200;

/** A template item has a day offset, not a date: no INVALID_DATE. */
export type TemplateItemError = Exclude<SlotError, 'INVALID_DATE'> | 'INVALID_DAY_OFFSET';

export function checkTemplateItem(item: { dayOffset: number; startTime: string; endTime: string }): TemplateItemError | null {
  if (!Number.isInteger(item.dayOffset) || item.dayOffset < 0 || item.dayOffset > MAX_DAY_OFFSET) return 'INVALID_DAY_OFFSET';
  return checkTimes(item.startTime, item.endTime);
}

/** Template items in plan order: by day, then time. */
export const compareTemplateItems = (a: TemplateItem, b: TemplateItem): number =>
  a.dayOffset - b.dayOffset ||
  a.startTime.localeCompare(b.startTime) ||
  a.endTime.localeCompare(b.endTime) ||
  a.createdAt.getTime() - b.createdAt.getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Who sees and edits a template: its owner, and Mentors and above of the tenant (they run the
 * school's plans). Everyone else gets "not found" (contract §2), never "forbidden".
 */
export const canManageTemplate = (t: ScheduleTemplate, user: { userId: string; role: RoleLevel }): boolean =>
  t.ownerId === user.userId || user.role >= Role.Mentor;

/** Who may receive an assignment from `assigner` (contract §6): oneself always; students from Mentors and above. */
export function assignmentRefusal(
  assigner: { userId: string; role: RoleLevel },
  assignee: { id: string; role: RoleLevel },
): 'FORBIDDEN' | null {
  if (assignee.id === assigner.userId) return null;
  return assigner.role >= Role.Mentor && assignee.role === Role.Student ? null : 'FORBIDDEN';
}

/**
 * The real schedule items an assignment produces: one per template item, on `startDate +
 * dayOffset`. Ids and time come from the caller (ports), so this stays pure.
 */
export function expandTemplate(
  items: readonly TemplateItem[],
  target: { tenantId: string; userId: string; templateId: string; assignmentId: string; startDate: string },
  now: Date,
  newId: () => string,
): ScheduleItem[] {
  if (!isCalendarDate(target.startDate)) throw new Error('expandTemplate: invalid start date');
  return [...items].sort(compareTemplateItems).map((i) => ({
    id: newId(),
    tenantId: target.tenantId,
    userId: target.userId,
    title: i.title,
    description: i.description,
    date: addDays(target.startDate, i.dayOffset),
    startTime: i.startTime,
    endTime: i.endTime,
    templateId: target.templateId,
    assignmentId: target.assignmentId,
    createdAt: now,
    updatedAt: now,
  }));
}

/** One assignment of a template to a user from a start date: the key of idempotency. */
export interface TemplateAssignment {
  id: string;
  tenantId: string;
  templateId: string;
  userId: string;
  startDate: string;
  assignedBy: string;
  createdAt: Date;
}
