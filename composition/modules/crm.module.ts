import { asFunction, asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { crmJobs } from '../../adapters/jobs/registry.js';
import { crmRoutes } from '../../adapters/http/routes/registry.js';
import { crmRepositories } from '../../adapters/persistence/pg/registry.js';
import { crmUseCases } from '../../application/crm/registry.js';
import { persistentSecret } from '../../infrastructure/secrets.js';
import { AesSecretBox, hmacWebhookSignatures } from '../../adapters/security/aes-secret-box.js';
import { makeMetaGraphGateway } from '../../adapters/gateways/meta/meta-graph.gateway.js';
import { RELAY_DELIVERIES_JOB } from '../../application/crm/ingest-options.js';
import type { LinkLeadsOfPerson } from '../../application/crm/use-cases/link-leads-of-person.usecase.js';
import type { MovePipelineOnPayment } from '../../application/crm/use-cases/move-pipeline-on-payment.usecase.js';
import type { LinkLeadsOfUser } from '../../application/crm/use-cases/link-leads-of-user.usecase.js';
import type { UserEvents } from '../../application/identity/ports/user-events.js';
import type { PaymentEvents } from '../../application/commerce/ports/payment-events.js';

export const crmModule: AppModule = {
  name: 'crm',
  registrations: (config) => ({
    ...factories(crmRepositories),
    ...factories(crmUseCases),
    // Identity's and commerce's ports (same names: these later registrations replace their
    // defaults): a new user links the leads that name their email, an edited one only refreshes
    // phone suggestions, a payment moves their leads.
    userEvents: asFunction(({ linkLeadsOfPerson }: { linkLeadsOfPerson: LinkLeadsOfPerson }): UserEvents => ({
      created: async (user) => {
        await linkLeadsOfPerson(user.tenantId, { email: user.email, phone: user.phone });
      },
      contactEdited: async (user) => {
        await linkLeadsOfPerson(user.tenantId, { email: user.email, phone: user.phone }, { byEmail: false });
      },
    })).singleton(),
    paymentEvents: asFunction(
      ({
        movePipelineOnPayment,
        linkLeadsOfUser,
      }: {
        movePipelineOnPayment: MovePipelineOnPayment;
        linkLeadsOfUser: LinkLeadsOfUser;
      }): PaymentEvents => ({
        orderPlaced: async (order) => {
          await linkLeadsOfUser(order.tenantId, order.userId);
        },
        orderPaid: (order) => movePipelineOnPayment(order.tenantId, order.userId, 'payment'),
        orderRefunded: (order) => movePipelineOnPayment(order.tenantId, order.userId, 'refund'),
      }),
    ).singleton(),
    // Integration secrets are sealed under ENCRYPTION_KEY, or a key generated once into DATA_DIR.
    secretBox: asFunction(
      () => new AesSecretBox(config.ENCRYPTION_KEY ?? persistentSecret(config.DATA_DIR, 'encryption_key', 32)),
    ).singleton(),
    webhookSignatures: asValue(hmacWebhookSignatures),
    metaGraph: asValue(makeMetaGraphGateway(config.META_GRAPH_URL, config.META_GRAPH_TIMEOUT_MS)),
    crmIngestOptions: asValue({ attempts: config.CRM_INGEST_ATTEMPTS, backoffMs: config.CRM_INGEST_BACKOFF_MS }),
    ...factories(crmJobs),
    ...factories(crmRoutes),
  }),
  overrides: ['userEvents', 'paymentEvents'],
  routes: Object.keys(crmRoutes),
  jobs: Object.keys(crmJobs),
  schedules: [{ job: RELAY_DELIVERIES_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS }],
  dashboard: ['crmDashboard'],
};
