import type { ErrorTableOf } from '../kit/errors.js';
import type { CommerceCodes } from './codes.js';
import { sharedErrors } from './shared.js';

const { notFound, invalid } = sharedErrors<CommerceCodes>();

export const commerceErrors = {
  ...notFound('ORDER_NOT_FOUND', 'PAYMENT_NOT_FOUND', 'SUBSCRIPTION_NOT_FOUND', 'PLAN_NOT_FOUND', 'PRICE_NOT_FOUND'),
  ...invalid('UNKNOWN_COURSE', 'CATEGORY_NOT_FOR_SALE', 'NOTHING_TO_ORDER', 'CURRENCY_MISMATCH', 'INVALID_NOTIFICATION'),
  // Contract §7: an invalid, expired or exhausted promo code answers 400 naming the reason.
  PROMO_NOT_FOUND: { status: 400, message: 'Promo code is invalid' },
  PROMO_NOT_STARTED: { status: 400, message: 'Promo code is not valid yet' },
  PROMO_EXPIRED: { status: 400, message: 'Promo code has expired' },
  PROMO_EXHAUSTED: { status: 400, message: 'Promo code has been used up' },
  // A payment of a discounted order that holds no use of its code, and none is left: not settled.
  PROMO_USE_UNAVAILABLE: { status: 400, message: 'Promo code has been used up' },
  // Beyond what the money columns hold (999,999,999,999.99): `error` names the limit.
  AMOUNT_TOO_LARGE: { status: 400, message: 'The total is larger than an order can be' },
  COURSE_IS_FREE: { status: 400, message: 'This course is free: enrol in it directly' },
  PLAN_NOT_AVAILABLE: { status: 400, message: 'This subscription plan is not available' },
  ORDER_NOT_PENDING: { status: 400, message: 'Only pending orders can be changed' },
  ORDER_ITEMS_FIXED: { status: 400, message: 'The item of a subscription order cannot be changed' },
  ORDER_PAYMENT_IN_PROGRESS: { status: 400, message: 'A payment of this order is in progress: cancel the order and place a new one' },
  ORDER_NOT_PAID: { status: 400, message: 'The order is not paid' },
  ORDER_NOT_PAYABLE: { status: 400, message: 'The order cannot be paid' },
  ORDER_ALREADY_PAID: { status: 400, message: 'The order is already paid' },
  AMOUNT_MISMATCH: { status: 400, message: 'Amount does not match the order total' },
  PAYMENT_METHOD_UNAVAILABLE: { status: 400, message: 'Payment method is not available' },
  PAYMENT_GATEWAY_ERROR: { status: 502, message: 'Payment gateway error' },
  SUBSCRIPTION_NOT_CANCELLABLE: { status: 400, message: 'Only pending or active subscriptions can be cancelled' },
} satisfies ErrorTableOf<CommerceCodes>;
