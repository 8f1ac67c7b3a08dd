import { coursesOf, endedUnpaid, transitionOrder, type Order } from '../../domain/commerce/order.js';
import { nextStatus } from '../../domain/commerce/payment-status.js';
import type { Payment } from '../../domain/commerce/payment.js';
import type { PaymentOutcome } from '../../domain/commerce/payment-status.js';
import { abandon, activate, refund } from '../../domain/commerce/subscription.js';
import type { OutgoingMail } from '../platform/ports.js';
import { err, ok, type Result } from '../shared/result.js';
import type { CommerceDeps } from './deps.js';
import type { PaymentNotification } from './ports/payment-repository.js';
import { buildReceiptMail } from './receipts.js';

type Deps = Pick<
  CommerceDeps,
  | 'orderRepository'
  | 'paymentRepository'
  | 'subscriptionRepository'
  | 'promoCodeReservations'
  | 'paymentEvents'
  | 'grantEnrollments'
  | 'revokeEnrollments'
  | 'learningAccess'
  | 'receiptRenderer'
  | 'userRepository'
  | 'settingsReader'
  | 'mailer'
  | 'domainEvents'
  | 'clock'
  | 'uow'
  | 'log'
>;

export interface SettleCommand {
  tenantId: string;
  orderId: string;
  outcome: PaymentOutcome;
  /**
   * The payment this outcome is about, given the locked order: a new one to insert (`insert`),
   * an existing one to move with the order (`update`), or none.
   */
  payment?: (order: Order) => Promise<{ payment: Payment; insert: boolean } | null>;
  /** Stored in the same unit of work, whatever processing decides. */
  notification?: Omit<PaymentNotification, 'outcome'>;
  /** Checked on the locked order; a failure stores the notification with this outcome and changes nothing else. */
  precondition?: (order: Order) => { error: SettleError; label: string; detail?: string } | null;
  /** Payment method and transaction printed on the receipt. */
  receiptPayment?: { paymentMethod: string; transactionId: string };
}

export type SettleError =
  'ORDER_NOT_FOUND' | 'AMOUNT_MISMATCH' | 'ORDER_ALREADY_PAID' | 'ORDER_NOT_PAYABLE' | 'ORDER_NOT_PENDING' | 'PROMO_USE_UNAVAILABLE';

export interface Settled {
  order: Order;
  payment: Payment | null;
  changed: boolean;
  becamePaid: boolean;
}

/**
 * The one path by which an order's payment state changes (contract §7): gateway notifications,
 * the sandbox page, offline payments and free orders all come here. Under a lock of the order,
 * the state machine decides; when the order becomes paid, in the same unit of work: the courses
 * are granted or the subscription activated, and the receipt is written to the mail outbox. A
 * discount is settled only while the order holds a use of its promo code: an order that holds
 * none (it ended unpaid and gave it back, or was placed before uses were reserved) takes one
 * now, and if none is left it is not paid (`PROMO_USE_UNAVAILABLE`, the notification stored and
 * logged for a refund). An order ending unpaid gives its use back. Concurrent or replayed outcomes serialise on the lock, and only
 * the transition into `paid` grants, so a paid order grants exactly once.
 */
export const makeSettlement = (d: Deps) => {
  const grantPaid = async (order: Order, now: Date) => {
    const bought = await d.grantEnrollments(order.tenantId, order.userId, coursesOf(order), 'order', null, order.id);
    for (const { courseId, reason } of bought.skipped) d.log.warn('commerce.grant_skipped', { orderId: order.id, courseId, reason });
    if (!order.subscriptionId) return;
    const sub = await d.subscriptionRepository.lock(order.tenantId, order.subscriptionId);
    if (!sub) return;
    const runningEnd = await d.subscriptionRepository.currentEnd(order.tenantId, order.userId, sub.planId, now);
    const active = activate(sub, runningEnd && runningEnd > now ? runningEnd : now, now);
    if (!active) return;
    await d.subscriptionRepository.update(active);
    const courseIds = await d.learningAccess.courseIdsOfCategories(order.tenantId, active.categoryIds);
    const covered = await d.grantEnrollments(order.tenantId, order.userId, courseIds, 'subscription', active.endsAt, active.id);
    for (const { courseId, reason } of covered.skipped)
      d.log.warn('commerce.grant_skipped', { subscriptionId: active.id, courseId, reason });
  };

  return async (cmd: SettleCommand): Promise<Result<Settled, SettleError>> => {
    const now = d.clock.now();
    // The receipt PDF is rendered before the transaction (PGlite has one connection: nothing slow
    // inside), from the order as it will be once paid; it is used only if the order does become paid.
    let receipt: OutgoingMail | null = null;
    let renderedFrom = 0;
    if (cmd.outcome === 'paid') {
      const current = await d.orderRepository.findById(cmd.tenantId, cmd.orderId);
      if (current && current.status !== 'paid' && current.status !== 'refunded') {
        renderedFrom = current.updatedAt.getTime();
        receipt = await buildReceiptMail(d, { ...current, status: 'paid', paidAt: now, updatedAt: now }, cmd.receiptPayment ?? null).catch(
          (error: unknown) => {
            d.log.warn('commerce.receipt_render_failed', { orderId: cmd.orderId, error: String(error) });
            return null;
          },
        );
      }
    }

    return d.uow.run(async (): Promise<Result<Settled, SettleError>> => {
      const order = await d.orderRepository.lock(cmd.tenantId, cmd.orderId);
      if (!order) return err('ORDER_NOT_FOUND');
      const refused = cmd.precondition?.(order) ?? null;
      if (refused) {
        if (cmd.notification) await d.paymentRepository.insertNotification({ ...cmd.notification, outcome: refused.label });
        return err(refused.error, refused.detail);
      }
      // Rendered from an older version of the order (changed meanwhile): render again.
      if (receipt && order.updatedAt.getTime() !== renderedFrom) receipt = null;
      let before = order;
      // Its window is judged when the order was placed: that is when the discount was given.
      if (order.promoCode !== null && !order.promoUseHeld && order.status !== 'paid' && nextStatus(order.status, cmd.outcome) === 'paid') {
        if (!(await d.promoCodeReservations.reserve(order.tenantId, order.promoCode, order.createdAt))) {
          d.log.warn('commerce.promo_use_unavailable', {
            orderId: order.id,
            code: order.promoCode,
            outcome: cmd.outcome,
            payload: cmd.notification?.payload ?? null,
          });
          if (cmd.notification) await d.paymentRepository.insertNotification({ ...cmd.notification, outcome: 'promo_use_unavailable' });
          return err('PROMO_USE_UNAVAILABLE', `promo code ${order.promoCode} has no use left for this order`);
        }
        before = { ...order, promoUseHeld: true };
      }
      const t = transitionOrder(before, cmd.outcome, now);

      let payment: Payment | null = null;
      const target = cmd.payment ? await cmd.payment(t.order) : null;
      if (target) {
        payment = target.payment;
        if (target.insert) await d.paymentRepository.insert(payment);
        else await d.paymentRepository.update(payment);
      }

      let final = t.order;
      if (t.changed && endedUnpaid(final.status) && final.promoUseHeld && final.promoCode !== null) {
        await d.promoCodeReservations.release(order.tenantId, final.promoCode, now);
        final = { ...final, promoUseHeld: false };
      }
      if (t.changed) await d.orderRepository.update(final);
      if (t.becamePaid) {
        await grantPaid(final, now);
        const mail = receipt ?? (await buildReceiptMail(d, final, payment ?? cmd.receiptPayment ?? null));
        if (mail) await d.mailer.send(order.tenantId, mail);
        await d.domainEvents.publish(order.tenantId, 'order.paid', {
          order: final,
          paymentMethod: payment?.paymentMethod ?? cmd.receiptPayment?.paymentMethod ?? null,
        });
        await d.paymentEvents.orderPaid(final);
      } else if (t.changed && final.status === 'refunded') {
        await d.domainEvents.publish(order.tenantId, 'order.refunded', { order: final });
        // Money paid back takes back what it bought, in the same unit of work.
        await d.revokeEnrollments(order.tenantId, 'order', order.id);
        const sub = order.subscriptionId ? await d.subscriptionRepository.lock(order.tenantId, order.subscriptionId) : null;
        const ended = sub ? refund(sub, now) : null;
        if (ended) {
          await d.subscriptionRepository.update(ended);
          await d.revokeEnrollments(order.tenantId, 'subscription', ended.id);
        }
        await d.paymentEvents.orderRefunded(final);
      } else if (t.changed && order.subscriptionId && endedUnpaid(final.status)) {
        const sub = await d.subscriptionRepository.lock(order.tenantId, order.subscriptionId);
        const dropped = sub ? abandon(sub, now) : null;
        if (dropped) await d.subscriptionRepository.update(dropped);
      }
      if (cmd.notification)
        await d.paymentRepository.insertNotification({ ...cmd.notification, outcome: t.changed ? `applied:${final.status}` : 'no_change' });
      return ok({ order: final, payment, changed: t.changed, becamePaid: t.becamePaid });
    });
  };
};

export type Settlement = ReturnType<typeof makeSettlement>;
