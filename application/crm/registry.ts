import type { Built } from '../shared/registry.js';
import { makeLinkLeadsOfPerson } from './use-cases/link-leads-of-person.usecase.js';
import { makeLinkLeadsOfUser } from './use-cases/link-leads-of-user.usecase.js';
import { makeMovePipelineOnPayment } from './use-cases/move-pipeline-on-payment.usecase.js';
import { makeLeadIntake } from './lead-intake.js';
import { makeListIntegrations } from './use-cases/list-integrations.usecase.js';
import { makeUpdateIntegration } from './use-cases/update-integration.usecase.js';
import { makeVerifyMetaSubscription } from './use-cases/verify-meta-subscription.usecase.js';
import { makeReceiveMetaWebhook } from './use-cases/receive-meta-webhook.usecase.js';
import { makeReceiveGoogleWebhook } from './use-cases/receive-google-webhook.usecase.js';
import { makeIngestLeadDelivery } from './use-cases/ingest-lead-delivery.usecase.js';
import { makeListWebhookDeliveries } from './use-cases/list-webhook-deliveries.usecase.js';
import { makeRetryWebhookDelivery } from './use-cases/retry-webhook-delivery.usecase.js';
import { makeListLeads } from './use-cases/list-leads.usecase.js';
import { makeGetLead } from './use-cases/get-lead.usecase.js';
import { makeCreateLead } from './use-cases/create-lead.usecase.js';
import { makeUpdateLead } from './use-cases/update-lead.usecase.js';
import { makeGetAutomation } from './use-cases/get-automation.usecase.js';
import { makeUpdateAutomation } from './use-cases/update-automation.usecase.js';
import { makeGetCrmDashboard } from './use-cases/get-crm-dashboard.usecase.js';
import { makeCrmDashboard } from './crm-dashboard.js';
import { makeRelayPendingDeliveries } from './use-cases/relay-pending-deliveries.usecase.js';

/** Crm's use cases and services, each under the name the container gives it (one line each). */
export const crmUseCases = {
  linkLeadsOfPerson: makeLinkLeadsOfPerson,
  linkLeadsOfUser: makeLinkLeadsOfUser,
  movePipelineOnPayment: makeMovePipelineOnPayment,
  leadIntake: makeLeadIntake,
  listIntegrations: makeListIntegrations,
  updateIntegration: makeUpdateIntegration,
  verifyMetaSubscription: makeVerifyMetaSubscription,
  receiveMetaWebhook: makeReceiveMetaWebhook,
  receiveGoogleWebhook: makeReceiveGoogleWebhook,
  ingestLeadDelivery: makeIngestLeadDelivery,
  listWebhookDeliveries: makeListWebhookDeliveries,
  retryWebhookDelivery: makeRetryWebhookDelivery,
  listLeads: makeListLeads,
  getLead: makeGetLead,
  createLead: makeCreateLead,
  updateLead: makeUpdateLead,
  getAutomation: makeGetAutomation,
  updateAutomation: makeUpdateAutomation,
  getCrmDashboard: makeGetCrmDashboard,
  crmDashboard: makeCrmDashboard,
  relayPendingDeliveries: makeRelayPendingDeliveries,
};

/** What the container holds for this context: what its table builds; route modules `Pick` from it. */
export type CrmRegistry = Built<typeof crmUseCases>;
