import { divRound, sumMinor, type Minor } from '../shared/money.js';
import { ACTIVE_STATUSES, CONVERTED_STATUSES, LEAD_STATUSES, type LeadStatus } from './lead.js';

/**
 * Sales dashboard figures (contract §8, spec "CRM dashboard indicators"). The database groups
 * leads by status and provider and sums what the formulas need; these functions turn the groups
 * into the KPIs, so the formulas have one home and unit tests.
 */
export interface LeadAggregateRow {
  status: LeadStatus;
  provider: string;
  count: number;
  /** Over closed_won leads of the group that have a value. */
  wonValueSum: Minor;
  wonValueCount: number;
  /** Seconds from created_at to closed_at, over closed_won leads of the group that have closed_at. */
  wonSecondsSum: number;
  wonClosedCount: number;
}

export interface CrmKpis {
  totalLeads: number;
  totalActiveLeads: number;
  /** Percentage, 2 decimals. */
  conversionRate: number;
  /** Money: the mean won value, rounded half away from zero to hundredths. */
  averageDealSize: Minor;
  salesVelocityDays: number;
  leadsByStatus: Record<LeadStatus, number>;
  leadsByProvider: Record<string, number>;
}

/** Half away from zero, to 2 decimals, without 1.005 → 1.00 binary surprises. */
export function round2(x: number): number {
  if (!Number.isFinite(x)) return 0;
  const sign = x < 0 ? -1 : 1;
  return (sign * Math.round(Number((Math.abs(x) * 100).toPrecision(15)))) / 100;
}

/** part / whole as a percentage with 2 decimals; 0 of nothing is 0. */
export const percentage = (part: number, whole: number): number => (whole > 0 ? round2((part / whole) * 100) : 0);

/** Mean with 2 decimals; the mean of nothing is 0 (the dashboard shows a number, never null). */
export const mean2 = (sum: number, n: number): number => (n > 0 ? round2(sum / n) : 0);

const SECONDS_PER_DAY = 86_400;

export function computeKpis(rows: readonly LeadAggregateRow[], providers: readonly string[] = ['meta', 'google', 'manual']): CrmKpis {
  const leadsByStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  const leadsByProvider: Record<string, number> = Object.fromEntries(providers.map((p) => [p, 0]));
  let total = 0;
  let wonValueCount = 0;
  let wonSeconds = 0;
  let wonClosed = 0;
  for (const r of rows) {
    total += r.count;
    leadsByStatus[r.status] += r.count;
    leadsByProvider[r.provider] = (leadsByProvider[r.provider] ?? 0) + r.count;
    wonValueCount += r.wonValueCount;
    wonSeconds += r.wonSecondsSum;
    wonClosed += r.wonClosedCount;
  }
  const active = ACTIVE_STATUSES.reduce((n, s) => n + leadsByStatus[s], 0);
  const converted = CONVERTED_STATUSES.reduce((n, s) => n + leadsByStatus[s], 0);
  return {
    totalLeads: total,
    totalActiveLeads: active,
    conversionRate: percentage(converted, total),
    averageDealSize: wonValueCount > 0 ? divRound(sumMinor(rows.map((r) => r.wonValueSum)), BigInt(wonValueCount)) : 0n,
    salesVelocityDays: mean2(wonSeconds / SECONDS_PER_DAY, wonClosed),
    leadsByStatus,
    leadsByProvider,
  };
}
