import { DEFAULT_RULES } from '../../domain/crm/allocation.js';
import type { Lead } from '../../domain/crm/lead.js';
import { applyPaidTotal } from '../../domain/crm/pipeline.js';
import type { DomainEvents } from '../shared/domain-events.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import type { AutomationRepository } from './ports/automation-repository.js';
import type { CustomerRecords } from './ports/customers.js';
import type { LeadRepository } from './ports/lead-repository.js';
import { leadView } from './presenters.js';

export type PastActivityDeps = {
  leadRepository: LeadRepository;
  automationRepository: AutomationRepository;
  customerRecords: CustomerRecords;
  domainEvents: DomainEvents;
  ids: IdGenerator;
  clock: Clock;
};

/**
 * A lead just linked to its user takes on what that user already did, in the caller's unit of
 * work: with `close_on_payment`, their paid orders close it won (domain/crm/pipeline.ts), as a
 * payment after the link would have. Without this, a lead that arrives after its person paid
 * would stay `new`, since no payment follows. (Certificates move no lead.)
 */
export async function applyPastActivity(d: PastActivityDeps, lead: Lead): Promise<Lead> {
  if (lead.userId === null) return lead;
  const rules = (await d.automationRepository.get(lead.tenantId)) ?? DEFAULT_RULES;
  if (!rules.closeOnPayment) return lead;
  const paidTotal = await d.customerRecords.paidTotal(lead.tenantId, lead.userId);
  if (paidTotal === 0n) return lead;
  const now = d.clock.now();
  const moved = applyPaidTotal(lead, paidTotal, 'payment', now);
  if (moved.events.length === 0) return lead;
  await d.leadRepository.update(moved.lead);
  await d.leadRepository.addEvents(
    moved.events.map((e) => ({ ...e, id: d.ids.uuid(), tenantId: lead.tenantId, leadId: lead.id, createdAt: now })),
  );
  if (moved.lead.status !== lead.status) {
    await d.domainEvents.publish(lead.tenantId, 'lead.status_changed', {
      lead: leadView(moved.lead),
      from_status: lead.status,
      to_status: moved.lead.status,
      reason: 'payment',
    });
  }
  return moved.lead;
}
