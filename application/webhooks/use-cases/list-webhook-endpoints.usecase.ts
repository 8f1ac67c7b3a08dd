import type { WebhookEndpoint } from '../../../domain/webhooks/webhook.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { WebhookDeps } from '../deps.js';

export const makeListWebhookEndpoints =
  ({ webhookEndpointRepository }: Pick<WebhookDeps, 'webhookEndpointRepository'>) =>
  (actor: Actor, page: PageRequest): Promise<Page<WebhookEndpoint>> =>
    webhookEndpointRepository.list(actor.tenantId, page);
