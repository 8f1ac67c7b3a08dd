import type { OutboundDelivery, WebhookDeliveryStatus, WebhookEndpoint } from '../../domain/webhooks/webhook.js';
import type { Page, PageRequest } from '../shared/ports.js';

export interface WebhookEndpointRepository {
  insert(endpoint: WebhookEndpoint): Promise<void>;
  findById(tenantId: string, id: string): Promise<WebhookEndpoint | null>;
  list(tenantId: string, page: PageRequest): Promise<Page<WebhookEndpoint>>;
  update(endpoint: WebhookEndpoint): Promise<void>;
  /** False when there was no such endpoint; its deliveries go with it. */
  delete(tenantId: string, id: string): Promise<boolean>;
  /** Enabled endpoints of the tenant that take this event type. */
  subscribedTo(tenantId: string, type: string): Promise<WebhookEndpoint[]>;
}

export interface OutboundDeliveryRepository {
  insertMany(deliveries: OutboundDelivery[]): Promise<void>;
  findById(tenantId: string, id: string): Promise<OutboundDelivery | null>;
  /** Newest first. */
  listByEndpoint(
    tenantId: string,
    endpointId: string,
    filter: { status?: WebhookDeliveryStatus | undefined },
    page: PageRequest,
  ): Promise<Page<OutboundDelivery>>;
  /** Records one try of a pending delivery: `delivered` ends it, `final` fails it, else it stays pending. */
  recordAttempt(
    tenantId: string,
    id: string,
    outcome: { statusCode: number | null; error: string | null; delivered: boolean; final: boolean },
    at: Date,
  ): Promise<void>;
  /**
   * delivered or failed → pending with its tries reset, counting the retry; also a delivery stuck
   * `pending` since before `stuckBefore` (its job lost or ended on an outage); null when it is
   * pending and recent (or is not there).
   */
  requeue(tenantId: string, id: string, at: Date, stuckBefore: Date): Promise<OutboundDelivery | null>;
  /** Deliveries of every tenant still pending since before `updatedBefore` (their job never reached the queue, or was lost). */
  stalePending(updatedBefore: Date, limit: number): Promise<Array<Pick<OutboundDelivery, 'id' | 'tenantId' | 'retries'>>>;
}

/** Standard Webhooks signing (`webhook-id`, `webhook-timestamp`, `webhook-signature`). */
export interface WebhookSigner {
  /** A new secret: `whsec_` and base64 of random bytes. */
  newSecret(): string;
  /** The three headers of one try. */
  headers(secret: string, messageId: string, at: Date, body: string): Record<string, string>;
}

/** Sealing of endpoint secrets at rest; `context` binds a sealed value to its row. */
export interface SecretSealer {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

export type TargetRefusal = 'INVALID_URL' | 'UNRESOLVABLE' | 'PRIVATE_ADDRESS';

/**
 * Where webhooks may go: http(s) URLs whose every address is public (no private, loopback,
 * link-local … range) unless the deployment allows private targets.
 */
export interface WebhookTargets {
  check(url: string): Promise<{ ok: true } | { ok: false; reason: TargetRefusal; detail: string }>;
}

export interface WebhookResponse {
  /** null when no answer came (refused target, network error, timeout). */
  statusCode: number | null;
  error: string | null;
}

/** One POST to an endpoint, with the target checked again and pinned to the checked address. */
export interface WebhookTransport {
  post(url: string, headers: Record<string, string>, body: string): Promise<WebhookResponse>;
}

/** The delivery job and its retry policy (docs/webhooks.md: exponential backoff over about a day). */
export const DELIVER_WEBHOOK_JOB = 'webhooks.deliver';
export const RELAY_WEBHOOKS_JOB = 'webhooks.relay';

export interface WebhookRetryPolicy {
  /** Total tries, the first included. */
  attempts: number;
  /** Exponential backoff base: retries after base, 2·base, 4·base … */
  backoffMs: number;
}

export const deliverWebhookJobId = (deliveryId: string, retry: number) =>
  retry === 0 ? `webhook-${deliveryId}` : `webhook-${deliveryId}-retry-${retry}`;
