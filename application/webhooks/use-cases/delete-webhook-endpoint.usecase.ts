import type { WebhookDeps } from '../deps.js';
import { auditedRemove } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** Deletes the endpoint and its delivery log; a job still queued for it finds nothing and ends. */
export const makeDeleteWebhookEndpoint =
  (
    d: Pick<WebhookDeps, 'webhookEndpointRepository' | 'auditLog' | 'uow'>,
  ): AuditedCommand<[id: string], null, 'WEBHOOK_ENDPOINT_NOT_FOUND'> =>
  async (actor, meta, id) =>
    auditedRemove(d, actor, meta, () => d.webhookEndpointRepository.delete(actor.tenantId, id), 'WEBHOOK_ENDPOINT_NOT_FOUND', {
      action: 'webhook.endpoint.delete',
      resourceType: 'webhook_endpoint',
      resourceId: id,
    });
