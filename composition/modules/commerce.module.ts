import { asFunction, asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { persistentSecret } from '../../infrastructure/secrets.js';
import { makeSettlement } from '../../application/commerce/settlement.js';
import { makeCategorySubscribers, makeSalesRecords } from '../../application/commerce/category-subscribers.js';
import { noPaymentEvents } from '../../application/commerce/ports/payment-events.js';
import { makeCommerceDashboard } from '../../application/commerce/commerce-dashboard.js';
import { makeListSubscriptionPlans } from '../../application/commerce/use-cases/list-subscription-plans.usecase.js';
import { makeListPricing } from '../../application/commerce/use-cases/list-pricing.usecase.js';
import { makeListPaymentMethods } from '../../application/commerce/use-cases/list-payment-methods.usecase.js';
import { makeCheckPrice } from '../../application/commerce/use-cases/check-price.usecase.js';
import { makeCreateOrder } from '../../application/commerce/use-cases/create-order.usecase.js';
import { makeListMyOrders } from '../../application/commerce/use-cases/list-my-orders.usecase.js';
import { makeGetMyOrder } from '../../application/commerce/use-cases/get-my-order.usecase.js';
import { makeUpdateOrder } from '../../application/commerce/use-cases/update-order.usecase.js';
import { makeCancelOrder } from '../../application/commerce/use-cases/cancel-order.usecase.js';
import { makeResendOrderEmail } from '../../application/commerce/use-cases/resend-order-email.usecase.js';
import { makeResendReceipt } from '../../application/commerce/use-cases/resend-receipt.usecase.js';
import { makeCreateSubscription } from '../../application/commerce/use-cases/create-subscription.usecase.js';
import { makeCheckoutSubscription } from '../../application/commerce/use-cases/checkout-subscription.usecase.js';
import { makeListMySubscriptions } from '../../application/commerce/use-cases/list-my-subscriptions.usecase.js';
import { makeGetSubscriptionPayment } from '../../application/commerce/use-cases/get-subscription-payment.usecase.js';
import { makeCancelSubscription } from '../../application/commerce/use-cases/cancel-subscription.usecase.js';
import { makeExpireSubscriptions } from '../../application/commerce/use-cases/expire-subscriptions.usecase.js';
import { makeInitiatePayment } from '../../application/commerce/use-cases/initiate-payment.usecase.js';
import { makeCheckPayment } from '../../application/commerce/use-cases/check-payment.usecase.js';
import { makeLatestPayment } from '../../application/commerce/use-cases/latest-payment.usecase.js';
import { makeReceivePaymentNotification } from '../../application/commerce/use-cases/receive-payment-notification.usecase.js';
import {
  makeCompleteSandboxPayment,
  makeGetSandboxPayment,
} from '../../application/commerce/use-cases/complete-sandbox-payment.usecase.js';
import { makeListPayments } from '../../application/commerce/use-cases/list-payments.usecase.js';
import { makeRecordOfflinePayment } from '../../application/commerce/use-cases/record-offline-payment.usecase.js';
import { makeSendBroadcast } from '../../application/platform/use-cases/send-broadcast.usecase.js';
import { makeSendBroadcastBatch } from '../../application/platform/use-cases/send-broadcast-batch.usecase.js';
import { makeRelayBroadcasts } from '../../application/platform/use-cases/relay-broadcasts.usecase.js';
import { makeGetBroadcast } from '../../application/platform/use-cases/get-broadcast.usecase.js';
import { makeReceiveMailerCallback } from '../../application/platform/use-cases/receive-mailer-callback.usecase.js';
import { makeListMailerLogs } from '../../application/platform/use-cases/list-mailer-logs.usecase.js';
import { makeMailerLogStats } from '../../application/platform/use-cases/mailer-log-stats.usecase.js';
import { makeGetMailerLog } from '../../application/platform/use-cases/get-mailer-log.usecase.js';
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
      // Learning's ports (same names: these later registrations replace its defaults).
      categorySubscribers: asFunction(makeCategorySubscribers).singleton(),
      salesRecords: asFunction(makeSalesRecords).singleton(),
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
      settlement: asFunction(makeSettlement).singleton(),
      commerceDashboard: asFunction(makeCommerceDashboard).singleton(),
      listSubscriptionPlans: asFunction(makeListSubscriptionPlans).singleton(),
      listPricing: asFunction(makeListPricing).singleton(),
      listPaymentMethods: asFunction(makeListPaymentMethods).singleton(),
      checkPrice: asFunction(makeCheckPrice).singleton(),
      createOrder: asFunction(makeCreateOrder).singleton(),
      listMyOrders: asFunction(makeListMyOrders).singleton(),
      getMyOrder: asFunction(makeGetMyOrder).singleton(),
      updateOrder: asFunction(makeUpdateOrder).singleton(),
      cancelOrder: asFunction(makeCancelOrder).singleton(),
      resendOrderEmail: asFunction(makeResendOrderEmail).singleton(),
      resendReceipt: asFunction(makeResendReceipt).singleton(),
      createSubscription: asFunction(makeCreateSubscription).singleton(),
      checkoutSubscription: asFunction(makeCheckoutSubscription).singleton(),
      listMySubscriptions: asFunction(makeListMySubscriptions).singleton(),
      getSubscriptionPayment: asFunction(makeGetSubscriptionPayment).singleton(),
      cancelSubscription: asFunction(makeCancelSubscription).singleton(),
      expireSubscriptions: asFunction(makeExpireSubscriptions).singleton(),
      initiatePayment: asFunction(makeInitiatePayment).singleton(),
      checkPayment: asFunction(makeCheckPayment).singleton(),
      latestPayment: asFunction(makeLatestPayment).singleton(),
      receivePaymentNotification: asFunction(makeReceivePaymentNotification).singleton(),
      getSandboxPayment: asFunction(makeGetSandboxPayment).singleton(),
      completeSandboxPayment: asFunction(makeCompleteSandboxPayment).singleton(),
      listPayments: asFunction(makeListPayments).singleton(),
      recordOfflinePayment: asFunction(makeRecordOfflinePayment).singleton(),
      expireSubscriptionsJob: asFunction(makeExpireSubscriptionsJob).singleton(),
      commerceRoutes: asFunction(makeCommerceRoutes).singleton(),
      commercePaygateRoutes: asFunction(makeCommercePaygateRoutes).singleton(),

      // Mail: broadcasts and delivery callbacks.
      broadcastRepository: asFunction(makeBroadcastPgRepository).singleton(),
      mailEventRepository: asFunction(makeMailEventPgRepository).singleton(),
      mailerSignatures: asValue(hmacMailerSignatures),
      mailerWebhookSecret: asValue(config.MAILER_WEBHOOK_SECRET ?? null),
      sendBroadcast: asFunction(makeSendBroadcast).singleton(),
      sendBroadcastBatch: asFunction(makeSendBroadcastBatch).singleton(),
      relayBroadcasts: asFunction(makeRelayBroadcasts).singleton(),
      getBroadcast: asFunction(makeGetBroadcast).singleton(),
      receiveMailerCallback: asFunction(makeReceiveMailerCallback).singleton(),
      listMailerLogs: asFunction(makeListMailerLogs).singleton(),
      mailerLogStats: asFunction(makeMailerLogStats).singleton(),
      getMailerLog: asFunction(makeGetMailerLog).singleton(),
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
