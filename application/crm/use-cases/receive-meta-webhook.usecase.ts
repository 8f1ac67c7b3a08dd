import type { LogPort, Clock, IdGenerator, Jobs, UnitOfWork } from '../../shared/ports.js';
import { err, ok } from '../../shared/result.js';
import { openSecrets } from '../integrations.js';
import type { IngestOptions } from '../ingest-options.js';
import { queueLeadDelivery, type ReceiveLeadWebhook } from '../lead-webhook.js';
import type { DeliveryRepository } from '../ports/delivery-repository.js';
import type { IntegrationRepository } from '../ports/integration-repository.js';
import type { SecretBox, WebhookSignatures } from '../ports/security.js';

type Deps = {
  integrationRepository: IntegrationRepository;
  deliveryRepository: DeliveryRepository;
  secretBox: SecretBox;
  webhookSignatures: WebhookSignatures;
  jobs: Jobs;
  uow: UnitOfWork;
  ids: IdGenerator;
  clock: Clock;
  log: LogPort;
  crmIngestOptions: IngestOptions;
};

interface LeadgenChange {
  pageId: string;
  leadgenId: string;
  value: Record<string, unknown>;
}

const idString = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{object:"page", entry:[{id, changes:[{field:"leadgen", value:{leadgen_id, page_id, …}}]}]}`; other fields are not leads. */
export function leadgenChanges(body: unknown): LeadgenChange[] {
  if (!isRecord(body) || !Array.isArray(body.entry)) return [];
  const out: LeadgenChange[] = [];
  for (const entry of body.entry) {
    if (!isRecord(entry) || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes) {
      if (!isRecord(change) || change.field !== 'leadgen' || !isRecord(change.value)) continue;
      const leadgenId = idString(change.value.leadgen_id);
      const pageId = idString(change.value.page_id) ?? idString(entry.id);
      if (leadgenId && pageId) out.push({ pageId, leadgenId, value: change.value });
    }
  }
  return out;
}

/**
 * A signed Meta lead notification (contract §8). The body names the pages; each page's
 * integration holds the app secret that must have signed the raw bytes. Nothing is stored
 * unless a signature verifies (403 otherwise, even for a malformed body: no secret, no
 * trust). Each lead becomes a stored delivery and a job; the answer does not wait for Graph.
 */
export const makeReceiveMetaWebhook =
  (d: Deps): ReceiveLeadWebhook<'INVALID_SIGNATURE'> =>
  async ({ rawBody, body, signature }) => {
    if (!signature) return err('INVALID_SIGNATURE');
    const changes = leadgenChanges(body);
    const pageIds = [...new Set(changes.map((c) => c.pageId))];
    if (pageIds.length === 0) return err('INVALID_SIGNATURE');
    const integrations = await d.integrationRepository.findMetaByPageIds(pageIds);
    const verified = new Map(
      integrations
        .filter((i) => {
          const secret = openSecrets(d.secretBox, i).app_secret;
          return !!secret && d.webhookSignatures.metaSignatureValid(rawBody, signature, secret);
        })
        .map((i) => [i.pageId!, i]),
    );
    if (verified.size === 0) return err('INVALID_SIGNATURE');

    const rawText = new TextDecoder().decode(rawBody);
    const now = d.clock.now();
    let accepted = 0;
    await d.uow.run(async () => {
      for (const change of changes) {
        const integration = verified.get(change.pageId);
        if (!integration) {
          d.log.warn('crm.meta_webhook.unknown_page', { pageId: change.pageId });
          continue;
        }
        const lead = {
          tenantId: integration.tenantId,
          provider: 'meta' as const,
          externalId: change.leadgenId,
          rawBody: rawText,
          payload: change.value,
        };
        await queueLeadDelivery(d, lead, now);
        accepted++;
      }
    });
    return ok({ accepted });
  };
