import { applyLeadChanges, type LeadChanges } from '../../../domain/crm/lead.js';
import type { UserRepository } from '../../identity/ports/user-repository.js';
import type { AuditLog, Mailer } from '../../platform/ports.js';
import type { ChatEventPublisher } from '../../engagement/index.js';
import type { DomainEvents } from '../../shared/domain-events.js';
import type { Clock, IdGenerator, UnitOfWork } from '../../shared/ports.js';
import { err, ok } from '../../shared/result.js';
import { announceAssignment, canReceiveLeads, toEvents } from '../lead-intake.js';
import { leadAssignedMail } from '../mail-templates.js';
import type { LeadRepository } from '../ports/lead-repository.js';
import type { AutomationRepository } from '../ports/automation-repository.js';
import { applyPastActivity } from '../past-activity.js';
import type { LeadWithHistory } from './get-lead.usecase.js';
import { personOf, type LeadPersonDeps } from '../lead-person.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

type Deps = LeadPersonDeps & {
  leadRepository: LeadRepository;
  automationRepository: AutomationRepository;
  userRepository: UserRepository;
  mailer: Mailer;
  auditLog: AuditLog;
  domainEvents: DomainEvents;
  chatEvents: ChatEventPublisher;
  ids: IdGenerator;
  clock: Clock;
  uow: UnitOfWork;
};

export type UpdateLeadError = 'LEAD_NOT_FOUND' | 'ASSIGNEE_NOT_FOUND' | 'LINK_USER_NOT_FOUND';

export type UpdateLead = AuditedCommand<[id: string, changes: LeadChanges], LeadWithHistory, UpdateLeadError>;

/**
 * `PATCH /api/crm/leads/:id {status?, value?, assigned_to?, user_id?, note?}` (contract §8). The lead is
 * locked for the change, so two concurrent PATCHes each see the other's result and the history
 * stays a true sequence. A new assignee is alerted by mail in the same unit of work. `user_id` is
 * how sales confirms a phone suggestion (contract §10): the only way a lead is linked without an email.
 * A lead so linked takes on what its person already did (their paid orders close it won), as at intake.
 */
export const makeUpdateLead =
  ({
    leadRepository,
    automationRepository,
    userRepository,
    mailer,
    auditLog,
    domainEvents,
    chatEvents,
    ids,
    clock,
    uow,
    peopleDirectory,
    customerRecords,
  }: Deps): UpdateLead =>
  async (actor, meta, id, changes) =>
    uow.run(async () => {
      const lead = await leadRepository.findById(actor.tenantId, id, { forUpdate: true });
      if (!lead) return err('LEAD_NOT_FOUND');
      const assignee = changes.assignedTo ? await userRepository.findById(actor.tenantId, changes.assignedTo) : null;
      if (changes.assignedTo && !canReceiveLeads(assignee)) return err('ASSIGNEE_NOT_FOUND', 'assigned_to: no active user with this id');
      if (changes.userId && (await peopleDirectory.findManyByIds(actor.tenantId, [changes.userId])).length === 0)
        return err('LINK_USER_NOT_FOUND');
      const now = clock.now();
      const { lead: changed, events } = applyLeadChanges(lead, changes, actor.userId, now);
      let updated = changed;
      if (events.length > 0) {
        await leadRepository.update(updated);
        await leadRepository.addEvents(toEvents(updated, events, ids, now));
        if (assignee && updated.assignedTo !== lead.assignedTo) {
          await mailer.send(actor.tenantId, leadAssignedMail(assignee.email, updated));
          await announceAssignment({ domainEvents, chatEvents, uow }, updated, lead.assignedTo, 'manual');
        }
        if (updated.status !== lead.status) {
          await domainEvents.publish(actor.tenantId, 'lead.status_changed', {
            lead: updated,
            fromStatus: lead.status,
            toStatus: updated.status,
          });
        }
        if (updated.userId !== null && updated.userId !== lead.userId) {
          updated = await applyPastActivity({ leadRepository, automationRepository, customerRecords, domainEvents, ids, clock }, updated);
        }
        await recordAudit(auditLog, actor, meta, {
          action: 'crm.lead.update',
          resourceType: 'crm_lead',
          resourceId: id,
          metadata: {
            changes: events.map((e) => e.type),
            ...(updated.status !== lead.status ? { status: { from: lead.status, to: updated.status } } : {}),
          },
        });
      }
      return ok({
        lead: updated,
        history: await leadRepository.events(actor.tenantId, id),
        person: await personOf({ peopleDirectory, customerRecords }, updated),
      });
    });
