import type { Result } from '../shared/result.js';

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
