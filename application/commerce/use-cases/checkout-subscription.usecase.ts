import type { Payment } from '../../../domain/commerce/payment.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import { availableMethods } from '../payment-methods.js';
import { startPayment, type StartPaymentError } from '../payments.js';
import { subscribe, type PlacedSubscription, type SubscribeDeps, type SubscribeError } from '../subscription-orders.js';

type Deps = SubscribeDeps & Pick<CommerceDeps, 'paymentRepository' | 'paymentGateway'>;

/**
 * `POST /api/lms/subscription-checkout {plan_id, payment_method, promo_code?}`: the subscription,
 * its order and the gateway transaction in one call, answering `{order, payment, subscription}`
 * with the payer's `redirect_url`. The method is checked before anything is written; if the
 * gateway then fails (502), the order stays pending and can be paid through `initiate`. A free
 * order (a 100 % promo code) has nothing to charge: it is paid at once, as by `POST
 * /api/lms/subscriptions`, and answered with its `free` payment; refusing it instead left a pending
 * order nobody could pay holding one of the code's uses (issue 26).
 */
export const makeCheckoutSubscription =
  (d: Deps) =>
  async (
    actor: Actor,
    cmd: { planId: string; paymentMethod: string; promoCode?: string | null | undefined },
  ): Promise<Result<PlacedSubscription & { payment: Payment }, SubscribeError | StartPaymentError>> => {
    if (!(await availableMethods(d, actor.tenantId)).some((m) => m.code === cmd.paymentMethod.trim().toLowerCase())) {
      return err('PAYMENT_METHOD_UNAVAILABLE', `payment_method: ${cmd.paymentMethod} is not offered; see GET /api/lms/payment-methods`);
    }
    const placed = await subscribe(d, actor, cmd.planId, cmd.promoCode);
    if (!placed.ok) return placed;
    const { order } = placed.value;
    if (order.totalAmount === 0n) {
      const free = order.status === 'paid' ? await d.paymentRepository.latestOfOrder(actor.tenantId, order.id) : null;
      if (!free) return err('ORDER_NOT_PAYABLE', `the order is ${order.status}`);
      return ok({ ...placed.value, payment: free });
    }
    const payment = await startPayment(d, order, cmd.paymentMethod);
    if (!payment.ok) return payment;
    return ok({ ...placed.value, payment: payment.value });
  };
