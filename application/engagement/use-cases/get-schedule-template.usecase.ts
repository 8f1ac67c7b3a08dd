import type { ScheduleTemplate, TemplateItem } from '../../../domain/engagement/template.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import { manageableTemplate } from '../template-access.js';

/** A template with its items in plan order (contract §6). */
export const makeGetScheduleTemplate =
  (d: Pick<EngagementDeps, 'scheduleTemplateRepository'>) =>
  async (
    actor: Actor,
    id: string,
  ): Promise<Result<{ template: ScheduleTemplate; items: TemplateItem[] }, 'SCHEDULE_TEMPLATE_NOT_FOUND'>> => {
    const template = await manageableTemplate(d.scheduleTemplateRepository, actor, id);
    if (!template) return err('SCHEDULE_TEMPLATE_NOT_FOUND');
    return ok({ template, items: await d.scheduleTemplateRepository.listItems(actor.tenantId, id) });
  };
