import type { WebhookEndpoint } from '../../../domain/webhooks/webhook.js';
import type { DomainEventType } from '../../shared/domain-events.js';
import { err, ok } from '../../shared/result.js';
import { secretContext, type WebhookDeps } from '../deps.js';
import { auditedWrite } from '../../platform/audit.js';
import type { AuditedCommand } from '../../shared/use-case.js';

export interface EndpointInput {
  url: string;
  events: DomainEventType[];
  enabled?: boolean | undefined;
  description?: string | null | undefined;
}

export type RegisterEndpointError = 'WEBHOOK_URL_REFUSED';

/**
 * An admin registers an endpoint. Its URL is checked first (every address it resolves to must
 * be public unless WEBHOOK_ALLOW_PRIVATE), and again at each delivery. The secret is made here
 * and answered this once; it is stored sealed.
 */
export const makeRegisterWebhookEndpoint =
  (
    d: Pick<
      WebhookDeps,
      'webhookEndpointRepository' | 'webhookTargets' | 'webhookSigner' | 'secretBox' | 'auditLog' | 'ids' | 'clock' | 'uow'
    >,
  ): AuditedCommand<[input: EndpointInput], { endpoint: WebhookEndpoint; secret: string }, RegisterEndpointError> =>
  async (actor, meta, input) => {
    const target = await d.webhookTargets.check(input.url);
    if (!target.ok) return err('WEBHOOK_URL_REFUSED', `url: ${target.detail}`);
    const id = d.ids.uuid();
    const now = d.clock.now();
    const secret = d.webhookSigner.newSecret();
    const endpoint: WebhookEndpoint = {
      id,
      tenantId: actor.tenantId,
      url: input.url,
      description: input.description ?? null,
      events: [...new Set(input.events)],
      enabled: input.enabled ?? true,
      sealedSecret: d.secretBox.seal(secret, secretContext(actor.tenantId, id)),
      createdAt: now,
      updatedAt: now,
    };
    await auditedWrite(d, actor, meta, () => d.webhookEndpointRepository.insert(endpoint), {
      action: 'webhook.endpoint.create',
      resourceType: 'webhook_endpoint',
      resourceId: id,
      metadata: { url: endpoint.url, events: endpoint.events },
    });
    return ok({ endpoint, secret });
  };
