/**
 * A sales lead (contract §8). Statuses are the contract's; any status may follow any other
 * (the spec shows no transitions, and sales staff correct mistakes), but every change is kept
 * in the lead's history.
 */
import type { Minor } from '../shared/money.js';

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'unqualified', 'converted', 'closed_won', 'closed_lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Statuses that end a deal: entering one sets `closed_at`, leaving them clears it. */
export const CLOSED_STATUSES: readonly LeadStatus[] = ['closed_won', 'closed_lost'];
/** "Newly captured leads not yet qualified" (spec KPI table, contract §8). */
export const ACTIVE_STATUSES: readonly LeadStatus[] = ['new', 'contacted'];
/** "Converted to active customers" (contract §8 conversion rate). */
export const CONVERTED_STATUSES: readonly LeadStatus[] = ['converted', 'closed_won'];

export const isLeadStatus = (s: string): s is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(s);

/** Ad platforms with webhooks; manual leads carry another provider name (default `manual`). */
export const AD_PROVIDERS = ['meta', 'google'] as const;
export type AdProvider = (typeof AD_PROVIDERS)[number];
export const isAdProvider = (s: string): s is AdProvider => (AD_PROVIDERS as readonly string[]).includes(s);

export interface LeadAnswer {
  /** The form's question: Meta's field name or Google's column name (column id when unnamed). */
  question: string;
  answer: string;
}

/** What a form submission tells about a person, before it becomes a lead. */
export interface LeadDetails {
  name: string | null;
  phone: string | null;
  email: string | null;
  city: string | null;
  region: string | null;
  category: string | null;
  answers: LeadAnswer[];
  isTest: boolean;
}

/** The ad a lead came from (Meta's and Google's own ids), for the dashboard's by-source figures. */
export interface LeadSource {
  campaignId: string | null;
  formId: string | null;
  adId: string | null;
}

export const NO_SOURCE: LeadSource = { campaignId: null, formId: null, adId: null };

export interface Lead extends LeadDetails, LeadSource {
  id: string;
  tenantId: string;
  provider: string;
  externalId: string | null;
  status: LeadStatus;
  assignedTo: string | null;
  value: Minor | null;
  /** The tenant's user with this lead's email, or the one sales confirmed (see lead-link.ts). */
  userId: string | null;
  /** The only user with this lead's phone, while the lead has no user: for sales to confirm. */
  suggestedUserId: string | null;
  /** Users an ambiguous match pointed at (a phone shared by several users); null otherwise. */
  linkCandidates: string[] | null;
  createdAt: Date;
  updatedAt: Date;
  statusChangedAt: Date;
  closedAt: Date | null;
}

export type LeadEventType = 'created' | 'status_changed' | 'assigned' | 'value_changed' | 'note' | 'linked';

/** Why a lead went to its assignee. */
export type AssignmentReason = 'round_robin' | 'geographic' | 'category' | 'fallback' | 'manual';
/** Why a user was linked: what matched (`phone`: links made before issue 26, kept in history). */
export type LinkReason = 'email' | 'phone' | 'email_phone';
/** Why the pipeline moved by itself: a paid order, or a refund. */
export type PipelineReason = 'payment' | 'refund';
export type LeadEventReason = AssignmentReason | LinkReason | PipelineReason;

/** One entry of a lead's history: stage changes, assignments, value changes and notes. */
export interface LeadEvent {
  id: string;
  tenantId: string;
  leadId: string;
  type: LeadEventType;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  fromUserId: string | null;
  toUserId: string | null;
  value: Minor | null;
  note: string | null;
  /** The user who made the change; null for the system (webhooks, allocation). */
  actorId: string | null;
  reason: LeadEventReason | null;
  createdAt: Date;
}

export interface LeadChanges {
  status?: LeadStatus | undefined;
  value?: Minor | null | undefined;
  assignedTo?: string | null | undefined;
  /** Sales confirms who the lead is (a suggestion, a candidate, or anyone of the tenant). */
  userId?: string | undefined;
  note?: string | undefined;
}

export type LeadEventDraft = Omit<LeadEvent, 'id' | 'tenantId' | 'leadId' | 'createdAt'>;

export const blankEvent = (type: LeadEventType, actorId: string | null): LeadEventDraft => ({
  type,
  fromStatus: null,
  toStatus: null,
  fromUserId: null,
  toUserId: null,
  value: null,
  note: null,
  actorId,
  reason: null,
});

/**
 * Applies a PATCH to a lead. `status_changed_at` moves only when the status really changes;
 * `closed_at` is set on entering closed_won/closed_lost and cleared when the lead is reopened.
 * One history entry per changed aspect; the note rides on the first of them, or stands alone.
 */
export function applyLeadChanges(
  lead: Lead,
  changes: LeadChanges,
  actorId: string | null,
  at: Date,
): { lead: Lead; events: LeadEventDraft[] } {
  const next: Lead = { ...lead, answers: lead.answers };
  const events: LeadEventDraft[] = [];
  if (changes.status !== undefined && changes.status !== lead.status) {
    next.status = changes.status;
    next.statusChangedAt = at;
    next.closedAt = CLOSED_STATUSES.includes(changes.status) ? at : null;
    events.push({ ...blankEvent('status_changed', actorId), fromStatus: lead.status, toStatus: changes.status });
  }
  if (changes.assignedTo !== undefined && changes.assignedTo !== lead.assignedTo) {
    next.assignedTo = changes.assignedTo;
    events.push({ ...blankEvent('assigned', actorId), fromUserId: lead.assignedTo, toUserId: changes.assignedTo, reason: 'manual' });
  }
  if (changes.userId !== undefined && changes.userId !== lead.userId) {
    next.userId = changes.userId;
    next.suggestedUserId = null;
    next.linkCandidates = null;
    events.push({ ...blankEvent('linked', actorId), fromUserId: lead.userId, toUserId: changes.userId, reason: 'manual' });
  }
  if (changes.value !== undefined && changes.value !== lead.value) {
    next.value = changes.value;
    events.push({ ...blankEvent('value_changed', actorId), value: changes.value });
  }
  const note = changes.note?.trim();
  if (note) {
    if (events[0]) events[0].note = note;
    else events.push({ ...blankEvent('note', actorId), note });
  }
  if (events.length > 0) next.updatedAt = at;
  return { lead: next, events };
}

/** A new lead's first history entry and its initial timestamps. */
export function newLead(input: {
  id: string;
  tenantId: string;
  provider: string;
  externalId: string | null;
  details: LeadDetails;
  source?: LeadSource | undefined;
  status?: LeadStatus | undefined;
  value?: Minor | null;
  at: Date;
}): Lead {
  const status = input.status ?? 'new';
  return {
    id: input.id,
    tenantId: input.tenantId,
    provider: input.provider,
    externalId: input.externalId,
    ...input.details,
    ...(input.source ?? NO_SOURCE),
    status,
    assignedTo: null,
    value: input.value ?? null,
    userId: null,
    suggestedUserId: null,
    linkCandidates: null,
    createdAt: input.at,
    updatedAt: input.at,
    statusChangedAt: input.at,
    closedAt: CLOSED_STATUSES.includes(status) ? input.at : null,
  };
}

export const createdEvent = (lead: Lead, actorId: string | null): LeadEventDraft => ({
  ...blankEvent('created', actorId),
  toStatus: lead.status,
});

export const assignmentEvent = (from: string | null, to: string, reason: AssignmentReason, actorId: string | null): LeadEventDraft => ({
  ...blankEvent('assigned', actorId),
  fromUserId: from,
  toUserId: to,
  reason,
});
