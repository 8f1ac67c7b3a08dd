import {
  DEFAULT_RULES,
  ruleUserIds,
  type AllocationMember,
  type AllocationMode,
  type AutomationRules,
} from '../../../domain/crm/allocation.js';
import type { UserRepository } from '../../identity/ports/user-repository.js';
import type { AuditLog } from '../../platform/ports.js';
import type { Clock, UnitOfWork } from '../../shared/ports.js';
import { err, ok } from '../../shared/result.js';
import type { AutomationRepository } from '../ports/automation-repository.js';
import { auditedWrite } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

type Deps = {
  automationRepository: AutomationRepository;
  userRepository: UserRepository;
  auditLog: AuditLog;
  clock: Clock;
  uow: UnitOfWork;
};

export interface AutomationChanges {
  mode?: AllocationMode | undefined;
  members?: AllocationMember[] | undefined;
  fallbackUserId?: string | null | undefined;
  closeOnPayment?: boolean | undefined;
}

export type UpdateAutomationError = 'UNKNOWN_RULE_USER' | 'DUPLICATE_MEMBER';

export type UpdateAutomation = AuditedCommand<[changes: AutomationChanges], AutomationRules, UpdateAutomationError>;

/**
 * Any subset of `{mode, members, fallback_user_id, close_on_payment}` (contract §8, issue 20); `members` replaces the list.
 * Every named user must be a user of the tenant (a deactivated one may stay listed: allocation
 * skips it until it is active again).
 */
export const makeUpdateAutomation =
  ({ automationRepository, userRepository, auditLog, clock, uow }: Deps): UpdateAutomation =>
  async (actor, meta, changes) => {
    const current = (await automationRepository.get(actor.tenantId)) ?? DEFAULT_RULES;
    const rules: AutomationRules = {
      mode: changes.mode ?? current.mode,
      members: changes.members ?? current.members,
      fallbackUserId: changes.fallbackUserId === undefined ? current.fallbackUserId : changes.fallbackUserId,
      closeOnPayment: changes.closeOnPayment ?? current.closeOnPayment,
    };
    const seen = new Set<string>();
    for (const [i, m] of rules.members.entries()) {
      if (seen.has(m.userId)) return err('DUPLICATE_MEMBER', `members.${i}.user_id: listed twice`);
      seen.add(m.userId);
    }
    const known = new Set(
      (await userRepository.findManyByIds(actor.tenantId, ruleUserIds(rules))).filter((u) => !u.deletedAt).map((u) => u.id),
    );
    const unknownAt = rules.members.findIndex((m) => !known.has(m.userId));
    if (unknownAt >= 0) return err('UNKNOWN_RULE_USER', `members.${unknownAt}.user_id: not a user of this tenant`);
    if (rules.fallbackUserId && !known.has(rules.fallbackUserId))
      return err('UNKNOWN_RULE_USER', 'fallback_user_id: not a user of this tenant');
    await auditedWrite({ auditLog, uow }, actor, meta, () => automationRepository.save(actor.tenantId, rules, clock.now()), {
      action: 'crm.automation.update',
      resourceType: 'crm_automation',
      resourceId: null,
      metadata: {
        mode: rules.mode,
        members: rules.members.length,
        active: rules.members.filter((m) => m.active).length,
        close_on_payment: rules.closeOnPayment,
      },
    });
    return ok(rules);
  };
