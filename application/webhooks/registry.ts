import type { Built } from '../shared/registry.js';
import type { WebhookDeps } from './deps.js';
import { makeWebhookOutbox } from './webhook-outbox.js';
import { makeRegisterWebhookEndpoint } from './use-cases/register-webhook-endpoint.usecase.js';
import { makeListWebhookEndpoints } from './use-cases/list-webhook-endpoints.usecase.js';
import { makeUpdateWebhookEndpoint } from './use-cases/update-webhook-endpoint.usecase.js';
import { makeDeleteWebhookEndpoint } from './use-cases/delete-webhook-endpoint.usecase.js';
import { makeRotateWebhookSecret } from './use-cases/rotate-webhook-secret.usecase.js';
import { makeListEndpointDeliveries } from './use-cases/list-endpoint-deliveries.usecase.js';
import { makeRetryOutboundDelivery } from './use-cases/retry-outbound-delivery.usecase.js';
import { makeDeliverWebhook } from './use-cases/deliver-webhook.usecase.js';
import { makeRelayPendingWebhooks } from './use-cases/relay-pending-webhooks.usecase.js';

/** Webhooks's use cases and services, each under the name the container gives it (one line each). */
export const webhooksUseCases = {
  domainEvents: makeWebhookOutbox,
  registerWebhookEndpoint: makeRegisterWebhookEndpoint,
  listWebhookEndpoints: makeListWebhookEndpoints,
  updateWebhookEndpoint: makeUpdateWebhookEndpoint,
  deleteWebhookEndpoint: makeDeleteWebhookEndpoint,
  rotateWebhookSecret: makeRotateWebhookSecret,
  listEndpointDeliveries: makeListEndpointDeliveries,
  retryOutboundDelivery: makeRetryOutboundDelivery,
  deliverWebhook: makeDeliverWebhook,
  relayPendingWebhooks: makeRelayPendingWebhooks,
};

/** What the container holds for this context: its ports (deps.ts) and what its table builds; route modules `Pick` from it. */
export type WebhooksRegistry = WebhookDeps & Built<typeof webhooksUseCases>;
