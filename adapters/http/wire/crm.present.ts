import type { z } from 'zod';
import type * as wire from './crm.wire.js';
import type { AutomationRules } from '../../../domain/crm/allocation.js';
import { percentage } from '../../../domain/crm/kpi.js';
import type { Lead, LeadEvent } from '../../../domain/crm/lead.js';
import { fromMinor } from '../../../domain/shared/money.js';
import type { IntegrationState } from '../../../application/crm/integrations.js';
import type { WebhookDelivery } from '../../../application/crm/ports/delivery-repository.js';
import type { FunnelCounts } from '../../../application/crm/ports/lead-analytics.js';
import type { LeadPerson } from '../../../application/crm/lead-person.js';
import type { PersonSummary } from '../../../application/crm/ports/customers.js';
import type { DomainEventData } from '../../../application/shared/domain-events.js';
import type { CrmDashboard } from '../../../application/crm/use-cases/get-crm-dashboard.usecase.js';
import type { CrmSection } from '../../../application/crm/crm-dashboard.js';

const linkStatus = (l: Lead): 'linked' | 'suggested' | 'ambiguous' | 'none' =>
  l.userId ? 'linked' : l.suggestedUserId ? 'suggested' : l.linkCandidates?.length ? 'ambiguous' : 'none';

const personView = (p: PersonSummary) => ({ id: p.id, name: p.name, role: p.role });

/** Wire shapes (snake_case) of the CRM (contract §8). */
export const leadView = (l: Lead): z.input<typeof wire.Lead> => ({
  id: l.id,
  provider: l.provider,
  external_id: l.externalId,
  name: l.name,
  phone: l.phone,
  email: l.email,
  city: l.city,
  region: l.region,
  category: l.category,
  answers: l.answers,
  status: l.status,
  assigned_to: l.assignedTo,
  value: l.value === null ? null : fromMinor(l.value),
  is_test: l.isTest,
  user_id: l.userId,
  suggested_user_id: l.suggestedUserId,
  link_status: linkStatus(l),
  campaign_id: l.campaignId,
  form_id: l.formId,
  ad_id: l.adId,
  created_at: l.createdAt,
  updated_at: l.updatedAt,
  status_changed_at: l.statusChangedAt,
  closed_at: l.closedAt,
});

export const leadEventView = (e: LeadEvent): z.input<typeof wire.LeadEvent> => ({
  id: e.id,
  type: e.type,
  from_status: e.fromStatus,
  to_status: e.toStatus,
  from_user_id: e.fromUserId,
  to_user_id: e.toUserId,
  value: e.value === null ? null : fromMinor(e.value),
  note: e.note,
  actor_id: e.actorId,
  reason: e.reason,
  created_at: e.createdAt,
});

export const leadDetailView = (x: { lead: Lead; history: LeadEvent[]; person: LeadPerson }): z.input<typeof wire.LeadDetail> => ({
  ...leadView(x.lead),
  user: x.person.user ? personView(x.person.user) : null,
  suggested_user: x.person.suggested ? personView(x.person.suggested) : null,
  link: { status: linkStatus(x.lead), candidates: x.person.candidates.map(personView) },
  orders: x.person.orders.map((o) => ({
    id: o.id,
    status: o.status,
    total: fromMinor(o.total),
    currency: o.currency,
    created_at: o.createdAt,
    paid_at: o.paidAt,
  })),
  enrollments: x.person.enrolments.map((e) => ({
    course_id: e.courseId,
    course_title: e.courseTitle,
    status: e.status,
    progress: e.progress,
    completed_at: e.completedAt,
  })),
  history: x.history.map(leadEventView),
});

export const deliveryView = (d: WebhookDelivery): z.input<typeof wire.WebhookDelivery> => ({
  id: d.id,
  provider: d.provider,
  external_id: d.externalId,
  status: d.status,
  attempts: d.attempts,
  retries: d.retries,
  last_error: d.lastError,
  lead_id: d.leadId,
  payload: d.payload,
  raw_body: d.rawBody,
  received_at: d.receivedAt,
  processed_at: d.processedAt,
  updated_at: d.updatedAt,
});

export const integrationView = (s: IntegrationState, publicUrl: string): z.input<typeof wire.Integration> => ({
  provider: s.provider,
  enabled: s.enabled,
  complete: s.complete,
  ...(s.provider === 'meta' ? { page_id: s.pageId } : {}),
  ...Object.fromEntries(Object.entries(s.configured).map(([k, v]) => [k, { configured: v }])),
  rotate: s.rotate,
  webhook_url: `${publicUrl}/api/crm/webhooks/${s.provider}`,
  updated_at: s.updatedAt,
});

export const automationView = (r: AutomationRules): z.input<typeof wire.Automation> => ({
  mode: r.mode,
  members: r.members.map((m) => ({ user_id: m.userId, active: m.active, regions: m.regions, categories: m.categories })),
  fallback_user_id: r.fallbackUserId,
  close_on_payment: r.closeOnPayment,
});

const funnelView = (f: FunnelCounts) => ({
  leads: f.leads,
  linked: f.linked,
  paid: f.paid,
  completed: f.completed,
  linked_rate: percentage(f.linked, f.leads),
  paid_rate: percentage(f.paid, f.leads),
  completed_rate: percentage(f.completed, f.leads),
});

export const dashboardView = ({ kpis: k, funnel, bySource, series }: CrmDashboard): z.input<typeof wire.CrmDashboard> => ({
  total_leads: k.totalLeads,
  total_active_leads: k.totalActiveLeads,
  conversion_rate: k.conversionRate,
  average_deal_size: fromMinor(k.averageDealSize),
  sales_velocity_days: k.salesVelocityDays,
  leads_by_status: k.leadsByStatus,
  leads_by_provider: k.leadsByProvider,
  funnel: { ...funnelView(funnel), revenue: fromMinor(funnel.revenue) },
  by_source: bySource
    .sort(
      (a, b) =>
        b.leads - a.leads ||
        a.provider.localeCompare(b.provider) ||
        (a.campaignId ?? '').localeCompare(b.campaignId ?? '') ||
        (a.formId ?? '').localeCompare(b.formId ?? '') ||
        (a.adId ?? '').localeCompare(b.adId ?? ''),
    )
    .map((s) => ({
      provider: s.provider,
      campaign_id: s.campaignId,
      form_id: s.formId,
      ad_id: s.adId,
      leads: s.leads,
      linked: s.linked,
      paid: s.paid,
      completed: s.completed,
      revenue: fromMinor(s.revenue),
      conversion_rate: percentage(s.paid, s.leads),
    })),
  ...(series
    ? {
        series: {
          group_by: series.period,
          time_zone: series.timeZone,
          points: series.points.map((p) => ({ period: p.period, leads: p.leads, paid: p.paid, revenue: fromMinor(p.revenue) })),
        },
      }
    : {}),
});

/** `data` of the `lead.assigned` webhook event and of the assignee's live event. */
export const leadAssignedView = (a: DomainEventData['lead.assigned']) => ({
  lead: leadView(a.lead),
  from_user_id: a.fromUserId,
  to_user_id: a.toUserId,
  reason: a.reason,
});

/** `data` of the `lead.status_changed` webhook event; `reason` only when something other than an edit moved it. */
export const leadStatusChangedView = (e: DomainEventData['lead.status_changed']) => ({
  lead: leadView(e.lead),
  from_status: e.fromStatus,
  to_status: e.toStatus,
  ...(e.reason !== undefined ? { reason: e.reason } : {}),
});

/** A lead webhook's answer: how many leads it handed to ingestion. */
export const leadsAcceptedView = (x: { accepted: number }): z.input<typeof wire.LeadsAccepted> => ({ accepted: x.accepted });

/** The `crm` section of the dashboard overview (admins). */
export const crmSectionView = (s: CrmSection): z.input<typeof wire.CrmSection> => ({
  total_leads: s.kpis.totalLeads,
  total_active_leads: s.kpis.totalActiveLeads,
  conversion_rate: s.kpis.conversionRate,
  leads_by_status: s.kpis.leadsByStatus,
  failed_webhook_deliveries: s.failedWebhookDeliveries,
});
