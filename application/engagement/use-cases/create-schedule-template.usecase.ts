import type { ScheduleTemplate } from '../../../domain/engagement/template.js';
import type { Actor } from '../../shared/actor.js';
import type { EngagementDeps } from '../deps.js';

/** Anyone may keep templates (a student's own study plan); the caller owns the new one. */
export const makeCreateScheduleTemplate =
  (d: Pick<EngagementDeps, 'scheduleTemplateRepository' | 'clock' | 'ids'>) =>
  async (actor: Actor, input: { name: string; description?: string | null | undefined }): Promise<ScheduleTemplate> => {
    const now = d.clock.now();
    const t: ScheduleTemplate = {
      id: d.ids.uuid(),
      tenantId: actor.tenantId,
      ownerId: actor.userId,
      name: input.name,
      description: input.description ?? null,
      createdAt: now,
      updatedAt: now,
    };
    await d.scheduleTemplateRepository.insert(t);
    return t;
  };
