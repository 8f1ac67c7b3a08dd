import type { Lead } from '../../../domain/crm/lead.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { LeadFilter, LeadRepository } from '../ports/lead-repository.js';

type Deps = { leadRepository: LeadRepository };

/** Newest first (by when we received them). */
export const makeListLeads =
  ({ leadRepository }: Deps) =>
  (actor: Actor, filter: LeadFilter, page: PageRequest): Promise<Page<Lead>> =>
    leadRepository.list(actor.tenantId, filter, page);
