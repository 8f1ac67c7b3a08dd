import { computeKpis } from '../../domain/crm/kpi.js';
import { Role } from '../../domain/identity/role.js';
import type { DashboardContributor } from '../platform/ports.js';
import type { DeliveryRepository } from './ports/delivery-repository.js';
import type { LeadRepository } from './ports/lead-repository.js';

type Deps = { leadRepository: LeadRepository; deliveryRepository: DeliveryRepository };

/** Admins see the sales pipeline at a glance on `/api/dashboard/overview`. */
export const makeCrmDashboard = ({ leadRepository, deliveryRepository }: Deps): DashboardContributor => ({
  section: 'crm',
  async contribute(actor) {
    if (actor.role < Role.Admin) return null;
    const [rows, failed] = await Promise.all([
      leadRepository.aggregate(actor.tenantId, {}, false),
      deliveryRepository.countByStatus(actor.tenantId, 'failed'),
    ]);
    const k = computeKpis(rows);
    return {
      total_leads: k.totalLeads,
      total_active_leads: k.totalActiveLeads,
      conversion_rate: k.conversionRate,
      leads_by_status: k.leadsByStatus,
      failed_webhook_deliveries: failed,
    };
  },
});
