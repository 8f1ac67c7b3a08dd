import { formatMinor } from '../../../domain/shared/money.js';
import type { Order } from '../../../domain/commerce/order.js';
import type { Payment } from '../../../domain/commerce/payment.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import type { GatewayNotification, NotificationError, makeReceivePaymentNotification } from './receive-payment-notification.usecase.js';

export const SANDBOX_RESULTS = ['success', 'failure', 'expire'] as const;
export type SandboxResult = (typeof SANDBOX_RESULTS)[number];

/** Midtrans payment_type of each sandbox method, so the notification looks like a real one. */
const PAYMENT_TYPES: Record<string, string> = { bank_transfer: 'bank_transfer', ewallet: 'gopay', card: 'credit_card', qris: 'qris' };

const STATUS: Record<SandboxResult, { statusCode: string; transactionStatus: string; message: string }> = {
  success: { statusCode: '200', transactionStatus: 'settlement', message: 'Success, transaction is found' },
  failure: { statusCode: '202', transactionStatus: 'deny', message: 'Deny by Bank [SANDBOX] with code [05] and message [Do not honour]' },
  expire: { statusCode: '407', transactionStatus: 'expire', message: 'Success, transaction is expired' },
};

type Deps = Pick<CommerceDeps, 'paymentRepository' | 'orderRepository' | 'paymentGateway' | 'notificationSigner' | 'clock'> & {
  receivePaymentNotification: ReturnType<typeof makeReceivePaymentNotification>;
};

/**
 * A sandbox payment the sandbox may still settle: only while the sandbox is the configured gateway
 * (after a switch to midtrans, an old sandbox payment's id must not pay its order for free).
 */
const sandboxPayment = async (
  d: Pick<CommerceDeps, 'paymentRepository' | 'paymentGateway'>,
  transactionId: string,
): Promise<Payment | null> => {
  if (d.paymentGateway.provider !== 'sandbox') return null;
  const payment = await d.paymentRepository.findByTransactionIdAnyTenant(transactionId);
  return payment && payment.provider === 'sandbox' ? payment : null;
};

/** The sandbox payment page's data: the payment (by its transaction id, any tenant: the id is the capability) and its order. */
export const makeGetSandboxPayment =
  (d: Pick<CommerceDeps, 'paymentRepository' | 'orderRepository' | 'paymentGateway'>) =>
  async (transactionId: string): Promise<Result<{ payment: Payment; order: Order }, 'PAYMENT_NOT_FOUND'>> => {
    const payment = await sandboxPayment(d, transactionId);
    if (!payment) return err('PAYMENT_NOT_FOUND');
    const order = await d.orderRepository.findById(payment.tenantId, payment.orderId);
    return order ? ok({ payment, order }) : err('PAYMENT_NOT_FOUND');
  };

/**
 * The payer's choice on the sandbox page: builds the notification a real gateway would send —
 * Midtrans format, signed with the server key — and hands it to the webhook's own use case.
 */
export const makeCompleteSandboxPayment =
  (d: Deps) =>
  async (
    transactionId: string,
    result: SandboxResult,
  ): Promise<Result<{ order: Order; payment: Payment | null }, 'PAYMENT_NOT_FOUND' | NotificationError>> => {
    const payment = await sandboxPayment(d, transactionId);
    if (!payment) return err('PAYMENT_NOT_FOUND');
    const s = STATUS[result];
    const grossAmount = formatMinor(payment.amount);
    const signatureKey = d.notificationSigner.sign(payment.orderId, s.statusCode, grossAmount);
    const paymentType = PAYMENT_TYPES[payment.paymentMethod] ?? payment.paymentMethod;
    const body = {
      transaction_time: d.clock.now().toISOString().replace('T', ' ').slice(0, 19),
      transaction_status: s.transactionStatus,
      transaction_id: payment.transactionId,
      status_message: s.message,
      status_code: s.statusCode,
      signature_key: signatureKey,
      payment_type: paymentType,
      order_id: payment.orderId,
      merchant_id: 'SANDBOX',
      gross_amount: grossAmount,
      fraud_status: 'accept',
      currency: payment.currency,
    };
    const n: GatewayNotification = {
      orderId: body.order_id,
      statusCode: body.status_code,
      grossAmount: body.gross_amount,
      signatureKey,
      transactionStatus: body.transaction_status,
      fraudStatus: body.fraud_status,
      transactionId: body.transaction_id,
      paymentType,
    };
    const received = await d.receivePaymentNotification(n, body);
    return received.ok ? ok(received.value) : received;
  };
