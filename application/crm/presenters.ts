import type { AutomationRules } from '../../domain/crm/allocation.js';
import type { CrmKpis } from '../../domain/crm/kpi.js';
import type { Lead, LeadEvent } from '../../domain/crm/lead.js';
import type { IntegrationState } from './integrations.js';
import type { WebhookDelivery } from './ports/delivery-repository.js';

/** Wire shapes (snake_case) of the CRM (contract §8). */
export const leadView = (l: Lead) => ({
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
  value: l.value,
  is_test: l.isTest,
  created_at: l.createdAt,
  updated_at: l.updatedAt,
  status_changed_at: l.statusChangedAt,
  closed_at: l.closedAt,
});

export const leadEventView = (e: LeadEvent) => ({
  id: e.id,
  type: e.type,
  from_status: e.fromStatus,
  to_status: e.toStatus,
  from_user_id: e.fromUserId,
  to_user_id: e.toUserId,
  value: e.value,
  note: e.note,
  actor_id: e.actorId,
  reason: e.reason,
  created_at: e.createdAt,
});

export const leadDetailView = (x: { lead: Lead; history: LeadEvent[] }) => ({ ...leadView(x.lead), history: x.history.map(leadEventView) });

export const deliveryView = (d: WebhookDelivery) => ({
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

export const integrationView = (s: IntegrationState, publicUrl: string) => ({
  provider: s.provider,
  enabled: s.enabled,
  complete: s.complete,
  ...(s.provider === 'meta' ? { page_id: s.pageId } : {}),
  ...Object.fromEntries(Object.entries(s.configured).map(([k, v]) => [k, { configured: v }])),
  webhook_url: `${publicUrl}/api/crm/webhooks/${s.provider}`,
  updated_at: s.updatedAt,
});

export const automationView = (r: AutomationRules) => ({
  mode: r.mode,
  members: r.members.map((m) => ({ user_id: m.userId, active: m.active, regions: m.regions, categories: m.categories })),
  fallback_user_id: r.fallbackUserId,
});

export const dashboardView = (k: CrmKpis) => ({
  total_leads: k.totalLeads,
  total_active_leads: k.totalActiveLeads,
  conversion_rate: k.conversionRate,
  average_deal_size: k.averageDealSize,
  sales_velocity_days: k.salesVelocityDays,
  leads_by_status: k.leadsByStatus,
  leads_by_provider: k.leadsByProvider,
});
