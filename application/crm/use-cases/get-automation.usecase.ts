import { DEFAULT_RULES, type AutomationRules } from '../../../domain/crm/allocation.js';
import type { Actor } from '../../shared/actor.js';
import type { AutomationRepository } from '../ports/automation-repository.js';

type Deps = { automationRepository: AutomationRepository };

export const makeGetAutomation =
  ({ automationRepository }: Deps) =>
  async (actor: Actor): Promise<AutomationRules> =>
    (await automationRepository.get(actor.tenantId)) ?? structuredClone(DEFAULT_RULES);
