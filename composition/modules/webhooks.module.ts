import { asFunction, asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { makeWebhookOutbox } from '../../application/webhooks/webhook-outbox.js';
import { RELAY_WEBHOOKS_JOB } from '../../application/webhooks/ports.js';
import { makeRegisterWebhookEndpoint } from '../../application/webhooks/use-cases/register-webhook-endpoint.usecase.js';
import { makeListWebhookEndpoints } from '../../application/webhooks/use-cases/list-webhook-endpoints.usecase.js';
import { makeUpdateWebhookEndpoint } from '../../application/webhooks/use-cases/update-webhook-endpoint.usecase.js';
import { makeDeleteWebhookEndpoint } from '../../application/webhooks/use-cases/delete-webhook-endpoint.usecase.js';
import { makeRotateWebhookSecret } from '../../application/webhooks/use-cases/rotate-webhook-secret.usecase.js';
import { makeListEndpointDeliveries } from '../../application/webhooks/use-cases/list-endpoint-deliveries.usecase.js';
import { makeRetryOutboundDelivery } from '../../application/webhooks/use-cases/retry-outbound-delivery.usecase.js';
import { makeDeliverWebhook } from '../../application/webhooks/use-cases/deliver-webhook.usecase.js';
import { makeRelayPendingWebhooks } from '../../application/webhooks/use-cases/relay-pending-webhooks.usecase.js';
import {
  makeOutboundDeliveryPgRepository,
  makeWebhookEndpointPgRepository,
} from '../../adapters/persistence/pg/webhooks.pg-repositories.js';
import { standardWebhookSigner } from '../../adapters/gateways/webhooks/standard-webhook-signer.js';
import { GuardedWebhookTransport } from '../../adapters/gateways/webhooks/guarded-webhook-transport.js';
import { makeDeliverWebhookJob } from '../../adapters/jobs/deliver-webhook.job.js';
import { makeRelayWebhooksJob } from '../../adapters/jobs/relay-webhooks.job.js';
import { makeWebhooksRoutes } from '../../adapters/http/routes/webhooks.routes.js';

/**
 * Outbound webhooks (docs/webhooks.md). `domainEvents` is the port every context publishes its
 * events with; endpoint secrets are sealed with the CRM's `secretBox` (ENCRYPTION_KEY).
 */
export const webhooksModule: AppModule = {
  name: 'webhooks',
  registrations: (config) => {
    const transport = new GuardedWebhookTransport({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, timeoutMs: config.WEBHOOK_TIMEOUT_MS });
    return {
      webhookEndpointRepository: asFunction(makeWebhookEndpointPgRepository).singleton(),
      outboundDeliveryRepository: asFunction(makeOutboundDeliveryPgRepository).singleton(),
      webhookSigner: asValue(standardWebhookSigner),
      webhookTargets: asValue(transport),
      webhookTransport: asValue(transport),
      webhookRetryPolicy: asValue({ attempts: config.WEBHOOK_ATTEMPTS, backoffMs: config.WEBHOOK_BACKOFF_MS }),
      domainEvents: asFunction(makeWebhookOutbox).singleton(),
      registerWebhookEndpoint: asFunction(makeRegisterWebhookEndpoint).singleton(),
      listWebhookEndpoints: asFunction(makeListWebhookEndpoints).singleton(),
      updateWebhookEndpoint: asFunction(makeUpdateWebhookEndpoint).singleton(),
      deleteWebhookEndpoint: asFunction(makeDeleteWebhookEndpoint).singleton(),
      rotateWebhookSecret: asFunction(makeRotateWebhookSecret).singleton(),
      listEndpointDeliveries: asFunction(makeListEndpointDeliveries).singleton(),
      retryOutboundDelivery: asFunction(makeRetryOutboundDelivery).singleton(),
      deliverWebhook: asFunction(makeDeliverWebhook).singleton(),
      relayPendingWebhooks: asFunction(makeRelayPendingWebhooks).singleton(),
      deliverWebhookJob: asFunction(makeDeliverWebhookJob).singleton(),
      relayWebhooksJob: asFunction(makeRelayWebhooksJob).singleton(),
      webhooksRoutes: asFunction(makeWebhooksRoutes).singleton(),
    };
  },
  routes: ['webhooksRoutes'],
  jobs: ['deliverWebhookJob', 'relayWebhooksJob'],
  schedules: [{ job: RELAY_WEBHOOKS_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS }],
};
