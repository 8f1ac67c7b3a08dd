import { Role } from '../../../domain/identity/role.js';
import type { ScheduleTemplate } from '../../../domain/engagement/template.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { EngagementDeps } from '../deps.js';

/** Newest first: Mentors and above see every template of the tenant, others their own. */
export const makeListScheduleTemplates =
  (d: Pick<EngagementDeps, 'scheduleTemplateRepository'>) =>
  async (actor: Actor, filter: { mine?: boolean | undefined }, page: PageRequest): Promise<Page<ScheduleTemplate>> => {
    const ownerId = actor.role < Role.Mentor || filter.mine ? actor.userId : undefined;
    return d.scheduleTemplateRepository.list(actor.tenantId, { ownerId }, page);
  };
