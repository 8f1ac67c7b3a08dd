import type { Payment } from '../../../domain/commerce/payment.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { CommerceDeps } from '../deps.js';
import type { PaymentFilter } from '../ports/payment-repository.js';

/** `GET /api/lms/admin/payments?status&method&from&to&order_id&user_id` (Admin), newest first. */
export const makeListPayments =
  (d: Pick<CommerceDeps, 'paymentRepository'>) =>
  (actor: Actor, filter: PaymentFilter, page: PageRequest): Promise<Page<Payment>> =>
    d.paymentRepository.list(actor.tenantId, filter, page);
