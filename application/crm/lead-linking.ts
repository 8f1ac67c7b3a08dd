import { applyLink, decideLink } from '../../domain/crm/lead-link.js';
import type { Lead } from '../../domain/crm/lead.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import type { PeopleDirectory } from './ports/customers.js';
import type { LeadRepository } from './ports/lead-repository.js';

export type LinkDeps = { leadRepository: LeadRepository; peopleDirectory: PeopleDirectory; ids: IdGenerator; clock: Clock };

/**
 * Looks up the lead's person and records the outcome (a link and its history entry, or a
 * suggestion, or the candidates of an ambiguous match). Runs inside the caller's unit of work.
 * `byEmail: false` (after an edit of a user's contact) only refreshes phone suggestions: an edited
 * email proves nothing, so it links nothing by itself.
 */
export async function linkLead(d: LinkDeps, lead: Lead, options: { byEmail: boolean } = { byEmail: true }): Promise<Lead> {
  const email = options.byEmail ? lead.email : null;
  if (lead.userId !== null || (!email && !lead.phone)) return lead;
  const matches = await d.peopleDirectory.matching(lead.tenantId, { email, phone: lead.phone });
  const now = d.clock.now();
  const linked = applyLink(lead, decideLink(matches), now);
  if (linked.lead === lead) return lead;
  await d.leadRepository.update(linked.lead);
  await d.leadRepository.addEvents(
    linked.events.map((e) => ({ ...e, id: d.ids.uuid(), tenantId: lead.tenantId, leadId: lead.id, createdAt: now })),
  );
  return linked.lead;
}
