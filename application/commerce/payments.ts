import { fromMinor, type Minor } from '../../domain/shared/money.js';
import type { Order } from '../../domain/commerce/order.js';
import type { Payment } from '../../domain/commerce/payment.js';
import { err, ok, type Result } from '../shared/result.js';
import type { CommerceDeps } from './deps.js';
import { availableMethods } from './payment-methods.js';
import { PaymentGatewayFailure } from './ports/payment-gateway.js';

export type StartPaymentError =
  'ORDER_NOT_PAYABLE' | 'AMOUNT_MISMATCH' | 'PAYMENT_METHOD_UNAVAILABLE' | 'PAYMENT_GATEWAY_ERROR' | 'USER_NOT_FOUND';

type Deps = Pick<CommerceDeps, 'paymentGateway' | 'paymentRepository' | 'settingsReader' | 'userRepository' | 'clock' | 'ids'>;

/**
 * Opens a gateway transaction for a pending order (initiate and subscription checkout). A
 * pending payment of the same method and amount is answered again instead of a second
 * transaction (a double click, a retry after a lost answer).
 */
export async function startPayment(d: Deps, order: Order, methodCode: string, amount?: Minor): Promise<Result<Payment, StartPaymentError>> {
  if (order.status !== 'pending' || !(order.totalAmount > 0n)) return err('ORDER_NOT_PAYABLE', `the order is ${order.status}`);
  if (amount !== undefined && amount !== order.totalAmount)
    return err('AMOUNT_MISMATCH', `amount: the order total is ${fromMinor(order.totalAmount)}`);
  const method = (await availableMethods(d, order.tenantId)).find((m) => m.code === methodCode.trim().toLowerCase());
  if (!method) return err('PAYMENT_METHOD_UNAVAILABLE', `payment_method: ${methodCode} is not offered; see GET /api/lms/payment-methods`);
  const open = (await d.paymentRepository.pendingOfOrder(order.tenantId, order.id)).find(
    (p) => p.provider === d.paymentGateway.provider && p.paymentMethod === method.code && p.amount === order.totalAmount,
  );
  if (open) return ok(open);
  const user = await d.userRepository.findById(order.tenantId, order.userId);
  if (!user || user.deletedAt) return err('USER_NOT_FOUND');
  const transactionId = d.ids.uuid();
  let started: { redirectUrl: string };
  try {
    started = await d.paymentGateway.initiate({
      tenantId: order.tenantId,
      orderId: order.id,
      transactionId,
      amount: order.totalAmount,
      currency: order.currency,
      method,
      customer: { email: user.email, name: user.displayName },
      items: itemDetails(order),
    });
  } catch (error) {
    if (error instanceof PaymentGatewayFailure) return err('PAYMENT_GATEWAY_ERROR', error.message);
    throw error;
  }
  const now = d.clock.now();
  const payment: Payment = {
    id: transactionId,
    tenantId: order.tenantId,
    orderId: order.id,
    userId: order.userId,
    transactionId,
    gatewayTransactionId: null,
    provider: d.paymentGateway.provider,
    paymentMethod: method.code,
    amount: order.totalAmount,
    currency: order.currency,
    status: 'pending',
    redirectUrl: started.redirectUrl,
    reference: null,
    createdAt: now,
    updatedAt: now,
    paidAt: null,
  };
  await d.paymentRepository.insert(payment);
  return ok(payment);
}

/**
 * Line items for the gateway; their sum must equal the amount (Midtrans checks it), so a
 * discount is one negative line.
 */
function itemDetails(order: Order): Array<{ id: string; name: string; price: Minor; quantity: number }> {
  const lines = order.items.map((i, n) =>
    i.quantity > 0 && i.unitPrice * BigInt(i.quantity) === i.amount
      ? { id: `${order.id.slice(0, 8)}-${n + 1}`, name: i.name.slice(0, 50), price: i.unitPrice, quantity: i.quantity }
      : { id: `${order.id.slice(0, 8)}-${n + 1}`, name: i.name.slice(0, 50), price: i.amount, quantity: 1 },
  );
  if (order.discount > 0n)
    lines.push({ id: 'discount', name: `Discount ${order.promoCode ?? ''}`.trim().slice(0, 50), price: -order.discount, quantity: 1 });
  return lines;
}
