import { makeDeliverMailJob } from './deliver-mail.job.js';
import { makeRelayMailJob } from './relay-mail.job.js';
import { makePurgeTenantJob, makeResumeTenantDeletionsJob } from './purge-tenant.job.js';
import { makeExpireSubscriptionsJob } from './expire-subscriptions.job.js';
import { makeBroadcastBatchJob, makeBroadcastRelayJob } from './broadcast-batch.job.js';
import { makeLeadIngestJob } from './lead-ingest.job.js';
import { makeRelayDeliveriesJob } from './relay-deliveries.job.js';
import { makeDeliverWebhookJob } from './deliver-webhook.job.js';
import { makeRelayWebhooksJob } from './relay-webhooks.job.js';
import { makeExpireQuizAttemptsJob } from './expire-quiz-attempts.job.js';

// Each context's job definitions, under the names the container gives them (started by the workers).

export const platformJobs = {
  deliverMailJob: makeDeliverMailJob,
  relayMailJob: makeRelayMailJob,
};

export const identityJobs = {
  purgeTenantJob: makePurgeTenantJob,
  resumeTenantDeletionsJob: makeResumeTenantDeletionsJob,
};

export const commerceJobs = {
  expireSubscriptionsJob: makeExpireSubscriptionsJob,
  broadcastBatchJob: makeBroadcastBatchJob,
  broadcastRelayJob: makeBroadcastRelayJob,
};

export const crmJobs = {
  leadIngestJob: makeLeadIngestJob,
  relayDeliveriesJob: makeRelayDeliveriesJob,
};

export const webhooksJobs = {
  deliverWebhookJob: makeDeliverWebhookJob,
  relayWebhooksJob: makeRelayWebhooksJob,
};

export const assessmentJobs = {
  expireQuizAttemptsJob: makeExpireQuizAttemptsJob,
};
