import { asFunction, asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { webhooksUseCases } from '../../application/webhooks/registry.js';
import { RELAY_WEBHOOKS_JOB } from '../../application/webhooks/ports.js';
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
      ...factories(webhooksUseCases),
      deliverWebhookJob: asFunction(makeDeliverWebhookJob).singleton(),
      relayWebhooksJob: asFunction(makeRelayWebhooksJob).singleton(),
      webhooksRoutes: asFunction(makeWebhooksRoutes).singleton(),
    };
  },
  routes: ['webhooksRoutes'],
  jobs: ['deliverWebhookJob', 'relayWebhooksJob'],
  schedules: [{ job: RELAY_WEBHOOKS_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS }],
};
