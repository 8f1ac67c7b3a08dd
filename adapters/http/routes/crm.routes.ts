import { z } from 'zod';
import { ALLOCATION_MODES } from '../../../domain/crm/allocation.js';
import { AD_PROVIDERS, LEAD_STATUSES, isAdProvider } from '../../../domain/crm/lead.js';
import { Role } from '../../../domain/identity/role.js';
import { DELIVERY_STATUSES } from '../../../application/crm/ports/delivery-repository.js';
import { WEBHOOK_SECRET_MIN } from '../../../application/crm/integrations.js';
import {
  automationView,
  dashboardView,
  deliveryView,
  integrationView,
  leadDetailView,
  leadsAcceptedView,
  leadView,
} from '../wire/crm.present.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import {
  dayOrTime,
  dayAfter,
  dayStart,
  email,
  idParam,
  money,
  pageQuery,
  pageView,
  queryBool,
  text,
  toPageRequest,
  uuid,
} from '../kit/schemas.js';
import type { RouteModule } from '../kit/route-table.js';
import { actOnId, sendRaw } from './route-helpers.js';
import * as wire from '../wire/crm.wire.js';
import type { CrmRegistry } from '../../../application/crm/registry.js';

type Deps = Pick<
  CrmRegistry,
  | 'listIntegrations'
  | 'updateIntegration'
  | 'verifyMetaSubscription'
  | 'receiveMetaWebhook'
  | 'receiveGoogleWebhook'
  | 'listWebhookDeliveries'
  | 'retryWebhookDelivery'
  | 'listLeads'
  | 'getLead'
  | 'createLead'
  | 'updateLead'
  | 'getAutomation'
  | 'updateAutomation'
  | 'getCrmDashboard'
> & {
  config: { publicUrl: string };
};

const tags = ['crm'];
const providerParam = z.object({ provider: z.enum(AD_PROVIDERS) });

/** A day (`YYYY-MM-DD`, whole UTC days, `to` inclusive) or an exact ISO time (`to` exclusive). */
const fromDate = (s: string | undefined) => (s === undefined ? undefined : s.length === 10 ? dayStart(s) : new Date(s));
const toDate = (s: string | undefined) => (s === undefined ? undefined : s.length === 10 ? dayAfter(s) : new Date(s));
const range = { from: dayOrTime.optional(), to: dayOrTime.optional() };

const secret = z.string().trim().max(2000).nullable().optional();
/** A webhook secret long enough that it cannot be guessed ("" or null clears it). */
const webhookSecret = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || v.length >= WEBHOOK_SECRET_MIN, `at least ${WEBHOOK_SECRET_MIN} characters`)
  .nullable()
  .optional();
const IntegrationBody = z.object({
  verify_token: webhookSecret,
  app_secret: secret,
  access_token: secret,
  page_id: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/, 'a numeric Facebook page id')
    .or(z.literal(''))
    .nullable()
    .optional(),
  webhook_key: webhookSecret,
  enabled: z.boolean().optional(),
});

const place = text(200).nullable().optional();
/** Custom answers as `[{question, answer}]` or as an object `{question: answer}`. */
const answers = z
  .union([
    z.array(z.object({ question: z.string().trim().min(1).max(500), answer: z.string().trim().max(5000) })).max(200),
    z.record(z.string().trim().min(1).max(500), z.union([z.string(), z.number(), z.boolean()]).transform(String)),
  ])
  .transform((a) => (Array.isArray(a) ? a : Object.entries(a).map(([question, answer]) => ({ question, answer }))));
const CreateLeadBody = z.object({
  name: z.string().trim().min(1).max(300),
  phone: text(64).nullable().optional(),
  email: email.nullable().optional(),
  city: place,
  region: place,
  category: place,
  answers: answers.optional(),
  status: z.enum(LEAD_STATUSES).default('new'),
  value: money.nullable().optional(),
  assigned_to: uuid.nullable().optional(),
  // Webhook providers are reserved: their leads come only through signed deliveries.
  provider: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_-]{1,32}$/)
    .refine((p) => !isAdProvider(p), 'meta and google leads come from webhooks')
    .default('manual'),
  external_id: z.string().trim().min(1).max(255).nullable().optional(),
  is_test: z.boolean().default(false),
  campaign_id: z.string().trim().min(1).max(255).nullable().optional(),
  form_id: z.string().trim().min(1).max(255).nullable().optional(),
  ad_id: z.string().trim().min(1).max(255).nullable().optional(),
});
const UpdateLeadBody = z.object({
  status: z.enum(LEAD_STATUSES).optional(),
  value: money.nullable().optional(),
  assigned_to: uuid.nullable().optional(),
  user_id: uuid.optional().meta({ description: 'Links the lead to this user of the tenant (confirms a suggestion)' }),
  note: z.string().trim().max(2000).optional(),
});
const LeadsQuery = pageQuery.extend({
  status: z.enum(LEAD_STATUSES).optional(),
  assigned_to: z.union([uuid, z.literal('none')]).optional(),
  provider: z.string().trim().max(32).optional(),
  search: z.string().trim().min(1).max(200).optional(),
  is_test: queryBool.optional(),
  linked: queryBool.optional(),
  ...range,
});
const DeliveriesQuery = pageQuery.extend({ status: z.enum(DELIVERY_STATUSES).optional(), provider: z.enum(AD_PROVIDERS).optional() });
const DashboardQuery = z.strictObject({
  ...range,
  include_test: queryBool.optional(),
  group_by: z.enum(['day', 'week', 'month']).optional(),
});
const words = z.array(z.string().trim().min(1).max(200)).max(100);
const AutomationBody = z.object({
  mode: z.enum(ALLOCATION_MODES).optional(),
  members: z
    .array(z.object({ user_id: uuid, active: z.boolean().default(true), regions: words.default([]), categories: words.default([]) }))
    .max(500)
    .optional(),
  fallback_user_id: uuid.nullable().optional(),
  close_on_payment: z.boolean().optional(),
});
// Meta's verification request, not a client's: whatever else Meta may add must not refuse it.
const HandshakeQuery = z.looseObject({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(1000).optional(),
});

export const makeCrmRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    r.get(
      '/api/crm/dashboard',
      {
        operationId: 'getCrmDashboard',
        response: wire.CrmDashboard,
        errors: errorsFrom(d.getCrmDashboard)([]),
        summary: 'Sales KPIs, the lead-to-paid-to-completed funnel and its sources over leads received in a date range',
        access: Role.Admin,
        query: DashboardQuery,
        tags,
      },
      async ({ actor, query }) =>
        dashboardView(
          await d.getCrmDashboard(actor, { from: fromDate(query.from), to: toDate(query.to) }, query.include_test ?? false, query.group_by),
        ),
    );

    r.get(
      '/api/crm/integrations',
      {
        operationId: 'listCrmIntegrations',
        response: z.array(wire.Integration),
        errors: errorsFrom(d.listIntegrations)([]),
        summary: 'Ad platform integrations (secrets as {configured})',
        access: Role.Admin,
        tags,
      },
      async ({ actor }) => (await d.listIntegrations(actor)).map((s) => integrationView(s, d.config.publicUrl)),
    );

    r.put(
      '/api/crm/integrations/:provider',
      {
        operationId: 'updateCrmIntegration',
        response: wire.Integration,
        errors: errorsFrom(d.updateIntegration)([
          'INTEGRATION_INCOMPLETE',
          'PAGE_NOT_VERIFIED',
          'WEBHOOK_KEY_REFUSED',
          'META_GRAPH_UNAVAILABLE',
        ]),
        summary: 'Create or update an integration (any subset; null clears); a page id is checked with Graph',
        access: Role.Admin,
        params: providerParam,
        body: IntegrationBody,
        tags,
      },
      async ({ actor, meta, params, body }) =>
        reply(
          integrationView(unwrap(await d.updateIntegration(actor, meta, params.provider, body)), d.config.publicUrl),
          'Integration updated',
        ),
    );

    // One literal route per provider (an unknown one is the router's 404); Meta's also answers its subscription handshake.
    r.get(
      '/api/crm/webhooks/meta',
      {
        operationId: 'verifyMetaWebhook',
        producesSchema: z.string().meta({ description: 'hub.challenge, as sent' }),
        errors: errorsFrom(d.verifyMetaSubscription)(['INVALID_VERIFY_TOKEN']),
        summary: 'Meta webhook verification: answers hub.challenge as plain text',
        access: 'public',
        tenant: 'proof',
        rateLimit: 'webhook',
        failedProofs: ['INVALID_VERIFY_TOKEN'],
        query: HandshakeQuery,
        produces: 'text/plain',
        tags,
      },
      async ({ query, ctx }) => {
        const challenge = unwrap(
          await d.verifyMetaSubscription({
            mode: query['hub.mode'],
            verifyToken: query['hub.verify_token'],
            challenge: query['hub.challenge'],
          }),
        );
        return sendRaw(ctx, 'text/plain', challenge);
      },
    );

    // Both providers' deliveries: the raw bytes, the parsed body, rate limited and proof-throttled alike.
    const webhookRoute = {
      access: 'public',
      tenant: 'proof',
      rateLimit: 'webhook',
      bodyKind: { kind: 'raw-json' },
      response: wire.LeadsAccepted,
      tags,
    } as const;

    r.post(
      '/api/crm/webhooks/meta',
      {
        ...webhookRoute,
        operationId: 'receiveMetaLeadWebhook',
        errors: errorsFrom(d.receiveMetaWebhook)(['INVALID_SIGNATURE']),
        documentedBody: wire.MetaLeadNotification,
        summary: 'Lead notification of Meta, signed (X-Hub-Signature-256)',
        failedProofs: ['INVALID_SIGNATURE'],
      },
      async ({ rawBody, body, ctx }) =>
        reply(
          leadsAcceptedView(
            unwrap(
              await d.receiveMetaWebhook({
                rawBody: rawBody ?? Buffer.alloc(0),
                body,
                signature: ctx.get('X-Hub-Signature-256') || undefined,
              }),
            ),
          ),
          'Received',
        ),
    );

    r.post(
      '/api/crm/webhooks/google',
      {
        ...webhookRoute,
        operationId: 'receiveGoogleLeadWebhook',
        errors: errorsFrom(d.receiveGoogleWebhook)(['INVALID_WEBHOOK_KEY', 'INVALID_LEAD_PAYLOAD']),
        documentedBody: wire.GoogleLeadNotification,
        summary: 'Lead notification of Google (google_key in the body)',
        failedProofs: ['INVALID_WEBHOOK_KEY'],
      },
      async ({ rawBody, body }) =>
        reply(leadsAcceptedView(unwrap(await d.receiveGoogleWebhook({ rawBody: rawBody ?? Buffer.alloc(0), body }))), 'Received'),
    );

    r.get(
      '/api/crm/webhook-deliveries',
      {
        operationId: 'listWebhookDeliveries',
        response: wire.WebhookDeliveryPage,
        errors: errorsFrom(d.listWebhookDeliveries)([]),
        summary: 'Stored webhook deliveries, newest first',
        access: Role.Admin,
        query: DeliveriesQuery,
        tags,
      },
      async ({ actor, query }) =>
        pageView(
          await d.listWebhookDeliveries(actor, { status: query.status, provider: query.provider }, toPageRequest(query)),
          deliveryView,
        ),
    );

    r.post(
      '/api/crm/webhook-deliveries/:id/retry',
      {
        operationId: 'retryWebhookDelivery',
        response: wire.WebhookDelivery,
        errors: errorsFrom(d.retryWebhookDelivery)(['DELIVERY_NOT_FOUND', 'DELIVERY_NOT_FAILED']),
        summary: 'Retry a failed delivery',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      actOnId(d.retryWebhookDelivery, deliveryView, 'Delivery queued for retry'),
    );

    r.get(
      '/api/crm/leads',
      {
        operationId: 'listLeads',
        response: wire.LeadPage,
        errors: errorsFrom(d.listLeads)([]),
        summary: 'Leads, newest first',
        access: Role.Admin,
        query: LeadsQuery,
        tags,
      },
      async ({ actor, query }) =>
        pageView(
          await d.listLeads(
            actor,
            {
              status: query.status,
              assignedTo: query.assigned_to === 'none' ? null : query.assigned_to,
              provider: query.provider,
              search: query.search,
              isTest: query.is_test,
              linked: query.linked,
              from: fromDate(query.from),
              to: toDate(query.to),
            },
            toPageRequest(query),
          ),
          leadView,
        ),
    );

    r.post(
      '/api/crm/leads',
      {
        operationId: 'createLead',
        response: wire.LeadDetail,
        errors: errorsFrom(d.createLead)(['INVALID_PHONE', 'ASSIGNEE_NOT_FOUND']),
        summary: 'Create a lead from another source',
        access: Role.Admin,
        body: CreateLeadBody,
        tags,
      },
      async ({ actor, meta, body }) => {
        const result = unwrap(
          await d.createLead(actor, meta, {
            provider: body.provider,
            externalId: body.external_id ?? null,
            name: body.name,
            phone: body.phone ?? null,
            email: body.email?.toLowerCase() ?? null,
            city: body.city ?? null,
            region: body.region ?? null,
            category: body.category ?? null,
            answers: body.answers ?? [],
            status: body.status,
            value: body.value ?? null,
            assignedTo: body.assigned_to ?? null,
            isTest: body.is_test,
            campaignId: body.campaign_id,
            formId: body.form_id,
            adId: body.ad_id,
          }),
        );
        return reply(leadDetailView(result), result.created ? 'Lead created' : 'Lead already exists');
      },
    );

    r.get(
      '/api/crm/leads/:id',
      {
        operationId: 'getLead',
        response: wire.LeadDetail,
        errors: errorsFrom(d.getLead)(['LEAD_NOT_FOUND']),
        summary: 'A lead with its person (user, orders, enrolments) and history',
        access: Role.Admin,
        params: idParam,
        tags,
      },
      async ({ actor, params }) => leadDetailView(unwrap(await d.getLead(actor, params.id))),
    );

    r.patch(
      '/api/crm/leads/:id',
      {
        operationId: 'updateLead',
        response: wire.LeadDetail,
        errors: errorsFrom(d.updateLead)(['LEAD_NOT_FOUND', 'ASSIGNEE_NOT_FOUND', 'LINK_USER_NOT_FOUND']),
        summary: 'Change stage, value, assignee or linked user; add a note',
        access: Role.Admin,
        params: idParam,
        body: UpdateLeadBody,
        tags,
      },
      async ({ actor, meta, params, body }) =>
        reply(
          leadDetailView(
            unwrap(
              await d.updateLead(actor, meta, params.id, {
                status: body.status,
                value: body.value,
                assignedTo: body.assigned_to,
                userId: body.user_id,
                note: body.note,
              }),
            ),
          ),
          'Lead updated',
        ),
    );

    r.get(
      '/api/crm/automation',
      {
        operationId: 'getCrmAutomation',
        response: wire.Automation,
        errors: errorsFrom(d.getAutomation)([]),
        summary: 'Lead allocation rules',
        access: Role.Admin,
        tags,
      },
      async ({ actor }) => automationView(await d.getAutomation(actor)),
    );

    r.put(
      '/api/crm/automation',
      {
        operationId: 'updateCrmAutomation',
        response: wire.Automation,
        errors: errorsFrom(d.updateAutomation)(['UNKNOWN_RULE_USER', 'DUPLICATE_MEMBER']),
        summary: 'Update allocation rules (any subset)',
        access: Role.Admin,
        body: AutomationBody,
        tags,
      },
      async ({ actor, meta, body }) =>
        reply(
          automationView(
            unwrap(
              await d.updateAutomation(actor, meta, {
                mode: body.mode,
                members: body.members?.map((m) => ({ userId: m.user_id, active: m.active, regions: m.regions, categories: m.categories })),
                fallbackUserId: body.fallback_user_id,
                closeOnPayment: body.close_on_payment,
              }),
            ),
          ),
          'Automation rules updated',
        ),
    );
  };
