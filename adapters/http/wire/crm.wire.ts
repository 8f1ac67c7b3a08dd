import { z } from 'zod';
import { ALLOCATION_MODES } from '../../../domain/crm/allocation.js';
import { AD_PROVIDERS, LEAD_STATUSES } from '../../../domain/crm/lead.js';
import { DELIVERY_STATUSES } from '../../../application/crm/ports/delivery-repository.js';
import { WEBHOOK_SECRETS } from '../../../application/crm/integrations.js';
import { id, pageOf, timestamp } from '../kit/schemas.js';

/* Wire shapes of the CRM (see learning.wire.ts for the conventions). */

const linkStatus = z.enum(['linked', 'suggested', 'ambiguous', 'none']).meta({
  description:
    '`linked`: by email or confirmed by sales; `suggested`: one user has the phone (not linked until confirmed); ' +
    '`ambiguous`: several users have the phone; nobody is linked',
});

export const LeadPerson = z
  .object({
    id,
    name: z.string().meta({ examples: ['Siti Rahma'] }),
    role: z
      .number()
      .int()
      .meta({ examples: [1] }),
  })
  .meta({ id: 'LeadPerson' });

export const Lead = z
  .object({
    id,
    provider: z.string().meta({ description: '`meta`, `google` or `manual` (and any other source)' }),
    external_id: z.string().nullable().meta({ description: 'Meta leadgen id or Google lead_id' }),
    name: z.string().nullable(),
    phone: z
      .string()
      .nullable()
      .meta({ description: 'E.164', examples: ['+6281234567890'] }),
    email: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    category: z.string().nullable(),
    answers: z.array(z.object({ question: z.string(), answer: z.string() })),
    status: z.enum(LEAD_STATUSES),
    assigned_to: id.nullable(),
    value: z.number().nullable(),
    is_test: z.boolean(),
    user_id: id.nullable().meta({ description: "The tenant's user with this email, or the one sales confirmed" }),
    suggested_user_id: id
      .nullable()
      .meta({ description: 'The only user with this phone, while nobody is linked: confirm with PATCH {user_id}' }),
    link_status: linkStatus,
    campaign_id: z
      .string()
      .nullable()
      .meta({ examples: ['120210000000000001'] }),
    form_id: z
      .string()
      .nullable()
      .meta({ examples: ['987654321'] }),
    ad_id: z
      .string()
      .nullable()
      .meta({ examples: ['120210000000000042'] }),
    created_at: timestamp,
    updated_at: timestamp,
    status_changed_at: timestamp,
    closed_at: timestamp.nullable(),
  })
  .meta({ id: 'Lead' });
export const LeadPage = pageOf(Lead).meta({ id: 'LeadPage' });

export const LeadEvent = z
  .object({
    id,
    type: z.enum(['created', 'status_changed', 'assigned', 'value_changed', 'note', 'linked']),
    from_status: z.enum(LEAD_STATUSES).nullable(),
    to_status: z.enum(LEAD_STATUSES).nullable(),
    from_user_id: id.nullable(),
    to_user_id: id.nullable(),
    value: z.number().nullable(),
    note: z.string().nullable(),
    actor_id: id.nullable().meta({ description: 'null for the system' }),
    reason: z
      .enum(['round_robin', 'geographic', 'category', 'fallback', 'manual', 'email', 'phone', 'email_phone', 'payment', 'refund'])
      .nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'LeadEvent' });

export const LeadDetail = Lead.extend({
  user: LeadPerson.nullable(),
  suggested_user: LeadPerson.nullable().meta({ description: 'The user `suggested_user_id` names' }),
  link: z.object({
    status: linkStatus,
    candidates: z.array(LeadPerson).meta({ description: 'The users sharing the phone of an ambiguous match' }),
  }),
  orders: z
    .array(
      z.object({
        id,
        status: z.string().meta({ examples: ['paid'] }),
        total: z.number().meta({ examples: [250000] }),
        currency: z.string().meta({ examples: ['IDR'] }),
        created_at: timestamp,
        paid_at: timestamp.nullable(),
      }),
    )
    .meta({ description: "The user's orders, newest first (at most 50)" }),
  enrollments: z
    .array(
      z.object({
        course_id: id,
        course_title: z.string(),
        status: z.string().meta({ examples: ['active'] }),
        progress: z.number().meta({ description: 'Completed lessons, percent', examples: [62.5] }),
        completed_at: timestamp.nullable(),
      }),
    )
    .meta({ description: "The user's enrolments, newest first (at most 50)" }),
  history: z.array(LeadEvent).meta({ description: 'Oldest first' }),
}).meta({ id: 'LeadDetail' });

export const WebhookDelivery = z
  .object({
    id,
    provider: z.enum(AD_PROVIDERS),
    external_id: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    retries: z.number().int(),
    last_error: z.string().nullable(),
    lead_id: id.nullable(),
    payload: z.record(z.string(), z.unknown()),
    raw_body: z.string().meta({ description: 'As received (a Google key redacted)' }),
    received_at: timestamp,
    processed_at: timestamp.nullable(),
    updated_at: timestamp,
  })
  .meta({ id: 'WebhookDelivery' });
export const WebhookDeliveryPage = pageOf(WebhookDelivery).meta({ id: 'WebhookDeliveryPage' });

const configured = z.object({ configured: z.boolean() });
export const Integration = z
  .object({
    provider: z.enum(AD_PROVIDERS),
    enabled: z.boolean(),
    complete: z.boolean().meta({ description: 'Every field a working integration needs is set' }),
    page_id: z.string().nullable().optional().meta({ description: 'Meta only' }),
    verify_token: configured.optional(),
    app_secret: configured.optional(),
    access_token: configured.optional(),
    webhook_key: configured.optional(),
    rotate: z.array(z.enum(WEBHOOK_SECRETS)).meta({
      description:
        'Webhook secrets shorter than 16 characters (saved before the rule): the webhook refuses them (403) until they are replaced',
      examples: [['webhook_key']],
    }),
    webhook_url: z.string(),
    updated_at: timestamp.nullable(),
  })
  .meta({ id: 'CrmIntegration' });

export const Automation = z
  .object({
    mode: z.enum(ALLOCATION_MODES),
    members: z.array(z.object({ user_id: id, active: z.boolean(), regions: z.array(z.string()), categories: z.array(z.string()) })),
    fallback_user_id: id.nullable(),
    close_on_payment: z.boolean().meta({ description: "A linked person's paid order closes their lead as won" }),
  })
  .meta({ id: 'CrmAutomation' });

const count = z.number().int();
const rate = z.number().meta({ description: 'Percentage of the leads, 2 decimals' });
export const CrmFunnel = z
  .object({
    leads: count,
    linked: count,
    paid: count,
    completed: count,
    linked_rate: rate,
    paid_rate: rate,
    completed_rate: rate,
    revenue: z.number().meta({ examples: [1500000] }),
  })
  .meta({ id: 'CrmFunnel' });

export const LeadsAccepted = z.object({ accepted: z.number().int().meta({ description: 'Leads accepted for ingestion' }) });

export const CrmDashboard = z
  .object({
    total_leads: z.number().int(),
    total_active_leads: z.number().int(),
    conversion_rate: z.number().meta({ description: 'Percentage, 2 decimals' }),
    average_deal_size: z.number(),
    sales_velocity_days: z.number(),
    leads_by_status: z.object(Object.fromEntries(LEAD_STATUSES.map((s) => [s, z.number().int()]))),
    leads_by_provider: z.record(z.string(), z.number().int()),
    funnel: CrmFunnel,
    by_source: z
      .array(
        z.object({
          provider: z.string().meta({ examples: ['meta'] }),
          campaign_id: z.string().nullable(),
          form_id: z.string().nullable(),
          ad_id: z.string().nullable(),
          leads: count,
          linked: count,
          paid: count,
          completed: count,
          revenue: z.number(),
          conversion_rate: rate,
        }),
      )
      .meta({ description: 'One row per provider, campaign, form and ad; most leads first' }),
    series: z
      .object({
        group_by: z.enum(['day', 'week', 'month']),
        time_zone: z.string().meta({ examples: ['Asia/Jakarta'] }),
        points: z.array(
          z.object({
            period: z.string().meta({ description: 'First day of the period, YYYY-MM-DD', examples: ['2026-11-23'] }),
            leads: count,
            paid: count,
            revenue: z.number(),
          }),
        ),
      })
      .optional()
      .meta({ description: "With ?group_by: periods with leads, oldest first, in the tenant's time zone" }),
  })
  .meta({ id: 'CrmDashboard' });

/** As Meta sends it (Lead Ads webhooks), signed with X-Hub-Signature-256. */
export const MetaLeadNotification = z
  .looseObject({
    object: z.literal('page'),
    entry: z.array(
      z.looseObject({
        id: z.string().meta({ description: 'The page id' }),
        time: z.number().optional(),
        changes: z.array(
          z.looseObject({
            field: z.string().meta({ examples: ['leadgen'] }),
            value: z.looseObject({
              leadgen_id: z.string(),
              page_id: z.string(),
              form_id: z.string().optional(),
              ad_id: z.string().optional(),
              adgroup_id: z.string().optional(),
              created_time: z.number().optional(),
            }),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'MetaLeadNotification', title: 'Meta (POST /api/crm/webhooks/meta)' });

/** As Google Ads lead forms send it. */
export const GoogleLeadNotification = z
  .looseObject({
    lead_id: z.string(),
    api_version: z.string().optional(),
    form_id: z.union([z.string(), z.number()]).optional(),
    campaign_id: z.union([z.string(), z.number()]).optional(),
    adgroup_id: z.union([z.string(), z.number()]).optional(),
    creative_id: z.union([z.string(), z.number()]).optional(),
    gcl_id: z.string().optional(),
    google_key: z.string().meta({ description: 'Matched case-insensitively as a field name (`Google_key` too)' }),
    is_test: z.boolean().optional(),
    user_column_data: z.array(
      z.looseObject({ column_id: z.string().optional(), column_name: z.string().optional(), string_value: z.string() }),
    ),
  })
  .meta({ id: 'GoogleLeadNotification', title: 'Google (POST /api/crm/webhooks/google)' });

/** The dashboard overview's `crm` section (crm-dashboard.ts, admins). */
export const CrmSection = z
  .object({
    total_leads: count,
    total_active_leads: count,
    conversion_rate: z.number().meta({ description: 'Percentage, 2 decimals' }),
    leads_by_status: z.object(Object.fromEntries(LEAD_STATUSES.map((s) => [s, count]))),
    failed_webhook_deliveries: count,
  })
  .meta({ id: 'CrmSection' });
