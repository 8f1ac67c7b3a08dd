import { computeKpis, type CrmKpis } from '../../../domain/crm/kpi.js';
import type { Actor } from '../../shared/actor.js';
import type { DateRange, LeadRepository } from '../ports/lead-repository.js';

type Deps = { leadRepository: LeadRepository };

/** The contract's KPIs over leads received in the range (no range: all), by one SQL aggregation. */
export const makeGetCrmDashboard = ({ leadRepository }: Deps) =>
  async (actor: Actor, range: DateRange, includeTest = false): Promise<CrmKpis> =>
    computeKpis(await leadRepository.aggregate(actor.tenantId, range, includeTest));
