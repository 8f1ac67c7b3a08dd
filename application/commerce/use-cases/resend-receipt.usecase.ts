import type { Order } from '../../../domain/commerce/order.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import { ownedOrder } from '../owned.js';
import { buildReceiptMail } from '../receipts.js';

/** `POST /api/orders/:id/resend-receipt`: paid orders only; the same receipt number, the PDF attached. */
export const makeResendReceipt =
  (d: Pick<CommerceDeps, 'orderRepository' | 'paymentRepository' | 'receiptRenderer' | 'userRepository' | 'settingsReader' | 'mailer'>) =>
  async (actor: Actor, id: string): Promise<Result<Order, 'ORDER_NOT_FOUND' | 'ORDER_NOT_PAID'>> => {
    const order = await ownedOrder(d.orderRepository, actor, id);
    if (!order) return err('ORDER_NOT_FOUND');
    if (order.status !== 'paid') return err('ORDER_NOT_PAID');
    const payment =
      (await d.paymentRepository.list(actor.tenantId, { orderId: id, status: 'paid' }, { page: 1, pageSize: 1 })).items[0] ?? null;
    const mail = await buildReceiptMail(d, order, payment);
    if (mail) await d.mailer.send(actor.tenantId, mail);
    return ok(order);
  };
