import { z } from 'zod';
import { Role } from '../../../domain/identity/role.js';
import { PAYMENT_STATUSES } from '../../../domain/commerce/payment-status.js';
import { formatMoney } from '../../../application/commerce/mail-templates.js';
import { notificationOutcomeView, paymentAnswer, paymentView, sandboxOutcomeView } from '../wire/commerce.present.js';
import { escapeHtml } from '../../../application/shared/html.js';
import { SANDBOX_RESULTS } from '../../../application/commerce/use-cases/complete-sandbox-payment.usecase.js';
import type { PaymentGateway } from '../../../application/commerce/ports/payment-gateway.js';
import type { StartPaymentError } from '../../../application/commerce/payments.js';
import type { Order } from '../../../domain/commerce/order.js';
import type { Payment } from '../../../domain/commerce/payment.js';
import { reply } from '../kit/envelope.js';
import { DomainError, HttpError, unwrap, errorsFrom, edgeErrors } from '../kit/errors.js';
import { dayOrTime, dayAfter, dayStart, pageQuery, pageView, text, toPageRequest, uuid } from '../kit/schemas.js';
import type { RouteModule, RouteTable } from '../kit/route-table.js';
import { sendRaw } from './route-helpers.js';
import * as wire from '../wire/commerce.wire.js';
import { money } from './learning-schemas.js';
import type { CommerceRegistry } from '../../../application/commerce/registry.js';

type Deps = Pick<
  CommerceRegistry,
  | 'initiatePayment'
  | 'checkPayment'
  | 'latestPayment'
  | 'receivePaymentNotification'
  | 'getSandboxPayment'
  | 'completeSandboxPayment'
  | 'listPayments'
  | 'recordOfflinePayment'
> & {
  paymentGateway: Pick<PaymentGateway, 'provider'>;
};

/** What starting a payment refuses (`startPayment`): an initiate and a subscription checkout both start one. */
export const startPaymentErrors = [
  'ORDER_NOT_PAYABLE',
  'AMOUNT_MISMATCH',
  'PAYMENT_METHOD_UNAVAILABLE',
  'PAYMENT_GATEWAY_ERROR',
  'USER_NOT_FOUND',
] as const satisfies readonly StartPaymentError[];

const InitiateBody = z.object({ order_id: uuid, payment_method: z.string().trim().min(1).max(64), amount: money.optional() });
const TxParam = z.object({ transaction_id: z.string().trim().min(1).max(128) });
const OrderParam = z.object({ order_id: uuid });
const SandboxParam = z.object({ transaction_id: uuid });
const SandboxQuery = z.strictObject({ result: z.enum(SANDBOX_RESULTS) });

/** Midtrans HTTP notification (contract §7): values as sent; numbers are accepted as their text. */
const asText = z.union([z.string(), z.number()]).transform(String);
/** `100000` or `100000.00`: no exponent, sign, spaces or third decimal (issue 16). */
const PLAIN_DECIMAL = /^\d+(\.\d{1,2})?$/;
/** What a signed notification must also be; judged after its signature (a forgery is 403 whatever its shape). */
const StrictNotification = z.object({ gross_amount: z.string().regex(PLAIN_DECIMAL, 'a plain decimal with at most 2 decimals') });
const Notification = z.object({
  order_id: asText,
  status_code: asText,
  gross_amount: asText,
  signature_key: z.string(),
  transaction_status: z.string(),
  fraud_status: z.string().nullish(),
  transaction_id: asText.nullish(),
  payment_type: z.string().nullish(),
});

const AdminPaymentsQuery = pageQuery.extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
  method: z.string().trim().max(64).optional(),
  order_id: uuid.optional(),
  user_id: uuid.optional(),
  from: dayOrTime.optional(),
  to: dayOrTime.optional(),
});
const OfflineBody = z.object({
  order_id: uuid,
  amount: money,
  payment_method: z.string().trim().min(1).max(64),
  reference: text(200).nullable().optional(),
});

/** Our own page, nothing external: inline styles and posting back to us only. */
const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function sandboxPage(p: Payment, o: Order, done?: string): string {
  const action = (result: string) => `/api/paygate/sandbox/${escapeHtml(p.transactionId)}?result=${result}`;
  const body = done
    ? `<p class="done">${escapeHtml(done)}</p>`
    : p.status === 'pending' && o.status === 'pending'
      ? `<form method="post" action="${action('success')}"><button class="ok" type="submit">Pay ` +
        `${escapeHtml(formatMoney(p.amount, p.currency))} (success)</button></form>
<form method="post" action="${action('failure')}"><button class="ko" type="submit">Decline (failure)</button></form>`
      : `<p>This payment is <b>${escapeHtml(p.status)}</b> (order ${escapeHtml(o.status)}).</p>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payment</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111827}
.card{border:1px solid #d1d5db;border-radius:.5rem;padding:1.5rem}button{width:100%;padding:.75rem;margin:.5rem ` +
    `0;border:0;border-radius:.375rem;font-size:1rem;cursor:pointer}
.ok{background:#059669;color:#fff}.ko{background:#e5e7eb}.done{font-weight:600}small{color:#6b7280}</style></head><body><div class="card">
<h1>Sandbox payment</h1><p>Order <code>${escapeHtml(o.id)}</code><br>Method: ${escapeHtml(p.paymentMethod)}<br>Amount: ` +
    `<b>${escapeHtml(formatMoney(p.amount, p.currency))}</b></p>
${body}<p><small>Test gateway: no money moves. The choice sends a signed payment notification, as a real gateway would.</small></p></div></body></html>`
  );
}

function mountSandbox(r: RouteTable, d: Deps, tags: string[]): void {
  r.get(
    '/api/paygate/sandbox/:transaction_id',
    {
      operationId: 'getSandboxPaymentPage',
      producesSchema: z.string(),
      errors: edgeErrors([{ status: 404, message: 'Record not found' }]),
      summary: 'Sandbox payment page (HTML)',
      access: 'public',
      params: SandboxParam,
      produces: 'text/html',
      tags,
    },
    async ({ params, ctx }) => {
      const found = await d.getSandboxPayment(params.transaction_id);
      if (!found.ok) throw new HttpError(404, 'Record not found');
      const page = sandboxPage(found.value.payment, found.value.order);
      return sendRaw(ctx, 'text/html; charset=utf-8', page, { 'Cache-Control': 'no-store', 'Content-Security-Policy': SANDBOX_CSP });
    },
  );
  r.post(
    '/api/paygate/sandbox/:transaction_id',
    {
      summary: "The payer's choice on the sandbox page (?result=success|failure|expire): sends the signed notification",
      access: 'public',
      params: SandboxParam,
      query: SandboxQuery,
      produces: 'text/html',
      tags,
      operationId: 'completeSandboxPayment',
      description: 'Answers the page again (HTML), or `{order_id, status}` to `Accept: application/json`.',
      response: wire.SandboxOutcome,
      errors: errorsFrom(d.completeSandboxPayment)([
        'PAYMENT_NOT_FOUND',
        'INVALID_SIGNATURE',
        'ORDER_NOT_FOUND',
        'AMOUNT_MISMATCH',
        'INVALID_NOTIFICATION',
        'PROMO_USE_UNAVAILABLE',
      ]),
    },
    async ({ params, query, ctx }) => {
      const out = unwrap(await d.completeSandboxPayment(params.transaction_id, query.result));
      const found = await d.getSandboxPayment(params.transaction_id);
      const accepts = ctx.accepts('html', 'json');
      if (accepts === 'json' || !found.ok) return reply(sandboxOutcomeView(out), 'Sandbox notification sent');
      const outcome = out.order.status === 'paid' ? 'Payment successful. You can close this page.' : `Payment ${out.order.status}.`;
      const page = sandboxPage(found.value.payment, found.value.order, outcome);
      return sendRaw(ctx, 'text/html; charset=utf-8', page, { 'Content-Security-Policy': SANDBOX_CSP });
    },
  );
}

export const makeCommercePaygateRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['payment gateway'];
    r.post(
      '/api/paygate/payment/initiate',
      {
        operationId: 'initiatePayment',
        response: wire.PaymentWithOrder,
        errors: errorsFrom(d.initiatePayment)(['ORDER_NOT_FOUND', ...startPaymentErrors]),
        summary: 'Start paying an order: {transaction_id, redirect_url, …} (owner or Admin)',
        access: Role.Student,
        body: InitiateBody,
        tags,
      },
      async ({ actor, body }) => {
        const out = unwrap(
          await d.initiatePayment(actor, { orderId: body.order_id, paymentMethod: body.payment_method, amount: body.amount }),
        );
        return reply(paymentAnswer(out), 'Payment initiated');
      },
    );
    r.get(
      '/api/paygate/payment/check/:transaction_id',
      {
        operationId: 'checkPayment',
        response: wire.PaymentWithOrder,
        errors: errorsFrom(d.checkPayment)(['PAYMENT_NOT_FOUND']),
        summary: "A payment by transaction id (ours or the gateway's)",
        access: Role.Student,
        params: TxParam,
        tags,
      },
      async ({ actor, params }) => paymentAnswer(unwrap(await d.checkPayment(actor, params.transaction_id))),
    );
    r.get(
      '/api/paygate/payment/latest/:order_id',
      {
        operationId: 'getLatestPayment',
        response: wire.PaymentWithOrder,
        errors: errorsFrom(d.latestPayment)(['ORDER_NOT_FOUND', 'PAYMENT_NOT_FOUND']),
        summary: 'The newest payment of an order',
        access: Role.Student,
        params: OrderParam,
        tags,
      },
      async ({ actor, params }) => paymentAnswer(unwrap(await d.latestPayment(actor, params.order_id))),
    );

    r.post(
      '/api/paygate/webhook',
      {
        summary: 'Payment notification (Midtrans HTTP notification format, signature_key checked)',
        access: 'public',
        tenant: 'proof',
        rateLimit: 'webhook',
        failedProofs: ['INVALID_SIGNATURE'],
        bodyKind: { kind: 'raw-json' },
        tags,
        operationId: 'receivePaymentNotification',
        documentedBody: Notification.loose(),
        response: wire.NotificationOutcome,
        errors: errorsFrom(d.receivePaymentNotification)([
          'INVALID_SIGNATURE',
          'INVALID_NOTIFICATION',
          'ORDER_NOT_FOUND',
          'AMOUNT_MISMATCH',
          'PROMO_USE_UNAVAILABLE',
        ]),
      },
      async ({ body }) => {
        // Without the signed fields there is nothing to verify: refused like a bad signature, nothing stored.
        const parsed = Notification.safeParse(body);
        if (!parsed.success) throw new DomainError('INVALID_SIGNATURE');
        const n = parsed.data;
        const strict = StrictNotification.safeParse(n);
        const malformed = strict.success ? [] : strict.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
        const out = unwrap(
          await d.receivePaymentNotification(
            {
              orderId: n.order_id,
              statusCode: n.status_code,
              grossAmount: n.gross_amount,
              signatureKey: n.signature_key,
              transactionStatus: n.transaction_status,
              fraudStatus: n.fraud_status ?? null,
              transactionId: n.transaction_id ?? null,
              paymentType: n.payment_type ?? null,
              malformed,
            },
            body,
          ),
        );
        return reply(notificationOutcomeView(out), out.changed ? 'Notification processed' : 'Notification received');
      },
    );

    // The sandbox gateway's page (public: the payer's browser, no tenant header; the transaction id is
    // the capability). Mounted only while the sandbox is the configured gateway (issue 26): with
    // midtrans, a sandbox payment left in the database must not pay its order for free.
    if (d.paymentGateway.provider === 'sandbox') mountSandbox(r, d, tags);

    const atags = ['admin payments'];
    r.get(
      '/api/lms/admin/payments',
      {
        operationId: 'listPayments',
        response: wire.PaymentPage,
        errors: errorsFrom(d.listPayments)([]),
        summary: 'Payments, newest first (status, method, from, to, order_id, user_id)',
        access: Role.Admin,
        query: AdminPaymentsQuery,
        tags: atags,
      },
      async ({ actor, query }) =>
        pageView(
          await d.listPayments(
            actor,
            {
              status: query.status,
              method: query.method,
              orderId: query.order_id,
              userId: query.user_id,
              from: query.from === undefined ? undefined : query.from.length === 10 ? dayStart(query.from) : new Date(query.from),
              to: query.to === undefined ? undefined : query.to.length === 10 ? dayAfter(query.to) : new Date(query.to),
            },
            toPageRequest(query),
          ),
          paymentView,
        ),
    );
    r.post(
      '/api/lms/admin/payments',
      {
        operationId: 'recordOfflinePayment',
        response: wire.PaymentWithOrder,
        errors: errorsFrom(d.recordOfflinePayment)([
          'AMOUNT_MISMATCH',
          'ORDER_ALREADY_PAID',
          'ORDER_NOT_FOUND',
          'ORDER_NOT_PAYABLE',
          'PROMO_USE_UNAVAILABLE',
        ]),
        summary: 'Record an offline payment; pays the order through the state machine',
        access: Role.Admin,
        body: OfflineBody,
        tags: atags,
      },
      async ({ actor, meta, body }) => {
        const out = unwrap(
          await d.recordOfflinePayment(actor, meta, {
            orderId: body.order_id,
            amount: body.amount,
            paymentMethod: body.payment_method,
            reference: body.reference,
          }),
        );
        return reply(paymentAnswer(out), 'Payment recorded');
      },
    );
  };
