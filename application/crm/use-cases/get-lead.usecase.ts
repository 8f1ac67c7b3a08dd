import type { Lead, LeadEvent } from '../../../domain/crm/lead.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { personOf, type LeadPerson, type LeadPersonDeps } from '../lead-person.js';
import type { LeadRepository } from '../ports/lead-repository.js';

type Deps = LeadPersonDeps & { leadRepository: LeadRepository };

export interface LeadWithHistory {
  lead: Lead;
  history: LeadEvent[];
  /** Its user with their orders and enrolments, or the candidates of an ambiguous match. */
  person: LeadPerson;
}

export const makeGetLead =
  ({ leadRepository, peopleDirectory, customerRecords }: Deps) =>
  async (actor: Actor, id: string): Promise<Result<LeadWithHistory, 'LEAD_NOT_FOUND'>> => {
    const lead = await leadRepository.findById(actor.tenantId, id);
    if (!lead) return err('LEAD_NOT_FOUND');
    const [history, person] = await Promise.all([
      leadRepository.events(actor.tenantId, id),
      personOf({ peopleDirectory, customerRecords }, lead),
    ]);
    return ok({ lead, history, person });
  };
