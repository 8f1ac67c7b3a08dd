import { computeKpis, type CrmKpis } from '../../domain/crm/kpi.js';
import { Role } from '../../domain/identity/role.js';
import type { DashboardContributor } from '../platform/ports.js';
import type { DeliveryRepository } from './ports/delivery-repository.js';
import type { LeadRepository } from './ports/lead-repository.js';

type Deps = { leadRepository: LeadRepository; deliveryRepository: DeliveryRepository };

/** The `crm` section (admins): the pipeline's figures and the lead deliveries that failed. */
export interface CrmSection {
  kpis: CrmKpis;
  failedWebhookDeliveries: number;
}

/** Admins see the sales pipeline at a glance on `/api/dashboard/overview`. */
export const makeCrmDashboard = ({ leadRepository, deliveryRepository }: Deps): DashboardContributor<CrmSection> => ({
  section: 'crm',
  async contribute(actor) {
    if (actor.role < Role.Admin) return null;
    const [rows, failed] = await Promise.all([
      leadRepository.aggregate(actor.tenantId, {}, false),
      deliveryRepository.countByStatus(actor.tenantId, 'failed'),
    ]);
    return { kpis: computeKpis(rows), failedWebhookDeliveries: failed };
  },
});
