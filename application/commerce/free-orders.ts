import type { Order } from '../../domain/commerce/order.js';
import type { CommerceDeps } from './deps.js';
import type { Settlement } from './settlement.js';

/**
 * An order whose total is 0 (a 100 % promo code, a free plan) has nothing to charge: it is paid
 * at once through the same settlement as any payment (grants, promo use, receipt), with a
 * zero `manual` payment of method `free` as its record.
 */
export async function payFreeOrder(d: Pick<CommerceDeps, 'ids' | 'clock'> & { settlement: Settlement }, order: Order): Promise<Order> {
  const now = d.clock.now();
  const transactionId = d.ids.uuid();
  const settled = await d.settlement({
    tenantId: order.tenantId,
    orderId: order.id,
    outcome: 'paid',
    receiptPayment: { paymentMethod: 'free', transactionId },
    payment: async (o) => ({
      insert: true,
      payment: {
        id: transactionId,
        tenantId: o.tenantId,
        orderId: o.id,
        userId: o.userId,
        transactionId,
        gatewayTransactionId: null,
        provider: 'manual',
        paymentMethod: 'free',
        amount: 0n,
        currency: o.currency,
        status: 'paid',
        redirectUrl: null,
        reference: null,
        createdAt: now,
        updatedAt: now,
        paidAt: now,
      },
    }),
  });
  return settled.ok ? settled.value.order : order;
}
