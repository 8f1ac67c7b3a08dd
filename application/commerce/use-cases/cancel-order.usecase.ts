import { isOrderEditable, type Order } from '../../../domain/commerce/order.js';
import { transitionPayment } from '../../../domain/commerce/payment.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import type { Settlement } from '../settlement.js';

/**
 * `DELETE /api/orders/:id`: a pending order becomes `cancelled` (contract §7) through the state
 * machine, with its pending payments and its pending subscription. A settlement that still
 * arrives for it later pays it (the money was taken).
 */
export const makeCancelOrder =
  (d: Pick<CommerceDeps, 'orderRepository' | 'paymentRepository' | 'clock' | 'uow'> & { settlement: Settlement }) =>
  async (actor: Actor, id: string): Promise<Result<Order, 'ORDER_NOT_FOUND' | 'ORDER_NOT_PENDING'>> => {
    const current = await d.orderRepository.findById(actor.tenantId, id);
    if (!current || current.userId !== actor.userId) return err('ORDER_NOT_FOUND');
    return d.uow.run(async () => {
      const settled = await d.settlement({
        tenantId: actor.tenantId,
        orderId: id,
        outcome: 'cancelled',
        precondition: (o) => (isOrderEditable(o) ? null : { error: 'ORDER_NOT_PENDING', label: 'not_pending' }),
      });
      if (!settled.ok) return err(settled.error === 'ORDER_NOT_FOUND' ? 'ORDER_NOT_FOUND' : 'ORDER_NOT_PENDING');
      const now = d.clock.now();
      for (const p of await d.paymentRepository.pendingOfOrder(actor.tenantId, id))
        await d.paymentRepository.update(transitionPayment(p, 'cancelled', now));
      return ok(settled.value.order);
    });
  };
