import { isDocumentedStatusCode } from '../../../domain/commerce/notification-status.js';
import { fromMinor, minorOf } from '../../../domain/shared/money.js';
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
  /** Fields the edge found malformed (`gross_amount: …`); judged only once the signature holds. */
  malformed?: readonly string[];
}

export type NotificationError =
  'INVALID_SIGNATURE' | 'INVALID_NOTIFICATION' | 'ORDER_NOT_FOUND' | 'AMOUNT_MISMATCH' | 'PROMO_USE_UNAVAILABLE';

/** The notification as received, for the log: the signature is left out (it proves, it informs no one). */
const loggable = (payload: unknown): unknown => {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const { signature_key: _signature, ...rest } = payload as Record<string, unknown>;
  return rest;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Deps = Pick<
  CommerceDeps,
  'orderRepository' | 'paymentRepository' | 'paymentGateway' | 'notificationSigner' | 'clock' | 'ids' | 'log'
> & { settlement: Settlement };

/**
 * `POST /api/paygate/webhook` (public): the signature is checked first, in constant time; a bad
 * one changes nothing (403). Only payments of the configured gateway are settled: a notification
 * naming another provider's payment is refused (400, nothing changes). A signed notification is
 * then parsed strictly (400, nothing changes, the notification logged): `gross_amount` a plain
 * decimal, a `status_code` Midtrans documents for its `transaction_status`. Then, under the
 * order's lock: the amount must equal the order total (else refused, 400), the state machine
 * applies the outcome, and the notification is stored with what processing did, all in one unit
 * of work. Replays and concurrent duplicates serialise on the lock and find nothing left to do.
 */
export const makeReceivePaymentNotification =
  (d: Deps) =>
  async (
    n: GatewayNotification,
    payload: unknown,
  ): Promise<Result<{ order: Order; payment: Payment | null; changed: boolean }, NotificationError>> => {
    if (!d.notificationSigner.verify(n.orderId, n.statusCode, n.grossAmount, n.signatureKey)) return err('INVALID_SIGNATURE');
    const outcome = outcomeOfNotification(n.transactionStatus, n.fraudStatus);
    const problems = [...(n.malformed ?? [])];
    if (!outcome || !isDocumentedStatusCode(n.transactionStatus, n.statusCode)) {
      problems.push(`status_code: ${n.statusCode} is not a status code of transaction_status ${n.transactionStatus}`);
    }
    if (!outcome || problems.length > 0) {
      d.log.warn('commerce.notification_refused', { orderId: n.orderId, problems, notification: loggable(payload) });
      return err('INVALID_NOTIFICATION', problems.join('; '));
    }
    const tenantId = UUID.test(n.orderId) ? await d.orderRepository.tenantOf(n.orderId) : null;
    if (!tenantId) {
      d.log.warn('commerce.notification_unknown_order', { orderId: n.orderId });
      return err('ORDER_NOT_FOUND');
    }
    // A payment opened through another gateway (the sandbox, before the switch to midtrans) is
    // never settled by this one: its rows stay as they are, whatever a signed body claims.
    const named = n.transactionId ? await d.paymentRepository.findByTransactionId(tenantId, n.transactionId) : null;
    if (named && named.provider !== d.paymentGateway.provider) {
      d.log.warn('commerce.notification_refused', {
        orderId: n.orderId,
        problems: [`transaction_id: a ${named.provider} payment`],
        notification: loggable(payload),
      });
      return err(
        'INVALID_NOTIFICATION',
        `transaction_id: a ${named.provider} payment; this server settles ${d.paymentGateway.provider} payments only`,
      );
    }
    const now = d.clock.now();
    const notification = {
      id: d.ids.uuid(),
      tenantId,
      orderId: n.orderId,
      provider: d.paymentGateway.provider,
      transactionId: n.transactionId,
      transactionStatus: n.transactionStatus,
      statusCode: n.statusCode,
      grossAmount: n.grossAmount,
      payload,
      receivedAt: now,
    };
    // The gateway's decimal text ("150000.00"), read exactly; null when it is no amount.
    const gross = minorOf(n.grossAmount);

    const paymentOf = async (order: Order): Promise<{ payment: Payment; insert: boolean } | null> => {
      const byId = n.transactionId ? await d.paymentRepository.findByTransactionId(tenantId, n.transactionId) : null;
      // A payment named by the notification is the configured provider's (checked above).
      const known =
        byId && byId.orderId === order.id
          ? byId
          : ((await d.paymentRepository.pendingOfOrder(tenantId, order.id)).find((p) => p.provider === d.paymentGateway.provider) ?? null);
      if (known) {
        const gatewayTransactionId =
          known.gatewayTransactionId ?? (n.transactionId && n.transactionId !== known.transactionId ? n.transactionId : null);
        return { payment: transitionPayment({ ...known, gatewayTransactionId }, outcome, now), insert: false };
      }
      // A transaction we did not open here (opened on the gateway's side): recorded as it is.
      const id = d.ids.uuid();
      const fresh: Payment = {
        id,
        tenantId,
        orderId: order.id,
        userId: order.userId,
        transactionId: id,
        gatewayTransactionId: n.transactionId,
        provider: d.paymentGateway.provider,
        paymentMethod: n.paymentType ?? 'unknown',
        amount: gross ?? 0n,
        currency: order.currency,
        status: 'pending',
        redirectUrl: null,
        reference: null,
        createdAt: now,
        updatedAt: now,
        paidAt: null,
      };
      return { payment: transitionPayment(fresh, outcome, now), insert: true };
    };

    const settled = await d.settlement({
      tenantId,
      orderId: n.orderId,
      outcome,
      notification,
      receiptPayment: { paymentMethod: n.paymentType ?? 'gateway', transactionId: n.transactionId ?? n.orderId },
      precondition: (order) =>
        gross === null || gross !== order.totalAmount
          ? {
              error: 'AMOUNT_MISMATCH',
              label: 'amount_mismatch',
              detail: `gross_amount: ${n.grossAmount} is not the order total ${fromMinor(order.totalAmount)}`,
            }
          : null,
      payment: paymentOf,
    });
    if (!settled.ok && settled.error === 'AMOUNT_MISMATCH')
      d.log.warn('commerce.notification_refused', { orderId: n.orderId, problems: [settled.detail], notification: loggable(payload) });
    if (!settled.ok)
      return err(
        settled.error === 'AMOUNT_MISMATCH' || settled.error === 'PROMO_USE_UNAVAILABLE' ? settled.error : 'ORDER_NOT_FOUND',
        settled.detail,
      );
    return ok({ order: settled.value.order, payment: settled.value.payment, changed: settled.value.changed });
  };
