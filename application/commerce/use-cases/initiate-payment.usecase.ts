import type { Order } from '../../../domain/commerce/order.js';
import type { Minor } from '../../../domain/shared/money.js';
import type { Payment } from '../../../domain/commerce/payment.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import { ownedOrder } from '../owned.js';
import { startPayment, type StartPaymentError } from '../payments.js';

/** `POST /api/paygate/payment/initiate {order_id, payment_method, amount?}`: the order's owner or an Admin (contract §5). */
export const makeInitiatePayment =
  (
    d: Pick<
      CommerceDeps,
      'orderRepository' | 'paymentGateway' | 'paymentRepository' | 'settingsReader' | 'userRepository' | 'clock' | 'ids'
    >,
  ) =>
  async (
    actor: Actor,
    cmd: { orderId: string; paymentMethod: string; amount?: Minor | undefined },
  ): Promise<Result<{ order: Order; payment: Payment }, 'ORDER_NOT_FOUND' | StartPaymentError>> => {
    const order = await ownedOrder(d.orderRepository, actor, cmd.orderId, true);
    if (!order) return err('ORDER_NOT_FOUND');
    const payment = await startPayment(d, order, cmd.paymentMethod, cmd.amount);
    return payment.ok ? ok({ order, payment: payment.value }) : payment;
  };
