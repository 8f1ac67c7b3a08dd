import { extractGoogleLead, extractMetaLead } from '../../../domain/crm/lead-extraction.js';
import type { LeadDetails, LeadSource } from '../../../domain/crm/lead.js';
import type { Clock, LogPort, UnitOfWork } from '../../shared/ports.js';
import { openSecrets } from '../integrations.js';
import type { LeadIntake } from '../lead-intake.js';
import type { DeliveryRepository, WebhookDelivery } from '../ports/delivery-repository.js';
import type { IntegrationRepository } from '../ports/integration-repository.js';
import type { LeadRepository } from '../ports/lead-repository.js';
import type { MetaGraph } from '../ports/meta-graph.js';
import type { PhoneNumbers, SecretBox } from '../ports/security.js';

type Deps = {
  deliveryRepository: DeliveryRepository;
  integrationRepository: IntegrationRepository;
  leadRepository: LeadRepository;
  secretBox: SecretBox;
  metaGraph: MetaGraph;
  phoneNumbers: PhoneNumbers;
  leadIntake: LeadIntake;
  clock: Clock;
  uow: UnitOfWork;
  log: LogPort;
};

/** Thrown to make the queue try again later (Graph unavailable). */
export class RetryLater extends Error {}

type Fetched = { ok: true; details: LeadDetails; source: LeadSource } | { ok: false; retry: boolean; error: string };

const flag = (v: unknown) => v === true || v === 'true' || v === 1;
const idText = (...vs: unknown[]): string | null => {
  for (const v of vs) if ((typeof v === 'string' && v.trim() !== '') || typeof v === 'number') return String(v).trim().slice(0, 255);
  return null;
};

/**
 * The ad a lead came from, for the dashboard's by-source figures: Google sends `campaign_id`,
 * `form_id` and the ad as `creative_id`; Meta's webhook value has `form_id` and `ad_id` (the
 * Graph lead repeats them) and, when subscribed with it, `campaign_id`.
 */
const sourceOf = (payload: Record<string, unknown>, graph?: { formId: string | null; adId: string | null }): LeadSource => ({
  campaignId: idText(payload.campaign_id),
  formId: idText(payload.form_id, graph?.formId),
  adId: idText(payload.ad_id, payload.creative_id, graph?.adId),
});

/**
 * The lead-ingest job (contract §8). Idempotent: a finished delivery is left alone, a lead that
 * already exists is not fetched again, and the lead, its assignment, its alert and the
 * delivery's new status commit together. Meta leads are fetched from the Graph API; a failure
 * worth retrying is thrown back to the queue (exponential backoff) until the last try, which
 * leaves the delivery `failed` for an admin to retry.
 */
export const makeIngestLeadDelivery =
  (d: Deps) =>
  async (tenantId: string, deliveryId: string, job: { final: boolean }): Promise<void> => {
    const delivery = await d.deliveryRepository.findById(tenantId, deliveryId);
    if (!delivery || delivery.status !== 'pending') return;

    const existing = await d.leadRepository.findByExternalId(tenantId, delivery.provider, delivery.externalId);
    if (existing) {
      await d.deliveryRepository.finish(tenantId, deliveryId, 'duplicate', existing.id, null, d.clock.now());
      return;
    }

    const fetched = await detailsOf(d, delivery);
    if (!fetched.ok) {
      if (fetched.retry && !job.final) {
        await d.deliveryRepository.recordFailure(tenantId, deliveryId, fetched.error, false, d.clock.now());
        throw new RetryLater(`lead ${delivery.externalId}: ${fetched.error}`);
      }
      await d.deliveryRepository.recordFailure(tenantId, deliveryId, fetched.error, true, d.clock.now());
      d.log.warn('crm.lead_ingest.failed', { tenantId, deliveryId, error: fetched.error });
      return;
    }

    await d.uow.run(async () => {
      const { lead, created } = await d.leadIntake({
        tenantId,
        provider: delivery.provider,
        externalId: delivery.externalId,
        details: fetched.details,
        source: fetched.source,
        actorId: null,
        receivedAt: delivery.receivedAt,
      });
      await d.deliveryRepository.finish(tenantId, deliveryId, created ? 'processed' : 'duplicate', lead.id, null, d.clock.now());
    });
  };

async function detailsOf(d: Deps, delivery: WebhookDelivery): Promise<Fetched> {
  const normalize = (raw: string) => d.phoneNumbers.toE164(raw);
  if (delivery.provider === 'google') {
    const columns = Array.isArray(delivery.payload.user_column_data)
      ? (delivery.payload.user_column_data as Array<Record<string, string>>)
      : [];
    return { ok: true, details: extractGoogleLead(columns, normalize, flag(delivery.payload.is_test)), source: sourceOf(delivery.payload) };
  }
  const integration = await d.integrationRepository.get(delivery.tenantId, 'meta');
  const token = integration ? openSecrets(d.secretBox, integration).access_token : undefined;
  if (!token) return { ok: false, retry: false, error: 'the Meta integration has no access token' };
  const result = await d.metaGraph.fetchLead(delivery.externalId, token);
  if (!result.ok)
    return {
      ok: false,
      retry: result.error === 'UNAVAILABLE',
      error: `Graph API ${result.error.toLowerCase()}${result.detail ? `: ${result.detail}` : ''}`,
    };
  const isTest = result.value.isTest === true || flag(delivery.payload.is_test);
  return {
    ok: true,
    details: extractMetaLead(result.value.fieldData, normalize, isTest),
    source: sourceOf(delivery.payload, result.value),
  };
}
