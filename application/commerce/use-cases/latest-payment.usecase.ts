import type { Order } from '../../../domain/commerce/order.js';
import type { Payment } from '../../../domain/commerce/payment.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import { ownedOrder } from '../owned.js';

/** `GET /api/paygate/payment/latest/:order_id`: the order's newest payment; the owner or an Admin; others 404. */
export const makeLatestPayment =
  (d: Pick<CommerceDeps, 'orderRepository' | 'paymentRepository'>) =>
  async (actor: Actor, orderId: string): Promise<Result<{ payment: Payment; order: Order }, 'ORDER_NOT_FOUND' | 'PAYMENT_NOT_FOUND'>> => {
    const order = await ownedOrder(d.orderRepository, actor, orderId, true);
    if (!order) return err('ORDER_NOT_FOUND');
    const payment = await d.paymentRepository.latestOfOrder(actor.tenantId, orderId);
    return payment ? ok({ payment, order }) : err('PAYMENT_NOT_FOUND');
  };
