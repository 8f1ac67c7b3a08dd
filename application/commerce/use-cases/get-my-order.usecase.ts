import type { Order } from '../../../domain/commerce/order.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import { ownedOrder } from '../owned.js';

/** `GET /api/orders/:id`: the caller's own order only. */
export const makeGetMyOrder =
  (d: Pick<CommerceDeps, 'orderRepository'>) =>
  async (actor: Actor, id: string): Promise<Result<Order, 'ORDER_NOT_FOUND'>> => {
    const order = await ownedOrder(d.orderRepository, actor, id);
    return order ? ok(order) : err('ORDER_NOT_FOUND');
  };
