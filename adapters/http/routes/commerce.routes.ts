import { z, type ZodType } from 'zod';
import { Role } from '../../../domain/identity/role.js';
import { ORDER_STATUSES } from '../../../domain/commerce/order.js';
import { PROMO_PROBLEMS } from '../../../domain/commerce/pricing.js';
import {
  orderView,
  paymentMethodView,
  priceQuoteView,
  publicPlanView,
  publicPricingView,
  subscriptionCheckoutView,
  subscriptionPaymentView,
  subscriptionView,
  subscriptionWithOrderView,
} from '../wire/commerce.present.js';
import type { ItemRequest } from '../../../application/commerce/order-pricing.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import { idParam, pageQuery, pageView, toPageRequest, uuid } from '../kit/schemas.js';
import type { RouteModule } from '../kit/route-table.js';
import * as wire from '../wire/commerce.wire.js';
import { currency } from './learning-schemas.js';
import { startPaymentErrors } from './commerce-paygate.routes.js';
import type { CommerceRegistry } from '../../../application/commerce/registry.js';

type Deps = Pick<
  CommerceRegistry,
  | 'listSubscriptionPlans'
  | 'listPricing'
  | 'listPaymentMethods'
  | 'checkPrice'
  | 'createOrder'
  | 'listMyOrders'
  | 'getMyOrder'
  | 'updateOrder'
  | 'cancelOrder'
  | 'resendOrderEmail'
  | 'resendReceipt'
  | 'createSubscription'
  | 'checkoutSubscription'
  | 'listMySubscriptions'
  | 'getSubscriptionPayment'
  | 'cancelSubscription'
>;

const promoCode = z.string().trim().max(40).nullable().optional();
const paymentMethod = z.string().trim().min(1).max(64);

/** `{course_id}` or `{category_id}` (every published course of the category). */
const Item = z.union([
  z.object({ course_id: uuid }).transform((i): ItemRequest => ({ courseId: i.course_id })),
  z.object({ category_id: uuid }).transform((i): ItemRequest => ({ categoryId: i.category_id })),
]);
const items = z.array(Item).min(1).max(100);
const CreateOrderBody = z.object({ items, promo_code: promoCode, currency: currency.optional() });
const UpdateOrderBody = z.object({ items: items.optional(), promo_code: promoCode });
const OrdersQuery = pageQuery.extend({ status: z.enum(ORDER_STATUSES).optional() });
const CheckPriceBody = z.object({
  category_id: uuid,
  quantity: z.number().int().min(1).max(100_000).default(1),
  promo_code: promoCode,
  currency: currency.optional(),
});
const SubscribeBody = z.object({ plan_id: uuid, promo_code: promoCode });
const CheckoutBody = z.object({ plan_id: uuid, payment_method: paymentMethod, promo_code: promoCode });

const tags = ['commerce'];
const otags = ['orders'];

export const makeCommerceRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    /** The catalogue's lists: public, small and fixed, so plain arrays (contract §2); each of the tenant. */
    const catalogue = <T, W>(
      path: string,
      doc: { operationId: string; summary: string },
      item: ZodType<unknown, W>,
      list: (tenantId: string) => Promise<T[]>,
      view: (x: T) => W,
    ) =>
      r.get(path, { ...doc, response: z.array(item), errors: errorsFrom(list)([]), access: 'public', tags }, async ({ tenant }) =>
        (await list(tenant.id)).map(view),
      );
    catalogue(
      '/api/lms/subscription-plans',
      { operationId: 'listSubscriptionPlans', summary: 'Active subscription plans' },
      wire.PublicPlan,
      d.listSubscriptionPlans,
      publicPlanView,
    );
    catalogue(
      '/api/lms/pricing',
      { operationId: 'listPricing', summary: 'Category prices with quantity tiers' },
      wire.PublicPricing,
      d.listPricing,
      publicPricingView,
    );
    catalogue(
      '/api/lms/payment-methods',
      { operationId: 'listPaymentMethods', summary: 'Payment methods offered ({code, name, type, provider})' },
      wire.PaymentMethod,
      d.listPaymentMethods,
      paymentMethodView,
    );

    // Orders.
    r.post(
      '/api/orders/check-price',
      {
        operationId: 'checkPrice',
        response: wire.PriceQuote,
        errors: errorsFrom(d.checkPrice)(['PRICE_NOT_FOUND', 'AMOUNT_TOO_LARGE', ...PROMO_PROBLEMS]),
        summary: 'Price of `quantity` courses of a category, with a promo code; nothing is stored',
        access: 'public',
        body: CheckPriceBody,
        tags: otags,
      },
      async ({ tenant, body }) => {
        return priceQuoteView(
          unwrap(
            await d.checkPrice(tenant.id, {
              categoryId: body.category_id,
              quantity: body.quantity,
              promoCode: body.promo_code,
              currency: body.currency,
            }),
          ),
        );
      },
    );
    r.post(
      '/api/orders',
      {
        operationId: 'createOrder',
        response: wire.Order,
        errors: errorsFrom(d.createOrder)([
          'UNKNOWN_COURSE',
          'AMOUNT_TOO_LARGE',
          'CATEGORY_NOT_FOR_SALE',
          'COURSE_IS_FREE',
          'CURRENCY_MISMATCH',
          'NOTHING_TO_ORDER',
          ...PROMO_PROBLEMS,
        ]),
        summary: 'Place an order of courses: items [{course_id} | {category_id}], promo_code?',
        access: Role.Student,
        body: CreateOrderBody,
        tags: otags,
        description:
          'Priced on the server: courses whose category has a price are priced together per category at the tier their ' +
          'number reaches; others at their own price.',
      },
      async ({ actor, body }) =>
        reply(
          orderView(unwrap(await d.createOrder(actor, { items: body.items, promoCode: body.promo_code, currency: body.currency }))),
          'Order created',
        ),
    );
    r.get(
      '/api/orders',
      {
        operationId: 'listMyOrders',
        response: wire.OrderPage,
        errors: errorsFrom(d.listMyOrders)([]),
        summary: "The caller's orders, newest first",
        access: Role.Student,
        query: OrdersQuery,
        tags: otags,
      },
      async ({ actor, query }) => pageView(await d.listMyOrders(actor, { status: query.status }, toPageRequest(query)), orderView),
    );
    r.get(
      '/api/orders/:id',
      {
        operationId: 'getMyOrder',
        response: wire.Order,
        errors: errorsFrom(d.getMyOrder)(['ORDER_NOT_FOUND']),
        summary: "One of the caller's orders",
        access: Role.Student,
        params: idParam,
        tags: otags,
      },
      async ({ actor, params }) => orderView(unwrap(await d.getMyOrder(actor, params.id))),
    );
    r.put(
      '/api/orders/:id',
      {
        operationId: 'updateOrder',
        response: wire.Order,
        errors: errorsFrom(d.updateOrder)([
          'ORDER_NOT_FOUND',
          'ORDER_NOT_PENDING',
          'ORDER_PAYMENT_IN_PROGRESS',
          'ORDER_ITEMS_FIXED',
          'AMOUNT_TOO_LARGE',
          'UNKNOWN_COURSE',
          'CATEGORY_NOT_FOR_SALE',
          'COURSE_IS_FREE',
          'CURRENCY_MISMATCH',
          'NOTHING_TO_ORDER',
          ...PROMO_PROBLEMS,
        ]),
        summary: 'Change a pending order (items, promo_code; null removes the code)',
        access: Role.Student,
        params: idParam,
        body: UpdateOrderBody,
        tags: otags,
      },
      async ({ actor, params, body }) =>
        reply(orderView(unwrap(await d.updateOrder(actor, params.id, { items: body.items, promoCode: body.promo_code }))), 'Order updated'),
    );
    r.delete(
      '/api/orders/:id',
      {
        operationId: 'cancelOrder',
        response: wire.Order,
        errors: errorsFrom(d.cancelOrder)(['ORDER_NOT_FOUND', 'ORDER_NOT_PENDING']),
        summary: 'Cancel a pending order',
        access: Role.Student,
        params: idParam,
        tags: otags,
      },
      async ({ actor, params }) => reply(orderView(unwrap(await d.cancelOrder(actor, params.id))), 'Order cancelled'),
    );
    r.post(
      '/api/orders/:id/resend-email',
      {
        operationId: 'resendOrderEmail',
        response: wire.Order,
        errors: errorsFrom(d.resendOrderEmail)(['ORDER_NOT_FOUND']),
        summary: 'Mail the order confirmation again',
        access: Role.Student,
        params: idParam,
        tags: otags,
      },
      async ({ actor, params }) => reply(orderView(unwrap(await d.resendOrderEmail(actor, params.id))), 'Order confirmation sent'),
    );
    r.post(
      '/api/orders/:id/resend-receipt',
      {
        operationId: 'resendReceipt',
        response: wire.Order,
        errors: errorsFrom(d.resendReceipt)(['ORDER_NOT_FOUND', 'ORDER_NOT_PAID']),
        summary: 'Mail the receipt (PDF attached) of a paid order again',
        access: Role.Student,
        params: idParam,
        tags: otags,
      },
      async ({ actor, params }) => reply(orderView(unwrap(await d.resendReceipt(actor, params.id))), 'Receipt sent'),
    );

    // Subscriptions.
    r.get(
      '/api/lms/my-subscriptions',
      {
        operationId: 'listMySubscriptions',
        response: wire.SubscriptionPage,
        errors: errorsFrom(d.listMySubscriptions)([]),
        summary: "The caller's subscriptions, newest first",
        access: Role.Student,
        query: pageQuery,
        tags,
      },
      async ({ actor, query }) =>
        pageView(await d.listMySubscriptions(actor, toPageRequest(query)), (x) => subscriptionView(x.subscription, x.plan)),
    );
    r.post(
      '/api/lms/subscriptions',
      {
        operationId: 'createSubscription',
        response: wire.SubscriptionWithOrder,
        errors: errorsFrom(d.createSubscription)(['PLAN_NOT_FOUND', 'PLAN_NOT_AVAILABLE', ...PROMO_PROBLEMS]),
        summary: 'A pending subscription with its order',
        access: Role.Student,
        body: SubscribeBody,
        tags,
      },
      async ({ actor, body }) => {
        const placed = unwrap(await d.createSubscription(actor, { planId: body.plan_id, promoCode: body.promo_code }));
        return reply(subscriptionWithOrderView(placed), 'Subscription created');
      },
    );
    r.post(
      '/api/lms/subscription-checkout',
      {
        operationId: 'checkoutSubscription',
        response: wire.SubscriptionCheckout,
        errors: errorsFrom(d.checkoutSubscription)(['PLAN_NOT_FOUND', 'PLAN_NOT_AVAILABLE', ...PROMO_PROBLEMS, ...startPaymentErrors]),
        summary: 'Subscribe and start the payment: {order, payment (redirect_url), subscription}',
        access: Role.Student,
        body: CheckoutBody,
        tags,
      },
      async ({ actor, body }) => {
        const out = unwrap(
          await d.checkoutSubscription(actor, { planId: body.plan_id, paymentMethod: body.payment_method, promoCode: body.promo_code }),
        );
        return reply(subscriptionCheckoutView(out), 'Checkout started');
      },
    );
    r.get(
      '/api/lms/subscription-payments/:id',
      {
        operationId: 'getSubscriptionPayment',
        response: wire.SubscriptionPayment,
        errors: errorsFrom(d.getSubscriptionPayment)(['SUBSCRIPTION_NOT_FOUND']),
        summary: 'Payment status of a subscription (:id = subscription id)',
        access: Role.Student,
        params: idParam,
        tags,
      },
      async ({ actor, params }) => {
        return subscriptionPaymentView(unwrap(await d.getSubscriptionPayment(actor, params.id)));
      },
    );
    r.post(
      '/api/lms/subscriptions/:id/cancel',
      {
        operationId: 'cancelSubscription',
        response: wire.Subscription,
        errors: errorsFrom(d.cancelSubscription)(['SUBSCRIPTION_NOT_FOUND', 'SUBSCRIPTION_NOT_CANCELLABLE']),
        summary: 'Cancel: an active subscription keeps access until ends_at',
        access: Role.Student,
        params: idParam,
        tags,
      },
      async ({ actor, params }) => {
        const cancelled = unwrap(await d.cancelSubscription(actor, params.id));
        return reply(subscriptionView(cancelled.subscription, cancelled.plan), 'Subscription cancelled');
      },
    );
  };
