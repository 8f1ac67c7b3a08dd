import type { WebhookEndpoint } from '../../../domain/webhooks/webhook.js';
import type { Actor, RequestMeta } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import { secretContext, type WebhookDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';

/** A new secret, answered this once; every try from now on (pending retries included) is signed with it alone. */
export const makeRotateWebhookSecret =
  (d: Pick<WebhookDeps, 'webhookEndpointRepository' | 'webhookSigner' | 'secretBox' | 'auditLog' | 'clock' | 'uow'>) =>
  async (
    actor: Actor,
    meta: RequestMeta,
    id: string,
  ): Promise<Result<{ endpoint: WebhookEndpoint; secret: string }, 'WEBHOOK_ENDPOINT_NOT_FOUND'>> =>
    d.uow.run(async (): Promise<Result<{ endpoint: WebhookEndpoint; secret: string }, 'WEBHOOK_ENDPOINT_NOT_FOUND'>> => {
      const found = await d.webhookEndpointRepository.findById(actor.tenantId, id);
      if (!found) return err('WEBHOOK_ENDPOINT_NOT_FOUND');
      const secret = d.webhookSigner.newSecret();
      const endpoint = { ...found, sealedSecret: d.secretBox.seal(secret, secretContext(actor.tenantId, id)), updatedAt: d.clock.now() };
      await d.webhookEndpointRepository.update(endpoint);
      await recordAudit(d.auditLog, actor, meta, {
        action: 'webhook.endpoint.rotate_secret',
        resourceType: 'webhook_endpoint',
        resourceId: id,
      });
      return ok({ endpoint, secret });
    });
