import type { Clock, IdGenerator, Jobs, UnitOfWork } from '../../shared/ports.js';
import { err, ok } from '../../shared/result.js';
import { GOOGLE_KEY_PURPOSE, tooShortForWebhook } from '../integrations.js';
import type { IngestOptions } from '../ingest-options.js';
import { queueGoogleLeadDelivery, type ReceiveLeadWebhook } from '../lead-webhook.js';
import type { DeliveryRepository } from '../ports/delivery-repository.js';
import type { IntegrationRepository } from '../ports/integration-repository.js';
import type { SecretBox } from '../ports/security.js';

type Deps = {
  integrationRepository: IntegrationRepository;
  deliveryRepository: DeliveryRepository;
  secretBox: SecretBox;
  jobs: Jobs;
  uow: UnitOfWork;
  ids: IdGenerator;
  clock: Clock;
  crmIngestOptions: IngestOptions;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Google's own samples spell it `Google_key` in test leads: the key is found case-insensitively. */
const keyField = (body: Record<string, unknown>) => Object.keys(body).find((k) => k.toLowerCase() === 'google_key');

export const REDACTED = '[redacted]';

const utf8 = new TextDecoder();

/**
 * A Google Ads lead form delivery (contract §8): the tenant is the one whose enabled Google
 * integration has the body's `google_key`; a wrong key is 403 and stores nothing. The delivery is
 * stored with the key redacted.
 *
 * The look-up is the proof: the stored value is an HMAC-SHA256 of the configured key under a key
 * only the server holds, so finding a row with the HMAC of the presented key means the presented
 * key is the configured one (finding another key with the same HMAC is a SHA-256 collision).
 * Decrypting the sealed key and comparing it again would add no assurance, only an AES-GCM
 * decryption and two more HMACs per delivery. Timing of the index look-up reveals at most
 * something about HMAC outputs, which are of no use without the server's key.
 */
export const makeReceiveGoogleWebhook =
  (d: Deps): ReceiveLeadWebhook<'INVALID_WEBHOOK_KEY' | 'INVALID_LEAD_PAYLOAD'> =>
  async ({ rawBody, body }) => {
    const field = isRecord(body) ? keyField(body) : undefined;
    const key = field && isRecord(body) ? body[field] : undefined;
    // A key saved before the length rule is refused like a wrong one (its integration says to rotate it).
    if (typeof key !== 'string' || tooShortForWebhook(key)) return err('INVALID_WEBHOOK_KEY');
    const keyHash = d.secretBox.lookupHash(GOOGLE_KEY_PURPOSE, key);

    const lead = body as Record<string, unknown>;
    const leadId = typeof lead.lead_id === 'string' || typeof lead.lead_id === 'number' ? String(lead.lead_id).trim() : '';
    const payloadError = !leadId
      ? 'lead_id: required'
      : lead.user_column_data !== undefined && !Array.isArray(lead.user_column_data)
        ? 'user_column_data: expected an array'
        : null;
    if (payloadError) {
      // A wrong key is refused before the payload is looked at: only a known key learns what is wrong with it.
      if (!(await d.integrationRepository.tenantOfGoogleKeyHash(keyHash))) return err('INVALID_WEBHOOK_KEY');
      return err('INVALID_LEAD_PAYLOAD', payloadError);
    }

    const { [field!]: _key, ...payload } = lead;
    const rawText = utf8.decode(rawBody).replaceAll(key, REDACTED);
    const now = d.clock.now();
    // One statement finds the key's tenant and stores the delivery (the look-up is the proof).
    const stored = await d.uow.run(
      () => queueGoogleLeadDelivery(d, keyHash, { provider: 'google', externalId: leadId, rawBody: rawText, payload }, now),
      { singleStatement: true },
    );
    if (!stored) return err('INVALID_WEBHOOK_KEY');
    return ok({ accepted: 1 });
  };
