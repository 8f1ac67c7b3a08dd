import { asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { webhooksJobs } from '../../adapters/jobs/registry.js';
import { webhooksRoutes } from '../../adapters/http/routes/registry.js';
import { webhooksRepositories } from '../../adapters/persistence/pg/registry.js';
import { webhooksUseCases } from '../../application/webhooks/registry.js';
import { RELAY_WEBHOOKS_JOB } from '../../application/webhooks/ports.js';
import { standardWebhookSigner } from '../../adapters/gateways/webhooks/standard-webhook-signer.js';
import { GuardedWebhookTransport } from '../../adapters/gateways/webhooks/guarded-webhook-transport.js';

/**
 * Outbound webhooks (docs/webhooks.md). `domainEvents` is the port every context publishes its
 * events with; endpoint secrets are sealed with the CRM's `secretBox` (ENCRYPTION_KEY).
 */
export const webhooksModule: AppModule = {
  name: 'webhooks',
  registrations: (config) => {
    const transport = new GuardedWebhookTransport({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, timeoutMs: config.WEBHOOK_TIMEOUT_MS });
    return {
      ...factories(webhooksRepositories),
      webhookSigner: asValue(standardWebhookSigner),
      webhookTargets: asValue(transport),
      webhookTransport: asValue(transport),
      webhookRetryPolicy: asValue({ attempts: config.WEBHOOK_ATTEMPTS, backoffMs: config.WEBHOOK_BACKOFF_MS }),
      ...factories(webhooksUseCases),
      ...factories(webhooksJobs),
      ...factories(webhooksRoutes),
    };
  },
  routes: Object.keys(webhooksRoutes),
  jobs: Object.keys(webhooksJobs),
  schedules: [{ job: RELAY_WEBHOOKS_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS }],
};
