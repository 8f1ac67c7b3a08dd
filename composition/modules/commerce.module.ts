import { asFunction, asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { commerceUseCases } from '../../application/commerce/registry.js';
import { persistentSecret } from '../../infrastructure/secrets.js';
import { noPaymentEvents } from '../../application/commerce/ports/payment-events.js';
import { BROADCAST_RELAY_JOB } from '../../application/platform/mail-ports.js';
import {
  makeOrderPgRepository,
  makePaymentPgRepository,
  makePromoCodeReservationsPg,
  makeSubscriptionPgRepository,
} from '../../adapters/persistence/pg/commerce.pg-repositories.js';
import { makeBroadcastPgRepository, makeMailEventPgRepository } from '../../adapters/persistence/pg/mail.pg-repositories.js';
import { makeSandboxGateway } from '../../adapters/gateways/payment/sandbox.gateway.js';
import { makeMidtransGateway } from '../../adapters/gateways/payment/midtrans.gateway.js';
import { sha512NotificationSigner } from '../../adapters/gateways/payment/notification-signer.js';
import { pdfkitReceiptRenderer } from '../../adapters/gateways/receipts/pdfkit-receipt-renderer.js';
import { hmacMailerSignatures } from '../../adapters/security/mailer-signatures.js';
import { EXPIRE_SUBSCRIPTIONS_JOB, makeExpireSubscriptionsJob } from '../../adapters/jobs/expire-subscriptions.job.js';
import { makeBroadcastBatchJob, makeBroadcastRelayJob } from '../../adapters/jobs/broadcast-batch.job.js';
import { makeCommerceRoutes } from '../../adapters/http/routes/commerce.routes.js';
import { makeCommercePaygateRoutes } from '../../adapters/http/routes/commerce-paygate.routes.js';
import { makeMailRoutes } from '../../adapters/http/routes/mail.routes.js';

/**
 * Commerce (plans, orders, payments, subscriptions, receipts) and mail (broadcasts, delivery
 * callbacks). Builds on learning's public API (`learningCatalog`, `learningAccess`,
 * `grantEnrollment`), so it is listed after the learning module.
 */
export const commerceModule: AppModule = {
  name: 'commerce',
  registrations: (config) => {
    // The notification key: PAYGATE_SERVER_KEY, or one generated once into DATA_DIR (contract §1).
    const serverKey = config.PAYGATE_SERVER_KEY ?? persistentSecret(config.DATA_DIR, 'paygate_server_key');
    return {
      paygateServerKey: asValue(serverKey),
      orderRepository: asFunction(makeOrderPgRepository).singleton(),
      paymentRepository: asFunction(makePaymentPgRepository).singleton(),
      subscriptionRepository: asFunction(makeSubscriptionPgRepository).singleton(),
      // With learning's ports `categorySubscribers` and `salesRecords` (see `overrides`).
      ...factories(commerceUseCases),
      promoCodeReservations: asFunction(makePromoCodeReservationsPg).singleton(),
      // Replaced by the CRM module (payments move the pipeline).
      paymentEvents: asValue(noPaymentEvents),
      paymentGateway: asValue(
        config.PAYGATE_PROVIDER === 'midtrans'
          ? makeMidtransGateway({ apiUrl: config.MIDTRANS_API_URL, serverKey })
          : makeSandboxGateway(config.publicUrl),
      ),
      notificationSigner: asValue(sha512NotificationSigner(serverKey)),
      receiptRenderer: asValue(pdfkitReceiptRenderer),
      expireSubscriptionsJob: asFunction(makeExpireSubscriptionsJob).singleton(),
      commerceRoutes: asFunction(makeCommerceRoutes).singleton(),
      commercePaygateRoutes: asFunction(makeCommercePaygateRoutes).singleton(),

      // Mail: broadcasts and delivery callbacks.
      broadcastRepository: asFunction(makeBroadcastPgRepository).singleton(),
      mailEventRepository: asFunction(makeMailEventPgRepository).singleton(),
      mailerSignatures: asValue(hmacMailerSignatures),
      mailerWebhookSecret: asValue(config.MAILER_WEBHOOK_SECRET ?? null),
      broadcastBatchJob: asFunction(makeBroadcastBatchJob).singleton(),
      broadcastRelayJob: asFunction(makeBroadcastRelayJob).singleton(),
      mailRoutes: asFunction(makeMailRoutes).singleton(),
    };
  },
  overrides: ['categorySubscribers', 'salesRecords'],
  routes: ['commerceRoutes', 'commercePaygateRoutes', 'mailRoutes'],
  jobs: ['expireSubscriptionsJob', 'broadcastBatchJob', 'broadcastRelayJob'],
  schedules: [
    { job: EXPIRE_SUBSCRIPTIONS_JOB, everyMs: (config) => config.SUBSCRIPTION_SWEEP_MS },
    { job: BROADCAST_RELAY_JOB, everyMs: (config) => config.OUTBOX_RELAY_MS },
  ],
  dashboard: ['commerceDashboard'],
};
