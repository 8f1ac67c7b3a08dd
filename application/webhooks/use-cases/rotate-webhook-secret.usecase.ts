import type { WebhookEndpoint } from '../../../domain/webhooks/webhook.js';
import { err, ok } from '../../shared/result.js';
import { secretContext, type WebhookDeps } from '../deps.js';
import { recordAudit } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

/** A new secret, answered this once; every try from now on (pending retries included) is signed with it alone. */
export const makeRotateWebhookSecret =
  (
    d: Pick<WebhookDeps, 'webhookEndpointRepository' | 'webhookSigner' | 'secretBox' | 'auditLog' | 'clock' | 'uow'>,
  ): AuditedCommand<[id: string], { endpoint: WebhookEndpoint; secret: string }, 'WEBHOOK_ENDPOINT_NOT_FOUND'> =>
  async (actor, meta, id) =>
    d.uow.run(async () => {
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
