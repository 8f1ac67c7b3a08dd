import { Role } from '../../domain/identity/role.js';
import type { Order } from '../../domain/commerce/order.js';
import type { Actor } from '../shared/actor.js';
import type { OrderRepository } from './ports/order-repository.js';

/** The caller's order; another user's (or tenant's) is not found (contract §2). Admins see any when `admin` is set (paygate, contract §5). */
export async function ownedOrder(orders: OrderRepository, actor: Actor, orderId: string, admin = false): Promise<Order | null> {
  const order = await orders.findById(actor.tenantId, orderId);
  if (!order) return null;
  return order.userId === actor.userId || (admin && actor.role >= Role.Admin) ? order : null;
}
