import { Role } from '../../../domain/identity/role.js';
import type { Order } from '../../../domain/commerce/order.js';
import type { Payment } from '../../../domain/commerce/payment.js';
import type { Subscription } from '../../../domain/commerce/subscription.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';

/**
 * `GET /api/lms/subscription-payments/:id`: the payment status of a subscription (`:id` is the
 * subscription's id): the subscription, its order and the order's newest payment (null before
 * checkout). The owner or an Admin; others 404.
 */
export const makeGetSubscriptionPayment =
  (d: Pick<CommerceDeps, 'subscriptionRepository' | 'orderRepository' | 'paymentRepository'>) =>
  async (
    actor: Actor,
    id: string,
  ): Promise<Result<{ subscription: Subscription; order: Order; payment: Payment | null }, 'SUBSCRIPTION_NOT_FOUND'>> => {
    const subscription = await d.subscriptionRepository.findById(actor.tenantId, id);
    if (!subscription || (subscription.userId !== actor.userId && actor.role < Role.Admin)) return err('SUBSCRIPTION_NOT_FOUND');
    const order = await d.orderRepository.findById(actor.tenantId, subscription.orderId);
    if (!order) return err('SUBSCRIPTION_NOT_FOUND');
    return ok({ subscription, order, payment: await d.paymentRepository.latestOfOrder(actor.tenantId, order.id) });
  };
