import { fromMinor, minorOf, toMinor } from '../../../domain/shared/money.js';
import { outcomeOfNotification } from '../../../domain/commerce/payment-status.js';
import { transitionPayment, type Payment } from '../../../domain/commerce/payment.js';
import type { Order } from '../../../domain/commerce/order.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import type { Settlement } from '../settlement.js';

/** A payment notification in the Midtrans HTTP notification format (contract §7), fields as sent. */
export interface GatewayNotification {
  orderId: string;
  statusCode: string;
  grossAmount: string;
  signatureKey: string;
  transactionStatus: string;
  fraudStatus: string | null;
  transactionId: string | null;
  paymentType: string | null;
}

export type NotificationError = 'INVALID_SIGNATURE' | 'ORDER_NOT_FOUND' | 'AMOUNT_MISMATCH' | 'PROMO_USE_UNAVAILABLE';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Deps = Pick<CommerceDeps, 'orderRepository' | 'paymentRepository' | 'paymentGateway' | 'notificationSigner' | 'clock' | 'ids' | 'log'> & { settlement: Settlement };

/**
 * `POST /api/paygate/webhook` (public): the signature is checked first, in constant time; a bad
 * one changes nothing (403). Then, under the order's lock: the amount must equal the order
 * total (else refused, 400), the state machine applies the outcome, and the notification is
 * stored with what processing did, all in one unit of work. Replays and concurrent duplicates
 * serialise on the lock and find nothing left to do.
 */
export const makeReceivePaymentNotification = (d: Deps) =>
  async (n: GatewayNotification, payload: unknown): Promise<Result<{ order: Order; payment: Payment | null; changed: boolean }, NotificationError>> => {
    if (!d.notificationSigner.verify(n.orderId, n.statusCode, n.grossAmount, n.signatureKey)) return err('INVALID_SIGNATURE');
    const tenantId = UUID.test(n.orderId) ? await d.orderRepository.tenantOf(n.orderId) : null;
    if (!tenantId) {
      d.log.warn('commerce.notification_unknown_order', { orderId: n.orderId });
      return err('ORDER_NOT_FOUND');
    }
    const now = d.clock.now();
    const notification = {
      id: d.ids.uuid(), tenantId, orderId: n.orderId, provider: d.paymentGateway.provider, transactionId: n.transactionId, transactionStatus: n.transactionStatus,
      statusCode: n.statusCode, grossAmount: n.grossAmount, payload, receivedAt: now,
    };
    const outcome = outcomeOfNotification(n.transactionStatus, n.fraudStatus);
    // The gateway's decimal text ("150000.00"), read exactly; null when it is no amount.
    const gross = minorOf(n.grossAmount);

    const paymentOf = async (order: Order): Promise<{ payment: Payment; insert: boolean } | null> => {
      if (!outcome) return null;
      const byId = n.transactionId ? await d.paymentRepository.findByTransactionId(tenantId, n.transactionId) : null;
      const known = byId && byId.orderId === order.id ? byId : (await d.paymentRepository.pendingOfOrder(tenantId, order.id))[0] ?? null;
      if (known) {
        const gatewayTransactionId = known.gatewayTransactionId ?? (n.transactionId && n.transactionId !== known.transactionId ? n.transactionId : null);
        return { payment: transitionPayment({ ...known, gatewayTransactionId }, outcome, now), insert: false };
      }
      // A transaction we did not open here (opened on the gateway's side): recorded as it is.
      const id = d.ids.uuid();
      const fresh: Payment = {
        id, tenantId, orderId: order.id, userId: order.userId, transactionId: id, gatewayTransactionId: n.transactionId, provider: d.paymentGateway.provider,
        paymentMethod: n.paymentType ?? 'unknown', amount: fromMinor(gross ?? 0n), currency: order.currency, status: 'pending', redirectUrl: null, reference: null,
        createdAt: now, updatedAt: now, paidAt: null,
      };
      return { payment: transitionPayment(fresh, outcome, now), insert: true };
    };

    const settled = await d.settlement({
      tenantId,
      orderId: n.orderId,
      // An unknown status is stored and changes nothing ('pending' is a no-op for every state).
      outcome: outcome ?? 'pending',
      notification,
      ...(outcome ? {} : { unchangedLabel: 'unknown_status' }),
      receiptPayment: { paymentMethod: n.paymentType ?? 'gateway', transactionId: n.transactionId ?? n.orderId },
      precondition: (order) => (gross === null || gross !== toMinor(order.totalAmount)
        ? { error: 'AMOUNT_MISMATCH', label: 'amount_mismatch', detail: `gross_amount: ${n.grossAmount} is not the order total ${order.totalAmount}` }
        : null),
      payment: paymentOf,
    });
    if (!settled.ok) return err(settled.error === 'AMOUNT_MISMATCH' || settled.error === 'PROMO_USE_UNAVAILABLE' ? settled.error : 'ORDER_NOT_FOUND', settled.detail);
    return ok({ order: settled.value.order, payment: settled.value.payment, changed: settled.value.changed });
  };
