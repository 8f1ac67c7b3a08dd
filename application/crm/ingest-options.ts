/** The lead-ingest job and its retry policy (contract §8: ≥3 retries, the first within 10 s). */
export const INGEST_LEAD_JOB = 'crm.lead-ingest';
export const RELAY_DELIVERIES_JOB = 'crm.delivery-relay';

export interface IngestOptions {
  /** Total tries, the first included. */
  attempts: number;
  /** Exponential backoff base: retries after base, 2·base, 4·base … */
  backoffMs: number;
}

export const ingestJobId = (deliveryId: string, retry: number) =>
  retry === 0 ? `crm-delivery-${deliveryId}` : `crm-delivery-${deliveryId}-retry-${retry}`;
