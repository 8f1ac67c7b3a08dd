import { checkTemplateItem, MAX_TEMPLATE_ITEMS, type TemplateItem, type TemplateItemError } from '../../../domain/engagement/template.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import { slotProblem } from '../field-problems.js';
import { manageableTemplate } from '../template-access.js';
import { newRecord } from '../../shared/records.js';

export interface TemplateItemInput {
  dayOffset: number;
  title: string;
  description?: string | null | undefined;
  startTime: string;
  endTime: string;
}

export const makeAddTemplateItem =
  (d: Pick<EngagementDeps, 'scheduleTemplateRepository' | 'clock' | 'ids'>) =>
  async (
    actor: Actor,
    templateId: string,
    input: TemplateItemInput,
  ): Promise<Result<TemplateItem, TemplateItemError | 'SCHEDULE_TEMPLATE_NOT_FOUND' | 'TOO_MANY_TEMPLATE_ITEMS'>> => {
    if (!(await manageableTemplate(d.scheduleTemplateRepository, actor, templateId))) return err('SCHEDULE_TEMPLATE_NOT_FOUND');
    const problem = checkTemplateItem(input);
    if (problem) return err(problem, slotProblem(problem));
    if ((await d.scheduleTemplateRepository.countItems(actor.tenantId, templateId)) >= MAX_TEMPLATE_ITEMS)
      return err('TOO_MANY_TEMPLATE_ITEMS', `a template has at most ${MAX_TEMPLATE_ITEMS} items`);
    const now = d.clock.now();
    const item: TemplateItem = {
      ...newRecord(d.ids, actor.tenantId, now),
      templateId,
      dayOffset: input.dayOffset,
      title: input.title,
      description: input.description ?? null,
      startTime: input.startTime,
      endTime: input.endTime,
    };
    await d.scheduleTemplateRepository.insertItem(item);
    return ok(item);
  };
