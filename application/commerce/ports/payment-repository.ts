import type { Payment } from '../../../domain/commerce/payment.js';
import type { PaymentStatus } from '../../../domain/commerce/payment-status.js';
import type { Page, PageRequest } from '../../shared/ports.js';

export interface PaymentFilter {
  status?: PaymentStatus | undefined;
  method?: string | undefined;
  orderId?: string | undefined;
  userId?: string | undefined;
  /** `created_at` in [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
}

/** A gateway notification as received (every one is stored, contract §7 / issue 7). */
export interface PaymentNotification {
  id: string;
  tenantId: string;
  orderId: string;
  provider: string;
  transactionId: string | null;
  transactionStatus: string;
  statusCode: string | null;
  grossAmount: string | null;
  payload: unknown;
  /** What processing did: `applied:<status>`, `no_change`, `amount_mismatch`, `promo_use_unavailable`. */
  outcome: string;
  receivedAt: Date;
}

export interface PaymentRepository {
  insert(payment: Payment): Promise<void>;
  update(payment: Payment): Promise<void>;
  /** By our transaction id or the gateway's. */
  findByTransactionId(tenantId: string, transactionId: string): Promise<Payment | null>;
  /**
   * By our transaction id in any tenant: the sandbox payment page is opened by the payer's
   * browser without a tenant header; the id (a uuid) is the capability.
   */
  findByTransactionIdAnyTenant(transactionId: string): Promise<Payment | null>;
  /** The newest payment of the order. */
  latestOfOrder(tenantId: string, orderId: string): Promise<Payment | null>;
  /** Pending payments of the order, newest first. */
  pendingOfOrder(tenantId: string, orderId: string): Promise<Payment[]>;
  /** Newest first. */
  list(tenantId: string, filter: PaymentFilter, page: PageRequest): Promise<Page<Payment>>;
  insertNotification(n: PaymentNotification): Promise<void>;
  notificationsOfOrder(tenantId: string, orderId: string): Promise<PaymentNotification[]>;
}
