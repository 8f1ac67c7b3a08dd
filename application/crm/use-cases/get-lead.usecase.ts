import type { Lead, LeadEvent } from '../../../domain/crm/lead.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LeadRepository } from '../ports/lead-repository.js';

type Deps = { leadRepository: LeadRepository };

export interface LeadWithHistory {
  lead: Lead;
  history: LeadEvent[];
}

export const makeGetLead = ({ leadRepository }: Deps) =>
  async (actor: Actor, id: string): Promise<Result<LeadWithHistory, 'LEAD_NOT_FOUND'>> => {
    const lead = await leadRepository.findById(actor.tenantId, id);
    if (!lead) return err('LEAD_NOT_FOUND');
    return ok({ lead, history: await leadRepository.events(actor.tenantId, id) });
  };
