import type { IdGenerator, Jobs } from '../shared/ports.js';
import type { Result } from '../shared/result.js';
import { INGEST_LEAD_JOB, ingestJobId, type IngestOptions } from './ingest-options.js';
import type { DeliveryRepository, WebhookDelivery } from './ports/delivery-repository.js';

/**
 * A lead notification as a provider's webhook hands it over: the bytes as received (a signature
 * covers them, and the delivery stores them), the parsed body, and the signature header of a
 * provider that signs (Meta); Google proves itself by a key inside the body.
 */
export interface LeadWebhookDelivery {
  rawBody: Uint8Array;
  body: unknown;
  signature?: string | undefined;
}

/** The shape of each provider's receiving use case: one route per provider, the same call. */
export type ReceiveLeadWebhook<E extends string> = (delivery: LeadWebhookDelivery) => Promise<Result<{ accepted: number }, E>>;

/** What a receiving use case learnt of one lead notification: where it goes and what it says. */
export type ReceivedLead = Pick<WebhookDelivery, 'tenantId' | 'provider' | 'externalId' | 'rawBody' | 'payload'>;

/**
 * Keeps one received lead as a pending delivery and enqueues its ingest job, in the caller's unit
 * of work: the delivery row is the outbox, so if the queue is away the delivery relay enqueues it later.
 */
export async function queueLeadDelivery(d: QueueDeps, lead: ReceivedLead, now: Date): Promise<void> {
  await queueDelivery(d, lead, now, async (delivery) => {
    await d.deliveryRepository.insert({ ...delivery, tenantId: lead.tenantId });
    return lead.tenantId;
  });
}

/**
 * A Google lead, queued as `queueLeadDelivery` does for the tenant whose enabled Google integration
 * has the key's lookup hash, found by the delivery's insert itself (one statement); false when no
 * integration has it: nothing is stored or queued.
 */
export function queueGoogleLeadDelivery(d: QueueDeps, keyHash: string, lead: Omit<ReceivedLead, 'tenantId'>, now: Date): Promise<boolean> {
  return queueDelivery(d, lead, now, (delivery) => d.deliveryRepository.insertForGoogleKeyHash(keyHash, delivery));
}

type QueueDeps = { deliveryRepository: DeliveryRepository; jobs: Jobs; ids: IdGenerator; crmIngestOptions: IngestOptions };

/** Stores the pending delivery through `store` (which answers the tenant it went to, or null), then enqueues its job. */
async function queueDelivery(
  d: QueueDeps,
  lead: Omit<ReceivedLead, 'tenantId'>,
  now: Date,
  store: (delivery: Omit<WebhookDelivery, 'tenantId'>) => Promise<string | null>,
): Promise<boolean> {
  const id = d.ids.uuid();
  const tenantId = await store({
    id,
    provider: lead.provider,
    externalId: lead.externalId,
    rawBody: lead.rawBody,
    payload: lead.payload,
    status: 'pending',
    attempts: 0,
    retries: 0,
    lastError: null,
    leadId: null,
    receivedAt: now,
    processedAt: null,
    updatedAt: now,
  });
  if (!tenantId) return false;
  await d.jobs.enqueue(INGEST_LEAD_JOB, { tenantId, deliveryId: id }, { ...d.crmIngestOptions, jobId: ingestJobId(id, 0) });
  return true;
}
