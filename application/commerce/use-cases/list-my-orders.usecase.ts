import type { Order } from '../../../domain/commerce/order.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { CommerceDeps } from '../deps.js';
import type { OrderFilter } from '../ports/order-repository.js';

/** `GET /api/orders`: the caller's orders, newest first. */
export const makeListMyOrders =
  (d: Pick<CommerceDeps, 'orderRepository'>) =>
  (actor: Actor, filter: OrderFilter, page: PageRequest): Promise<Page<Order>> =>
    d.orderRepository.listByUser(actor.tenantId, actor.userId, filter, page);
