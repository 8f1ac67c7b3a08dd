import type { LeadAggregateRow } from '../../../domain/crm/kpi.js';
import type { Minor } from '../../../domain/shared/money.js';
import type { DateRange } from './lead-repository.js';

/**
 * The dashboard's money question (issue 20): leads → linked to a user → paid → completed a
 * course, overall and per source, and per period. A lead counts as paid when its person has a
 * paid order, and brings that person's paid total as revenue; completed = the person holds a
 * certificate. Computed by grouped SQL over leads, orders and certificates.
 */
export interface SourceKey {
  provider: string;
  campaignId: string | null;
  formId: string | null;
  adId: string | null;
}

export interface FunnelCounts {
  leads: number;
  linked: number;
  paid: number;
  completed: number;
  revenue: Minor;
}

export type SourceFunnel = SourceKey & FunnelCounts;

export type SeriesPeriod = 'day' | 'week' | 'month';

export interface SeriesPoint {
  /** The period's first day in the time zone, `YYYY-MM-DD`. */
  period: string;
  leads: number;
  paid: number;
  revenue: Minor;
}

export interface FunnelReport {
  /** The leads grouped by status and provider, for the KPIs: read in the same pass as the sources. */
  byStatus: LeadAggregateRow[];
  total: FunnelCounts;
  bySource: SourceFunnel[];
  /** Periods with at least one lead, oldest first; null when no period was asked for. */
  series: SeriesPoint[] | null;
}

export interface LeadAnalytics {
  /** The KPI groups, the total, one row per source and (with `series`) one per period cut in the IANA time zone. */
  funnel(
    tenantId: string,
    range: DateRange,
    includeTest: boolean,
    series?: { period: SeriesPeriod; timeZone: string },
  ): Promise<FunnelReport>;
}
