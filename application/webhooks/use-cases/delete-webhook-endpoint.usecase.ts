import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { WebhookDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';

/** Deletes the endpoint and its delivery log; a job still queued for it finds nothing and ends. */
export const makeDeleteWebhookEndpoint =
  (d: Pick<WebhookDeps, 'webhookEndpointRepository' | 'auditLog' | 'uow'>) =>
  async (actor: Actor, meta: RequestMeta, id: string): Promise<Result<null, 'WEBHOOK_ENDPOINT_NOT_FOUND'>> =>
    d.uow.run(async () => {
      if (!(await d.webhookEndpointRepository.delete(actor.tenantId, id))) return err('WEBHOOK_ENDPOINT_NOT_FOUND');
      await recordAudit(d.auditLog, actor, meta, { action: 'webhook.endpoint.delete', resourceType: 'webhook_endpoint', resourceId: id });
      return ok(null);
    });
