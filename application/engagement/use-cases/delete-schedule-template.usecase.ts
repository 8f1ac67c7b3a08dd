import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { EngagementDeps } from '../deps.js';
import { manageableTemplate } from '../template-access.js';

/**
 * Deletes a template with its items and assignment records. Schedule items it produced stay in
 * their owners' schedules (they are real items; their `template_id` becomes null).
 */
export const makeDeleteScheduleTemplate =
  (d: Pick<EngagementDeps, 'scheduleTemplateRepository'>) =>
  async (actor: Actor, id: string): Promise<Result<null, 'SCHEDULE_TEMPLATE_NOT_FOUND'>> => {
    if (!(await manageableTemplate(d.scheduleTemplateRepository, actor, id))) return err('SCHEDULE_TEMPLATE_NOT_FOUND');
    await d.scheduleTemplateRepository.delete(actor.tenantId, id);
    return ok(null);
  };
