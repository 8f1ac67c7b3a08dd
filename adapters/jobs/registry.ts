import { EXPIRE_ATTEMPTS_JOB } from '../../application/assessment/use-cases/expire-overdue-attempts.usecase.js';
import { RELAY_DELIVERIES_JOB } from '../../application/crm/ingest-options.js';
import { RESUME_TENANT_DELETIONS_JOB } from '../../application/identity/tenant-admin.js';
import { RELAY_MAIL_JOB } from '../../application/platform/mail-service.js';
import { BROADCAST_RELAY_JOB } from '../../application/platform/mail-ports.js';
import { RELAY_WEBHOOKS_JOB } from '../../application/webhooks/ports.js';
import type { AssessmentRegistry } from '../../application/assessment/registry.js';
import type { CommerceRegistry } from '../../application/commerce/registry.js';
import type { CrmRegistry } from '../../application/crm/registry.js';
import type { IdentityRegistry } from '../../application/identity/registry.js';
import type { PlatformRegistry } from '../../application/platform/registry.js';
import type { WebhooksRegistry } from '../../application/webhooks/registry.js';
import { periodicJob } from './job-queue.js';
import { makeDeliverMailJob } from './deliver-mail.job.js';
import { makePurgeTenantJob } from './purge-tenant.job.js';
import { makeBroadcastBatchJob } from './broadcast-batch.job.js';
import { makeLeadIngestJob } from './lead-ingest.job.js';
import { makeDeliverWebhookJob } from './deliver-webhook.job.js';

export const EXPIRE_SUBSCRIPTIONS_JOB = 'commerce.expire-subscriptions';

// Each context's job definitions, under the names the container gives them (started by the workers).
// The periodic ones (the modules' `schedules`) each run one idempotent use case.

export const platformJobs = {
  deliverMailJob: makeDeliverMailJob,
  relayMailJob: periodicJob<PlatformRegistry>(RELAY_MAIL_JOB, 'relayQueuedMail'),
};

export const identityJobs = {
  purgeTenantJob: makePurgeTenantJob,
  // Re-enqueues deletions whose job was lost.
  resumeTenantDeletionsJob: periodicJob<IdentityRegistry>(RESUME_TENANT_DELETIONS_JOB, 'resumeTenantDeletions'),
};

export const commerceJobs = {
  // One conditional UPDATE.
  expireSubscriptionsJob: periodicJob<CommerceRegistry>(EXPIRE_SUBSCRIPTIONS_JOB, 'expireSubscriptions'),
  broadcastBatchJob: makeBroadcastBatchJob,
  // Re-enqueues batches whose job was lost.
  broadcastRelayJob: periodicJob<CommerceRegistry>(BROADCAST_RELAY_JOB, 'relayBroadcasts'),
};

export const crmJobs = {
  leadIngestJob: makeLeadIngestJob,
  relayDeliveriesJob: periodicJob<CrmRegistry>(RELAY_DELIVERIES_JOB, 'relayPendingDeliveries'),
};

export const webhooksJobs = {
  deliverWebhookJob: makeDeliverWebhookJob,
  relayWebhooksJob: periodicJob<WebhooksRegistry>(RELAY_WEBHOOKS_JOB, 'relayPendingWebhooks'),
};

export const assessmentJobs = {
  // Grades the attempts whose deadline passed while nobody looked (contract §6); each attempt is
  // graded once under its row lock.
  expireQuizAttemptsJob: periodicJob<AssessmentRegistry>(EXPIRE_ATTEMPTS_JOB, 'expireOverdueAttempts'),
};
