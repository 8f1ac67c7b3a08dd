import { Role } from '../../../domain/identity/role.js';
import type { Order } from '../../../domain/commerce/order.js';
import type { Payment } from '../../../domain/commerce/payment.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';

/** `GET /api/paygate/payment/check/:transaction_id` (ours or the gateway's): the owner or an Admin; others 404. */
export const makeCheckPayment =
  (d: Pick<CommerceDeps, 'orderRepository' | 'paymentRepository'>) =>
  async (actor: Actor, transactionId: string): Promise<Result<{ payment: Payment; order: Order }, 'PAYMENT_NOT_FOUND'>> => {
    const payment = await d.paymentRepository.findByTransactionId(actor.tenantId, transactionId);
    if (!payment || (payment.userId !== actor.userId && actor.role < Role.Admin)) return err('PAYMENT_NOT_FOUND');
    const order = await d.orderRepository.findById(actor.tenantId, payment.orderId);
    return order ? ok({ payment, order }) : err('PAYMENT_NOT_FOUND');
  };
