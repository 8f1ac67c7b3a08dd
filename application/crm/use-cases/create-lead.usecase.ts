import type { LeadDetails, LeadStatus } from '../../../domain/crm/lead.js';
import type { Minor } from '../../../domain/shared/money.js';
import type { AuditLog } from '../../platform/ports.js';
import type { UserRepository } from '../../identity/ports/user-repository.js';
import type { Clock, UnitOfWork } from '../../shared/ports.js';
import { err, ok } from '../../shared/result.js';
import { canReceiveLeads, type LeadIntake } from '../lead-intake.js';
import type { LeadRepository } from '../ports/lead-repository.js';
import type { PhoneNumbers } from '../ports/security.js';
import type { LeadWithHistory } from './get-lead.usecase.js';
import { personOf, type LeadPersonDeps } from '../lead-person.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

type Deps = LeadPersonDeps & {
  leadIntake: LeadIntake;
  leadRepository: LeadRepository;
  userRepository: UserRepository;
  phoneNumbers: PhoneNumbers;
  auditLog: AuditLog;
  clock: Clock;
  uow: UnitOfWork;
};

export interface CreateLeadInput {
  provider: string;
  externalId: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  city: string | null;
  region: string | null;
  category: string | null;
  answers: LeadDetails['answers'];
  status: LeadStatus;
  value: Minor | null;
  assignedTo: string | null;
  isTest: boolean;
  campaignId?: string | null | undefined;
  formId?: string | null | undefined;
  adId?: string | null | undefined;
}

export type CreateLeadError = 'INVALID_PHONE' | 'ASSIGNEE_NOT_FOUND';

export type CreateLead = AuditedCommand<[input: CreateLeadInput], LeadWithHistory & { created: boolean }, CreateLeadError>;

/**
 * A lead from another source (walk-in, phone call, import). Same path as webhook leads:
 * allocation unless an assignee is given, history, alert. With an `external_id` the call is
 * idempotent: the same `(provider, external_id)` answers the existing lead.
 */
export const makeCreateLead =
  ({
    leadIntake,
    leadRepository,
    userRepository,
    phoneNumbers,
    auditLog,
    clock,
    uow,
    peopleDirectory,
    customerRecords,
  }: Deps): CreateLead =>
  async (actor, meta, input) => {
    const phone = input.phone ? phoneNumbers.toE164(input.phone) : null;
    if (input.phone && !phone) return err('INVALID_PHONE', 'phone: not a phone number');
    if (input.assignedTo && !canReceiveLeads(await userRepository.findById(actor.tenantId, input.assignedTo)))
      return err('ASSIGNEE_NOT_FOUND', 'assigned_to: no active user with this id');
    return uow.run(async () => {
      const { lead, created } = await leadIntake({
        tenantId: actor.tenantId,
        provider: input.provider,
        externalId: input.externalId,
        details: {
          name: input.name,
          phone,
          email: input.email,
          city: input.city,
          region: input.region,
          category: input.category,
          answers: input.answers,
          isTest: input.isTest,
        },
        source: { campaignId: input.campaignId ?? null, formId: input.formId ?? null, adId: input.adId ?? null },
        status: input.status,
        value: input.value,
        assignedTo: input.assignedTo,
        actorId: actor.userId,
        receivedAt: clock.now(),
      });
      if (created) {
        await recordAudit(auditLog, actor, meta, {
          action: 'crm.lead.create',
          resourceType: 'crm_lead',
          resourceId: lead.id,
          metadata: { provider: lead.provider },
        });
      }
      return ok({
        lead,
        history: await leadRepository.events(actor.tenantId, lead.id),
        person: await personOf({ peopleDirectory, customerRecords }, lead),
        created,
      });
    });
  };
