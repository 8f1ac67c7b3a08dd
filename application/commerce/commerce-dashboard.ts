import { Role } from '../../domain/identity/role.js';
import type { Minor } from '../../domain/shared/money.js';
import type { DashboardContributor } from '../platform/ports.js';
import type { CommerceDeps } from './deps.js';

/** The `commerce` section: the caller's own figures; admins also the tenant's (`tenant`). */
export interface CommerceSection {
  activeSubscriptions: number;
  pendingOrders: number;
  tenant?: {
    /** Paid this month, per currency. */
    month: Array<{ currency: string; count: number; total: Minor }>;
    paidOrders: number;
    pendingOrders: number;
  };
}

/**
 * The `commerce` section of `GET /api/dashboard/overview`: students (and parents, mentors) see
 * their active subscriptions and pending orders; admins the tenant's revenue this month (per
 * currency, UTC month) and paid orders.
 */
export const makeCommerceDashboard = (
  d: Pick<CommerceDeps, 'orderRepository' | 'subscriptionRepository' | 'clock'>,
): DashboardContributor<CommerceSection> => ({
  section: 'commerce',
  async contribute(actor) {
    const now = d.clock.now();
    const [activeSubscriptions, pendingOrders] = await Promise.all([
      d.subscriptionRepository.countActive(actor.tenantId, actor.userId, now),
      d.orderRepository.countByUser(actor.tenantId, actor.userId, 'pending'),
    ]);
    const own = { activeSubscriptions, pendingOrders };
    if (actor.role < Role.Admin) return own;
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const [month, paid, pending] = await Promise.all([
      d.orderRepository.paidTotals(actor.tenantId, monthStart, nextMonth),
      d.orderRepository.count(actor.tenantId, 'paid'),
      d.orderRepository.count(actor.tenantId, 'pending'),
    ]);
    return { ...own, tenant: { month, paidOrders: paid, pendingOrders: pending } };
  },
});
