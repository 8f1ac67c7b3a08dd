import type { AdProvider } from '../../../domain/crm/lead.js';
import type { AuditLog } from '../../platform/ports.js';
import type { Clock, LogPort, UnitOfWork } from '../../shared/ports.js';
import { err, ok } from '../../shared/result.js';
import {
  GOOGLE_KEY_PURPOSE,
  REQUIRED_FIELDS,
  SECRET_FIELDS,
  VERIFY_TOKEN_PURPOSE,
  integrationState,
  openSecrets,
  sealContext,
  type IntegrationSecrets,
  type IntegrationState,
} from '../integrations.js';
import type { IntegrationRepository } from '../ports/integration-repository.js';
import type { MetaGraph } from '../ports/meta-graph.js';
import type { SecretBox } from '../ports/security.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

type Deps = {
  integrationRepository: IntegrationRepository;
  secretBox: SecretBox;
  metaGraph: MetaGraph;
  auditLog: AuditLog;
  clock: Clock;
  uow: UnitOfWork;
  log: LogPort;
};

/** Any subset of the provider's fields; `null` or "" clears a field. */
export interface IntegrationChanges {
  verify_token?: string | null | undefined;
  app_secret?: string | null | undefined;
  access_token?: string | null | undefined;
  page_id?: string | null | undefined;
  webhook_key?: string | null | undefined;
  enabled?: boolean | undefined;
}

export type UpdateIntegrationError = 'INTEGRATION_INCOMPLETE' | 'PAGE_NOT_VERIFIED' | 'WEBHOOK_KEY_REFUSED' | 'META_GRAPH_UNAVAILABLE';

const PAGE_NOT_VERIFIED = 'page_id: the access token cannot read this page';

export type UpdateIntegration = AuditedCommand<
  [provider: AdProvider, changes: IntegrationChanges],
  IntegrationState,
  UpdateIntegrationError
>;

/**
 * Creates or updates a provider integration (contract §8). Secrets are sealed before they reach
 * the repository and never come back out; the verify token and Google key are also stored as
 * keyed hashes so webhooks find their tenant without decrypting every row. An enabled
 * integration must be complete, else webhooks could not be verified.
 *
 * A page belongs to whoever can prove it: setting a page id, or the token of one, asks Graph
 * whether the access token reads that page. A page or Google key another tenant holds is
 * refused with the very answer of an unverifiable page (or of a refused key), so an admin
 * cannot learn which pages and keys other tenants use; only the log tells why.
 */
export const makeUpdateIntegration =
  ({ integrationRepository, secretBox, metaGraph, auditLog, clock, uow, log }: Deps): UpdateIntegration =>
  async (actor, meta, provider, changes) => {
    const existing = await integrationRepository.get(actor.tenantId, provider);
    const secrets: IntegrationSecrets = existing ? openSecrets(secretBox, existing) : {};
    const changed: string[] = [];
    for (const field of SECRET_FIELDS[provider]) {
      const value = changes[field];
      if (value === undefined) continue;
      changed.push(field);
      if (value === null || value === '') delete secrets[field];
      else secrets[field] = value;
    }
    let pageId = existing?.pageId ?? null;
    if (provider === 'meta' && changes.page_id !== undefined) {
      changed.push('page_id');
      pageId = changes.page_id || null;
    }
    const enabled = changes.enabled ?? existing?.enabled ?? true;
    if (changes.enabled !== undefined) changed.push('enabled');

    const missing = REQUIRED_FIELDS[provider].filter((f) => (f === 'page_id' ? !pageId : !secrets[f as keyof IntegrationSecrets]));
    if (enabled && missing.length > 0)
      return err('INTEGRATION_INCOMPLETE', `${missing.join(', ')}: required while the integration is enabled`);

    const claimsPage =
      provider === 'meta' &&
      pageId !== null &&
      ((changes.page_id !== undefined && changes.page_id !== null && changes.page_id !== '') || !!changes.access_token);
    if (claimsPage) {
      const token = secrets.access_token;
      const readable = token ? await metaGraph.canReadPage(pageId!, token) : null;
      if (readable && !readable.ok && readable.error === 'UNAVAILABLE') return err('META_GRAPH_UNAVAILABLE', readable.detail);
      if (!readable?.ok) {
        log.warn('crm.integration.page_not_verified', { tenantId: actor.tenantId, pageId, reason: readable?.detail ?? 'no access token' });
        return err('PAGE_NOT_VERIFIED', PAGE_NOT_VERIFIED);
      }
    }

    const now = clock.now();
    const integration = {
      tenantId: actor.tenantId,
      provider,
      enabled,
      pageId,
      verifyTokenHash: secrets.verify_token ? secretBox.lookupHash(VERIFY_TOKEN_PURPOSE, secrets.verify_token) : null,
      googleKeyHash: secrets.webhook_key ? secretBox.lookupHash(GOOGLE_KEY_PURPOSE, secrets.webhook_key) : null,
      sealedSecrets: Object.keys(secrets).length ? secretBox.seal(JSON.stringify(secrets), sealContext(actor.tenantId, provider)) : null,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    return uow.run(async () => {
      const outcome = await integrationRepository.save(integration);
      if (outcome !== 'saved') log.warn('crm.integration.taken', { tenantId: actor.tenantId, provider, outcome });
      if (outcome === 'page_id_taken') return err('PAGE_NOT_VERIFIED', PAGE_NOT_VERIFIED);
      if (outcome === 'google_key_taken') return err('WEBHOOK_KEY_REFUSED', 'webhook_key: refused, choose another key');
      // Field names only: the audit log never holds a secret.
      await recordAudit(auditLog, actor, meta, {
        action: 'crm.integration.update',
        resourceType: 'crm_integration',
        resourceId: provider,
        metadata: { fields: changed, enabled },
      });
      return ok(integrationState(provider, integration, secrets));
    });
  };
