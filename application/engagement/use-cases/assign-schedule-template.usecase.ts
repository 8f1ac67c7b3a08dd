import { Role } from '../../../domain/identity/role.js';
import { addDays, isCalendarDate } from '../../../domain/engagement/schedule.js';
import { assignmentRefusal, expandTemplate, MAX_ASSIGNEES, MAX_DAY_OFFSET } from '../../../domain/engagement/template.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import { manageableTemplate } from '../template-access.js';

export type AssignTemplateError =
  'SCHEDULE_TEMPLATE_NOT_FOUND' | 'INVALID_DATE' | 'ASSIGNEE_NOT_FOUND' | 'ASSIGN_FORBIDDEN' | 'TOO_MANY_ASSIGNEES';

export interface AssignmentOutcome {
  templateId: string;
  startDate: string;
  itemsCreated: number;
  users: Array<{ userId: string; assigned: boolean; itemsCreated: number }>;
}

/**
 * Contract §6: produces real schedule items (`start_date + day_offset`) for each user, all in
 * one transaction. Idempotent: the same template, user and start date is recorded once (a
 * unique key), so assigning again, or twice at the same moment, creates nothing more
 * (`assigned: false`). Without `user_ids` the caller is the assignee; assigning to others needs
 * Mentor or above, and only students (or oneself) can be assignees (403 otherwise).
 */
export const makeAssignScheduleTemplate =
  (d: Pick<EngagementDeps, 'scheduleTemplateRepository' | 'scheduleItemRepository' | 'userRepository' | 'clock' | 'ids' | 'uow'>) =>
  async (
    actor: Actor,
    templateId: string,
    input: { userIds?: string[] | undefined; startDate: string },
  ): Promise<Result<AssignmentOutcome, AssignTemplateError>> => {
    const template = await manageableTemplate(d.scheduleTemplateRepository, actor, templateId);
    if (!template) return err('SCHEDULE_TEMPLATE_NOT_FOUND');
    if (!isCalendarDate(input.startDate) || !isCalendarDate(addDays(input.startDate, MAX_DAY_OFFSET)))
      return err('INVALID_DATE', 'start_date: must be a real day (YYYY-MM-DD)');
    const targets = [...new Set(input.userIds && input.userIds.length ? input.userIds : [actor.userId])];
    if (targets.length > MAX_ASSIGNEES) return err('TOO_MANY_ASSIGNEES', `user_ids: at most ${MAX_ASSIGNEES} users at once`);
    if (actor.role < Role.Mentor && targets.some((id) => id !== actor.userId))
      return err('ASSIGN_FORBIDDEN', 'only Mentors and above assign templates to others');

    const users = (await d.userRepository.findManyByIds(actor.tenantId, targets)).filter((u) => u.status === 1 && !u.deletedAt);
    const byId = new Map(users.map((u) => [u.id, u]));
    const unknown = targets.filter((id) => id !== actor.userId && !byId.has(id));
    if (unknown.length) return err('ASSIGNEE_NOT_FOUND', `user_ids: no active user ${unknown.join(', ')}`);
    for (const id of targets) {
      if (id === actor.userId) continue;
      if (assignmentRefusal(actor, byId.get(id)!)) return err('ASSIGN_FORBIDDEN', `user_ids: ${id} is not a student`);
    }

    const items = await d.scheduleTemplateRepository.listItems(actor.tenantId, templateId);
    const now = d.clock.now();
    return d.uow.run(async () => {
      const users: AssignmentOutcome['users'] = [];
      for (const userId of targets) {
        const assignmentId = d.ids.uuid();
        const fresh = await d.scheduleTemplateRepository.insertAssignment({
          id: assignmentId,
          tenantId: actor.tenantId,
          templateId,
          userId,
          startDate: input.startDate,
          assignedBy: actor.userId,
          createdAt: now,
        });
        if (!fresh) {
          users.push({ userId, assigned: false, itemsCreated: 0 });
          continue;
        }
        const produced = expandTemplate(
          items,
          { tenantId: actor.tenantId, userId, templateId, assignmentId, startDate: input.startDate },
          now,
          () => d.ids.uuid(),
        );
        await d.scheduleItemRepository.insertMany(produced);
        users.push({ userId, assigned: true, itemsCreated: produced.length });
      }
      return ok({ templateId, startDate: input.startDate, itemsCreated: users.reduce((s, u) => s + u.itemsCreated, 0), users });
    });
  };
