import { DEFAULT_RULES } from '../../../domain/crm/allocation.js';
import type { PipelineReason } from '../../../domain/crm/lead.js';
import { applyPaidTotal } from '../../../domain/crm/pipeline.js';
import type { DomainEvents } from '../../shared/domain-events.js';
import type { Clock, IdGenerator } from '../../shared/ports.js';
import type { AutomationRepository } from '../ports/automation-repository.js';
import type { CustomerRecords } from '../ports/customers.js';
import type { LeadRepository } from '../ports/lead-repository.js';
import type { LinkLeadsOfUser } from './link-leads-of-user.usecase.js';
import { leadView } from '../presenters.js';

type Deps = {
  leadRepository: LeadRepository;
  automationRepository: AutomationRepository;
  customerRecords: CustomerRecords;
  linkLeadsOfUser: LinkLeadsOfUser;
  domainEvents: DomainEvents;
  ids: IdGenerator;
  clock: Clock;
};

/**
 * A person's order was paid or refunded (commerce calls this through its `paymentEvents` port
 * inside the settlement's unit of work, after the order's new status is written). Their
 * leads not linked yet are linked first (a person who ordered after the lead came in), then,
 * with `close_on_payment` on, each of their leads follows their paid total (domain/crm/pipeline.ts).
 * Commerce calls this only on a real transition of the locked order, and the leads are locked
 * here and moved from the recomputed total, so a replayed or concurrent notification moves a
 * lead once.
 */
export const makeMovePipelineOnPayment =
  (d: Deps) =>
  async (tenantId: string, userId: string, cause: PipelineReason): Promise<void> => {
    await d.linkLeadsOfUser(tenantId, userId);
    const rules = (await d.automationRepository.get(tenantId)) ?? DEFAULT_RULES;
    if (!rules.closeOnPayment) return;
    const leads = await d.leadRepository.findByUser(tenantId, userId);
    if (leads.length === 0) return;
    const paidTotal = await d.customerRecords.paidTotal(tenantId, userId);
    const now = d.clock.now();
    for (const lead of leads) {
      const moved = applyPaidTotal(lead, paidTotal, cause, now);
      if (moved.events.length === 0) continue;
      await d.leadRepository.update(moved.lead);
      await d.leadRepository.addEvents(moved.events.map((e) => ({ ...e, id: d.ids.uuid(), tenantId, leadId: lead.id, createdAt: now })));
      if (moved.lead.status !== lead.status) {
        await d.domainEvents.publish(tenantId, 'lead.status_changed', {
          lead: leadView(moved.lead),
          from_status: lead.status,
          to_status: moved.lead.status,
          reason: cause,
        });
      }
    }
  };

export type MovePipelineOnPayment = ReturnType<typeof makeMovePipelineOnPayment>;
