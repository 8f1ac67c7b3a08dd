import type { Lead, LeadEvent, LeadStatus } from '../../../domain/crm/lead.js';
import type { LeadAggregateRow } from '../../../domain/crm/kpi.js';
import type { Page, PageRequest } from '../../shared/ports.js';

export interface LeadFilter {
  status?: LeadStatus | undefined;
  /** A user id, or null for unassigned leads. */
  assignedTo?: string | null | undefined;
  provider?: string | undefined;
  /** Matches name, email or phone. */
  search?: string | undefined;
  isTest?: boolean | undefined;
  /** true: leads linked to a user; false: not linked (ambiguous ones included). */
  linked?: boolean | undefined;
  /** created_at >= from */
  from?: Date | undefined;
  /** created_at < to */
  to?: Date | undefined;
}

export interface DateRange {
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface LeadRepository {
  /**
   * Writes the lead unless one with the same `(tenant, provider, external_id)` exists (unique
   * index + ON CONFLICT DO NOTHING): true when this call created it.
   */
  insertIfAbsent(lead: Lead): Promise<boolean>;
  /** `forUpdate` locks the row until the unit of work ends (concurrent PATCHes queue up). */
  findById(tenantId: string, id: string, options?: { forUpdate?: boolean }): Promise<Lead | null>;
  findByExternalId(tenantId: string, provider: string, externalId: string): Promise<Lead | null>;
  list(tenantId: string, filter: LeadFilter, page: PageRequest): Promise<Page<Lead>>;
  update(lead: Lead): Promise<void>;
  /**
   * Leads with no user yet whose email (case-insensitive) or phone equals the person's, locked
   * until the unit of work ends: a user just saved with that email or phone may be theirs.
   */
  findUnlinkedFor(tenantId: string, contact: { email: string | null; phone: string | null }): Promise<Lead[]>;
  /** The leads linked to a user, locked until the unit of work ends (payments serialise on them). */
  findByUser(tenantId: string, userId: string): Promise<Lead[]>;
  addEvents(events: LeadEvent[]): Promise<void>;
  /** Oldest first. */
  events(tenantId: string, leadId: string): Promise<LeadEvent[]>;
  /** Leads created in the range grouped by status and provider (the dashboard's one query). */
  aggregate(tenantId: string, range: DateRange, includeTest: boolean): Promise<LeadAggregateRow[]>;
}
