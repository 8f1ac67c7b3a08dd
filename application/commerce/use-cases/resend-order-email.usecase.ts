import type { Order } from '../../../domain/commerce/order.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import { sendOrderConfirmation } from '../order-mail.js';
import { ownedOrder } from '../owned.js';

/** `POST /api/orders/:id/resend-email`: the order confirmation again, with the order's current status. */
export const makeResendOrderEmail =
  (d: Pick<CommerceDeps, 'orderRepository' | 'userRepository' | 'settingsReader' | 'mailer'>) =>
  async (actor: Actor, id: string): Promise<Result<Order, 'ORDER_NOT_FOUND'>> => {
    const order = await ownedOrder(d.orderRepository, actor, id);
    if (!order) return err('ORDER_NOT_FOUND');
    await sendOrderConfirmation(d, order);
    return ok(order);
  };
