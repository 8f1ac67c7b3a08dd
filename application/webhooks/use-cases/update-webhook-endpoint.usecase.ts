import type { WebhookEndpoint } from '../../../domain/webhooks/webhook.js';
import { err, ok } from '../../shared/result.js';
import type { WebhookDeps } from '../deps.js';
import { merge } from '../../../domain/shared/merge.js';
import type { EndpointInput } from './register-webhook-endpoint.usecase.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export type UpdateEndpointError = 'WEBHOOK_ENDPOINT_NOT_FOUND' | 'WEBHOOK_URL_REFUSED';

/** Any subset of the create fields; a new URL is checked as at registration. */
export const makeUpdateWebhookEndpoint =
  (
    d: Pick<WebhookDeps, 'webhookEndpointRepository' | 'webhookTargets' | 'auditLog' | 'clock' | 'uow'>,
  ): AuditedCommand<[id: string, changes: Partial<EndpointInput>], WebhookEndpoint, UpdateEndpointError> =>
  async (actor, meta, id, changes) => {
    if (changes.url !== undefined) {
      const target = await d.webhookTargets.check(changes.url);
      if (!target.ok) return err('WEBHOOK_URL_REFUSED', `url: ${target.detail}`);
    }
    return d.uow.run(async () => {
      const found = await d.webhookEndpointRepository.findById(actor.tenantId, id);
      if (!found) return err('WEBHOOK_ENDPOINT_NOT_FOUND');
      const events = changes.events && [...new Set(changes.events)];
      const updated: WebhookEndpoint = { ...merge(found, { ...changes, events }), updatedAt: d.clock.now() };
      await d.webhookEndpointRepository.update(updated);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'webhook.endpoint.update',
        resourceType: 'webhook_endpoint',
        resourceId: id,
        metadata: { fields: Object.keys(changes) },
      });
      return ok(updated);
    });
  };
