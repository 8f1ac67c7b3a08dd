import type { ScheduleTemplate } from '../../../domain/engagement/template.js';
import type { Actor } from '../../shared/actor.js';
import type { EngagementDeps } from '../deps.js';
import { newRecord } from '../../shared/records.js';

/** Anyone may keep templates (a student's own study plan); the caller owns the new one. */
export const makeCreateScheduleTemplate =
  (d: Pick<EngagementDeps, 'scheduleTemplateRepository' | 'clock' | 'ids'>) =>
  async (actor: Actor, input: { name: string; description?: string | null | undefined }): Promise<ScheduleTemplate> => {
    const now = d.clock.now();
    const t: ScheduleTemplate = {
      ...newRecord(d.ids, actor.tenantId, now),
      ownerId: actor.userId,
      name: input.name,
      description: input.description ?? null,
    };
    await d.scheduleTemplateRepository.insert(t);
    return t;
  };
