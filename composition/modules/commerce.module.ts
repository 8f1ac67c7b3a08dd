import { asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { commerceJobs, EXPIRE_SUBSCRIPTIONS_JOB } from '../../adapters/jobs/registry.js';
import { commerceRoutes } from '../../adapters/http/routes/registry.js';
import { commerceRepositories } from '../../adapters/persistence/pg/registry.js';
import { commerceUseCases } from '../../application/commerce/registry.js';
import { persistentSecret } from '../../infrastructure/secrets.js';
import { noPaymentEvents } from '../../application/commerce/ports/payment-events.js';
import { BROADCAST_RELAY_JOB } from '../../application/platform/mail-ports.js';
import { makeSandboxGateway } from '../../adapters/gateways/payment/sandbox.gateway.js';
import { makeMidtransGateway } from '../../adapters/gateways/payment/midtrans.gateway.js';
import { sha512NotificationSigner } from '../../adapters/gateways/payment/notification-signer.js';
import { pdfkitReceiptRenderer } from '../../adapters/gateways/receipts/pdfkit-receipt-renderer.js';
import { hmacMailerSignatures } from '../../adapters/security/mailer-signatures.js';

/**
 * Commerce (plans, orders, payments, subscriptions, receipts) and mail (broadcasts, delivery
 * callbacks). Builds on learning's public API (`learningCatalog`, `learningAccess`,
 * `grantEnrollments`), so it is listed after the learning module.
 */
export const commerceModule: AppModule = {
  name: 'commerce',
  registrations: (config) => {
    // The notification key: PAYGATE_SERVER_KEY, or one generated once into DATA_DIR (contract §1).
    const serverKey = config.PAYGATE_SERVER_KEY ?? persistentSecret(config.DATA_DIR, 'paygate_server_key');
    return {
      paygateServerKey: asValue(serverKey),
      ...factories(commerceRepositories),
      // With learning's ports `categorySubscribers` and `salesRecords` (see `overrides`).
      ...factories(commerceUseCases),
      // Replaced by the CRM module (payments move the pipeline).
      paymentEvents: asValue(noPaymentEvents),
      paymentGateway: asValue(
        config.PAYGATE_PROVIDER === 'midtrans'
          ? makeMidtransGateway({ apiUrl: config.MIDTRANS_API_URL, serverKey })
          : makeSandboxGateway(config.publicUrl),
      ),
      notificationSigner: asValue(sha512NotificationSigner(serverKey)),
      receiptRenderer: asValue(pdfkitReceiptRenderer),
      ...factories(commerceJobs),
      ...factories(commerceRoutes),

      // Mail: broadcasts and delivery callbacks.
      mailerSignatures: asValue(hmacMailerSignatures),
      mailerWebhookSecret: asValue(config.MAILER_WEBHOOK_SECRET ?? null),
    };
  },
  overrides: ['categorySubscribers', 'salesRecords'],
  routes: Object.keys(commerceRoutes),
  jobs: Object.keys(commerceJobs),
  schedules: [
    { job: EXPIRE_SUBSCRIPTIONS_JOB, everyMs: (config) => config.SUBSCRIPTION_SWEEP_MS },
    { job: BROADCAST_RELAY_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS },
  ],
  dashboard: ['commerceDashboard'],
};
