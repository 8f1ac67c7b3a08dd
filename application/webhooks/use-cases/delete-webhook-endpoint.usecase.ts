import type { Actor, RequestMeta } from '../../shared/actor.js';
import type { Result } from '../../shared/result.js';
import type { WebhookDeps } from '../deps.js';
import { auditedRemove } from '../../platform/audit.js';

/** Deletes the endpoint and its delivery log; a job still queued for it finds nothing and ends. */
export const makeDeleteWebhookEndpoint =
  (d: Pick<WebhookDeps, 'webhookEndpointRepository' | 'auditLog' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, id: string): Promise<Result<null, 'WEBHOOK_ENDPOINT_NOT_FOUND'>> =>
    auditedRemove(d, actor, meta, () => d.webhookEndpointRepository.delete(actor.tenantId, id), 'WEBHOOK_ENDPOINT_NOT_FOUND', {
      action: 'webhook.endpoint.delete',
      resourceType: 'webhook_endpoint',
      resourceId: id,
    });
