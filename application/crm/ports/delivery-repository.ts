import type { AdProvider } from '../../../domain/crm/lead.js';
import type { Page, PageRequest } from '../../shared/ports.js';

/**
 * One lead notification as an ad platform sent it. `pending` until its job ends: `processed`
 * (the lead was created), `duplicate` (the lead already existed) or `failed` (retries spent;
 * an admin may retry it).
 */
export const DELIVERY_STATUSES = ['pending', 'processed', 'duplicate', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface WebhookDelivery {
  id: string;
  tenantId: string;
  provider: AdProvider;
  /** Meta leadgen id or Google lead_id. */
  externalId: string;
  status: DeliveryStatus;
  /** The request body as received (Google's `google_key` redacted: it is a secret). */
  rawBody: string;
  /** The part of the body this delivery is about (a Meta `change.value`, a Google lead). */
  payload: Record<string, unknown>;
  attempts: number;
  /** Manual retries so far (each gets its own job id). */
  retries: number;
  lastError: string | null;
  leadId: string | null;
  receivedAt: Date;
  processedAt: Date | null;
  updatedAt: Date;
}

export interface DeliveryFilter {
  status?: DeliveryStatus | undefined;
  provider?: AdProvider | undefined;
}

export interface DeliveryRepository {
  insert(delivery: WebhookDelivery): Promise<void>;
  /**
   * A Google delivery, stored in one statement for the tenant whose enabled Google integration's
   * key has this lookup hash (the look-up is the key's proof); that tenant, or null when no
   * integration has it: then nothing is stored.
   */
  insertForGoogleKeyHash(keyHash: string, delivery: Omit<WebhookDelivery, 'tenantId'>): Promise<string | null>;
  findById(tenantId: string, id: string): Promise<WebhookDelivery | null>;
  list(tenantId: string, filter: DeliveryFilter, page: PageRequest): Promise<Page<WebhookDelivery>>;
  /** Counts one try that failed; `final` marks the delivery failed. */
  recordFailure(tenantId: string, id: string, error: string, final: boolean, at: Date): Promise<void>;
  /** Ends a pending delivery (conditional: a finished delivery is left as it is). */
  finish(
    tenantId: string,
    id: string,
    status: 'processed' | 'duplicate' | 'failed',
    leadId: string | null,
    error: string | null,
    at: Date,
  ): Promise<void>;
  /**
   * failed → pending, counting the retry; also a delivery stuck `pending` since before
   * `stuckBefore` (its job lost or ended on an outage); null otherwise.
   */
  requeue(tenantId: string, id: string, at: Date, stuckBefore: Date): Promise<WebhookDelivery | null>;
  countByStatus(tenantId: string, status: DeliveryStatus): Promise<number>;
  /** Deliveries of every tenant still pending since before `updatedBefore` (their job never reached the queue, or was lost). */
  stalePending(updatedBefore: Date, limit: number): Promise<Array<Pick<WebhookDelivery, 'id' | 'tenantId' | 'retries'>>>;
}
