import type { Order, OrderStatus } from '../../../domain/commerce/order.js';
import type { Minor } from '../../../domain/shared/money.js';
import type { Page, PageRequest } from '../../shared/ports.js';

export interface OrderFilter {
  status?: OrderStatus | undefined;
}

export interface OrderRepository {
  insert(order: Order): Promise<void>;
  findById(tenantId: string, id: string): Promise<Order | null>;
  /** Reads and locks the order until the unit of work ends (`SELECT … FOR UPDATE`): payments of one order are applied one at a time. */
  lock(tenantId: string, id: string): Promise<Order | null>;
  update(order: Order): Promise<void>;
  /** The caller's orders, newest first. */
  listByUser(tenantId: string, userId: string, filter: OrderFilter, page: PageRequest): Promise<Page<Order>>;
  /**
   * The tenant of an order id, in any tenant: a gateway notification carries only our order id
   * (contract §7), and order ids are unique uuids.
   */
  tenantOf(orderId: string): Promise<string | null>;
  /** Paid orders with `paid_at` in [from, to): count and total per currency. */
  paidTotals(tenantId: string, from: Date, to: Date): Promise<Array<{ currency: string; count: number; total: Minor }>>;
  countByUser(tenantId: string, userId: string, status: OrderStatus): Promise<number>;
  count(tenantId: string, status: OrderStatus): Promise<number>;
  /**
   * Orders with a line that grants this course: `paid` those paid (or since refunded), `pending`
   * those still awaiting payment.
   */
  countForCourse(tenantId: string, courseId: string): Promise<{ paid: number; pending: number }>;
}
