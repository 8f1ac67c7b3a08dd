import type { ScheduleTemplate, TemplateItem } from '../../../domain/engagement/template.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import { manageableTemplate } from '../template-access.js';

/** Name and description; items have their own routes. Past assignments keep the items they produced. */
export const makeUpdateScheduleTemplate =
  (d: Pick<EngagementDeps, 'scheduleTemplateRepository' | 'clock'>) =>
  async (
    actor: Actor,
    id: string,
    changes: { name?: string | undefined; description?: string | null | undefined },
  ): Promise<Result<{ template: ScheduleTemplate; items: TemplateItem[] }, 'SCHEDULE_TEMPLATE_NOT_FOUND'>> => {
    const found = await manageableTemplate(d.scheduleTemplateRepository, actor, id);
    if (!found) return err('SCHEDULE_TEMPLATE_NOT_FOUND');
    const template: ScheduleTemplate = {
      ...found,
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      updatedAt: d.clock.now(),
    };
    await d.scheduleTemplateRepository.update(template);
    return ok({ template, items: await d.scheduleTemplateRepository.listItems(actor.tenantId, id) });
  };
