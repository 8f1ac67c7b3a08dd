import type { Built } from '../shared/registry.js';
import type { CommerceDeps } from './deps.js';
import { makeCategorySubscribers } from './category-subscribers.js';
import { makeSalesRecords } from './category-subscribers.js';
import { makeSettlement } from './settlement.js';
import { makeCommerceDashboard } from './commerce-dashboard.js';
import { makeListSubscriptionPlans } from './use-cases/list-subscription-plans.usecase.js';
import { makeListPricing } from './use-cases/list-pricing.usecase.js';
import { makeListPaymentMethods } from './use-cases/list-payment-methods.usecase.js';
import { makeCheckPrice } from './use-cases/check-price.usecase.js';
import { makeCreateOrder } from './use-cases/create-order.usecase.js';
import { makeListMyOrders } from './use-cases/list-my-orders.usecase.js';
import { makeGetMyOrder } from './use-cases/get-my-order.usecase.js';
import { makeUpdateOrder } from './use-cases/update-order.usecase.js';
import { makeCancelOrder } from './use-cases/cancel-order.usecase.js';
import { makeResendOrderEmail } from './use-cases/resend-order-email.usecase.js';
import { makeResendReceipt } from './use-cases/resend-receipt.usecase.js';
import { makeCreateSubscription } from './use-cases/create-subscription.usecase.js';
import { makeCheckoutSubscription } from './use-cases/checkout-subscription.usecase.js';
import { makeListMySubscriptions } from './use-cases/list-my-subscriptions.usecase.js';
import { makeGetSubscriptionPayment } from './use-cases/get-subscription-payment.usecase.js';
import { makeCancelSubscription } from './use-cases/cancel-subscription.usecase.js';
import { makeExpireSubscriptions } from './use-cases/expire-subscriptions.usecase.js';
import { makeInitiatePayment } from './use-cases/initiate-payment.usecase.js';
import { makeCheckPayment } from './use-cases/check-payment.usecase.js';
import { makeLatestPayment } from './use-cases/latest-payment.usecase.js';
import { makeReceivePaymentNotification } from './use-cases/receive-payment-notification.usecase.js';
import { makeGetSandboxPayment } from './use-cases/complete-sandbox-payment.usecase.js';
import { makeCompleteSandboxPayment } from './use-cases/complete-sandbox-payment.usecase.js';
import { makeListPayments } from './use-cases/list-payments.usecase.js';
import { makeRecordOfflinePayment } from './use-cases/record-offline-payment.usecase.js';
import { makeSendBroadcast } from '../platform/use-cases/send-broadcast.usecase.js';
import { makeSendBroadcastBatch } from '../platform/use-cases/send-broadcast-batch.usecase.js';
import { makeRelayBroadcasts } from '../platform/use-cases/relay-broadcasts.usecase.js';
import { makeGetBroadcast } from '../platform/use-cases/get-broadcast.usecase.js';
import { makeReceiveMailerCallback } from '../platform/use-cases/receive-mailer-callback.usecase.js';
import { makeListMailerLogs } from '../platform/use-cases/list-mailer-logs.usecase.js';
import { makeMailerLogStats } from '../platform/use-cases/mailer-log-stats.usecase.js';
import { makeGetMailerLog } from '../platform/use-cases/get-mailer-log.usecase.js';

/** Commerce's use cases and services, each under the name the container gives it (one line each). */
export const commerceUseCases = {
  // categorySubscribers and salesRecords are learning's ports: the commerce module lists them in its overrides.
  categorySubscribers: makeCategorySubscribers,
  salesRecords: makeSalesRecords,
  settlement: makeSettlement,
  commerceDashboard: makeCommerceDashboard,
  listSubscriptionPlans: makeListSubscriptionPlans,
  listPricing: makeListPricing,
  listPaymentMethods: makeListPaymentMethods,
  checkPrice: makeCheckPrice,
  createOrder: makeCreateOrder,
  listMyOrders: makeListMyOrders,
  getMyOrder: makeGetMyOrder,
  updateOrder: makeUpdateOrder,
  cancelOrder: makeCancelOrder,
  resendOrderEmail: makeResendOrderEmail,
  resendReceipt: makeResendReceipt,
  createSubscription: makeCreateSubscription,
  checkoutSubscription: makeCheckoutSubscription,
  listMySubscriptions: makeListMySubscriptions,
  getSubscriptionPayment: makeGetSubscriptionPayment,
  cancelSubscription: makeCancelSubscription,
  expireSubscriptions: makeExpireSubscriptions,
  initiatePayment: makeInitiatePayment,
  checkPayment: makeCheckPayment,
  latestPayment: makeLatestPayment,
  receivePaymentNotification: makeReceivePaymentNotification,
  getSandboxPayment: makeGetSandboxPayment,
  completeSandboxPayment: makeCompleteSandboxPayment,
  listPayments: makeListPayments,
  recordOfflinePayment: makeRecordOfflinePayment,
  sendBroadcast: makeSendBroadcast,
  sendBroadcastBatch: makeSendBroadcastBatch,
  relayBroadcasts: makeRelayBroadcasts,
  getBroadcast: makeGetBroadcast,
  receiveMailerCallback: makeReceiveMailerCallback,
  listMailerLogs: makeListMailerLogs,
  mailerLogStats: makeMailerLogStats,
  getMailerLog: makeGetMailerLog,
};

/** What the container holds for this context: its ports (deps.ts) and what its table builds; route modules `Pick` from it. */
export type CommerceRegistry = CommerceDeps & Built<typeof commerceUseCases>;
