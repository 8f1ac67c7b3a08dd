import { canManageTemplate, type ScheduleTemplate } from '../../domain/engagement/template.js';
import type { Actor } from '../shared/actor.js';
import type { ScheduleTemplateRepository } from './ports/schedule-repositories.js';

/** The template when the caller may see and edit it (owner, or Mentor and above), else null: a 404. */
export async function manageableTemplate(repo: ScheduleTemplateRepository, actor: Actor, id: string): Promise<ScheduleTemplate | null> {
  const t = await repo.findById(actor.tenantId, id);
  return t && canManageTemplate(t, actor) ? t : null;
}
