import { fromMinor, type Minor } from '../../../domain/shared/money.js';
import type { Order } from '../../../domain/commerce/order.js';
import type { Payment } from '../../../domain/commerce/payment.js';
import type { AuditLog } from '../../platform/ports.js';
import { err, ok } from '../../shared/result.js';
import type { CommerceDeps } from '../deps.js';
import type { Settlement } from '../settlement.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export interface OfflinePayment {
  orderId: string;
  amount: Minor;
  paymentMethod: string;
  reference?: string | null | undefined;
}

/**
 * `POST /api/lms/admin/payments {order_id, amount, payment_method, reference}` (contract §7): an
 * offline payment (cash, transfer checked by hand) recorded as a `manual` payment that pays the
 * order through the same state machine and settlement as a gateway's. The amount must be the
 * order total; a paid or refunded order is refused and nothing is recorded.
 */
export const makeRecordOfflinePayment =
  (
    d: Pick<CommerceDeps, 'clock' | 'ids' | 'uow'> & { settlement: Settlement; auditLog: AuditLog },
  ): AuditedCommand<
    [cmd: OfflinePayment],
    { order: Order; payment: Payment },
    'ORDER_NOT_FOUND' | 'AMOUNT_MISMATCH' | 'ORDER_ALREADY_PAID' | 'ORDER_NOT_PAYABLE' | 'PROMO_USE_UNAVAILABLE'
  > =>
  async (actor, meta, cmd) => {
    const now = d.clock.now();
    const id = d.ids.uuid();
    return d.uow.run(async () => {
      const settled = await d.settlement({
        tenantId: actor.tenantId,
        orderId: cmd.orderId,
        outcome: 'paid',
        receiptPayment: { paymentMethod: cmd.paymentMethod, transactionId: id },
        precondition: (o) => {
          if (o.status === 'paid') return { error: 'ORDER_ALREADY_PAID', label: 'already_paid' };
          if (o.status === 'refunded') return { error: 'ORDER_NOT_PAYABLE', label: 'refunded', detail: 'the order was refunded' };
          if (cmd.amount !== o.totalAmount)
            return { error: 'AMOUNT_MISMATCH', label: 'amount_mismatch', detail: `amount: the order total is ${fromMinor(o.totalAmount)}` };
          return null;
        },
        payment: async (o) => ({
          insert: true,
          payment: {
            id,
            tenantId: o.tenantId,
            orderId: o.id,
            userId: o.userId,
            transactionId: id,
            gatewayTransactionId: null,
            provider: 'manual',
            paymentMethod: cmd.paymentMethod,
            amount: cmd.amount,
            currency: o.currency,
            status: 'paid',
            redirectUrl: null,
            reference: cmd.reference ?? null,
            createdAt: now,
            updatedAt: now,
            paidAt: now,
          },
        }),
      });
      if (!settled.ok) return err(settled.error === 'ORDER_NOT_PENDING' ? 'ORDER_NOT_PAYABLE' : settled.error, settled.detail);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'payment.recorded',
        resourceType: 'order',
        resourceId: cmd.orderId,
        metadata: { payment_id: id, amount: fromMinor(cmd.amount), payment_method: cmd.paymentMethod, reference: cmd.reference ?? null },
      });
      return ok({ order: settled.value.order, payment: settled.value.payment! });
    });
  };
