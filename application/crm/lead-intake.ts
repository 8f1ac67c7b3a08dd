import { DEFAULT_RULES, memberAt, planAllocation, ruleUserIds } from '../../domain/crm/allocation.js';
import {
  assignmentEvent,
  createdEvent,
  newLead,
  type AssignmentReason,
  type Lead,
  type LeadDetails,
  type LeadEvent,
  type LeadEventDraft,
  type LeadSource,
  type LeadStatus,
} from '../../domain/crm/lead.js';
import type { User } from '../../domain/identity/user.js';
import type { Minor } from '../../domain/shared/money.js';
import type { UserRepository } from '../identity/ports/user-repository.js';
import type { Mailer } from '../platform/ports.js';
import type { ChatEventPublisher } from '../engagement/index.js';
import type { DomainEvents } from '../shared/domain-events.js';
import type { Clock, IdGenerator, UnitOfWork } from '../shared/ports.js';
import type { AutomationRepository } from './ports/automation-repository.js';
import type { LeadRepository } from './ports/lead-repository.js';
import type { CustomerRecords, PeopleDirectory } from './ports/customers.js';
import { linkLead } from './lead-linking.js';
import { applyPastActivity } from './past-activity.js';
import { leadAssignedMail } from './mail-templates.js';
import { leadView } from './presenters.js';

export type LeadIntakeDeps = {
  leadRepository: LeadRepository;
  automationRepository: AutomationRepository;
  userRepository: UserRepository;
  peopleDirectory: PeopleDirectory;
  customerRecords: CustomerRecords;
  mailer: Mailer;
  domainEvents: DomainEvents;
  chatEvents: ChatEventPublisher;
  ids: IdGenerator;
  clock: Clock;
  uow: UnitOfWork;
};

export interface IntakeInput {
  tenantId: string;
  provider: string;
  externalId: string | null;
  details: LeadDetails;
  /** The campaign, form and ad it came from, when the platform says. */
  source?: LeadSource | undefined;
  status?: LeadStatus;
  value?: Minor | null;
  /** A chosen assignee (manual leads); otherwise the automation rules decide. */
  assignedTo?: string | null;
  /** Who creates it; null for webhooks. */
  actorId: string | null;
  /** When we received it (contract §8: a lead's created_at). */
  receivedAt: Date;
}

/** A user who can be handed leads: exists, not deleted, active. */
export const canReceiveLeads = (u: User | null | undefined): u is User => !!u && !u.deletedAt && u.status === 1;

export const toEvents = (lead: Lead, drafts: LeadEventDraft[], ids: IdGenerator, at: Date): LeadEvent[] =>
  drafts.map((d) => ({ ...d, id: ids.uuid(), tenantId: lead.tenantId, leadId: lead.id, createdAt: at }));

/**
 * Records a new lead, allocates it, alerts its assignee and links it to its person, in one unit of work: the lead, its
 * history, the round-robin turn and the alert mail commit together or not at all, so a job that
 * is redelivered after a crash starts again from nothing. A lead that already exists (same
 * provider and external id) is answered as it is, with no second assignment.
 */
export const makeLeadIntake =
  ({
    leadRepository,
    automationRepository,
    userRepository,
    peopleDirectory,
    customerRecords,
    mailer,
    domainEvents,
    chatEvents,
    ids,
    clock,
    uow,
  }: LeadIntakeDeps) =>
  async (input: IntakeInput): Promise<{ lead: Lead; created: boolean }> =>
    uow.run(async () => {
      const lead = newLead({
        id: ids.uuid(),
        tenantId: input.tenantId,
        provider: input.provider,
        externalId: input.externalId,
        details: input.details,
        source: input.source,
        status: input.status,
        value: input.value ?? null,
        at: input.receivedAt,
      });
      if (!(await leadRepository.insertIfAbsent(lead))) {
        const existing = input.externalId ? await leadRepository.findByExternalId(input.tenantId, input.provider, input.externalId) : null;
        if (!existing) throw new Error('lead insert refused but no existing lead found');
        return { lead: existing, created: false };
      }
      const now = clock.now();
      const drafts: LeadEventDraft[] = [];

      let assignee: User | null = null;
      let reason: AssignmentReason | null = null;
      if (input.assignedTo) {
        assignee = await userRepository.findById(input.tenantId, input.assignedTo);
        reason = 'manual';
      } else {
        const rules = (await automationRepository.get(input.tenantId)) ?? DEFAULT_RULES;
        const users = await userRepository.findManyByIds(input.tenantId, ruleUserIds(rules));
        const byId = new Map(users.filter(canReceiveLeads).map((u) => [u.id, u]));
        const plan = planAllocation(rules, lead, new Set(byId.keys()));
        if (plan.kind === 'pool') {
          const position = await automationRepository.nextPosition(input.tenantId, plan.poolKey);
          assignee = byId.get(memberAt(plan.userIds, position)) ?? null;
          reason = plan.reason;
        } else if (plan.kind === 'user') {
          assignee = byId.get(plan.userId) ?? null;
          reason = plan.reason;
        }
      }
      if (assignee && reason) {
        lead.assignedTo = assignee.id;
        await leadRepository.update(lead);
        drafts.push(assignmentEvent(null, assignee.id, reason, input.actorId));
        await mailer.send(input.tenantId, leadAssignedMail(assignee.email, lead));
      }
      await domainEvents.publish(input.tenantId, 'lead.created', { lead: leadView(lead) });
      if (assignee && reason) await announceAssignment({ domainEvents, chatEvents, uow }, lead, null, reason);
      // The history starts when the lead arrived; the assignment happened when it was processed.
      await leadRepository.addEvents([
        ...toEvents(lead, [createdEvent(lead, input.actorId)], ids, lead.createdAt),
        ...toEvents(lead, drafts, ids, now),
      ]);
      // A person who is already a user of the tenant: the lead knows them from the start, and
      // what they already paid.
      const linked = await linkLead({ leadRepository, peopleDirectory, ids, clock }, lead);
      return {
        lead: await applyPastActivity({ leadRepository, automationRepository, customerRecords, domainEvents, ids, clock }, linked),
        created: true,
      };
    });

export type LeadIntake = ReturnType<typeof makeLeadIntake>;

/**
 * A lead handed to someone: a `lead.assigned` webhook event, and the assignee hears it at once on
 * the event stream (after commit: a rolled-back assignment is never announced).
 */
export async function announceAssignment(
  d: { domainEvents: DomainEvents; chatEvents: ChatEventPublisher; uow: UnitOfWork },
  lead: Lead,
  from: string | null,
  reason: AssignmentReason,
): Promise<void> {
  if (!lead.assignedTo) return;
  const data = { lead: leadView(lead), from_user_id: from, to_user_id: lead.assignedTo, reason };
  await d.domainEvents.publish(lead.tenantId, 'lead.assigned', data);
  const recipient = lead.assignedTo;
  await d.uow.afterCommit(() =>
    d.chatEvents.publish({
      tenantId: lead.tenantId,
      recipientIds: [recipient],
      type: 'lead.assigned',
      data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
    }),
  );
}
