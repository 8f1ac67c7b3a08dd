import { computeKpis, type CrmKpis } from '../../../domain/crm/kpi.js';
import { isTimeZone } from '../../../domain/engagement/time-zone.js';
import type { SettingsReader } from '../../platform/ports.js';
import type { Actor } from '../../shared/actor.js';
import type { FunnelCounts, LeadAnalytics, SeriesPeriod, SeriesPoint, SourceFunnel } from '../ports/lead-analytics.js';
import type { DateRange } from '../ports/lead-repository.js';

type Deps = { leadAnalytics: LeadAnalytics; settingsReader: SettingsReader };

export interface CrmDashboard {
  kpis: CrmKpis;
  funnel: FunnelCounts;
  bySource: SourceFunnel[];
  /** Only when a period was asked for. */
  series: { period: SeriesPeriod; timeZone: string; points: SeriesPoint[] } | null;
}

/**
 * The contract's KPIs over leads received in the range (no range: all) and the money question
 * (issue 20): the funnel from lead to paid to completed, per source, and per day, week or month in
 * the tenant's time zone (setting `TimeZone`). The KPIs' groups come from the same pass over the
 * leads as the sources (a million leads are read once, not twice).
 */
export const makeGetCrmDashboard = ({ leadAnalytics, settingsReader }: Deps) => {
  const tenantTimeZone = async (tenantId: string) => {
    const zone = (await settingsReader.get(tenantId)).TimeZone;
    return typeof zone === 'string' && isTimeZone(zone) ? zone : 'UTC';
  };
  return async (actor: Actor, range: DateRange, includeTest = false, groupBy?: SeriesPeriod): Promise<CrmDashboard> => {
    const timeZone = groupBy ? await tenantTimeZone(actor.tenantId) : 'UTC';
    const report = await leadAnalytics.funnel(actor.tenantId, range, includeTest, groupBy ? { period: groupBy, timeZone } : undefined);
    return {
      kpis: computeKpis(report.byStatus),
      funnel: report.total,
      bySource: report.bySource,
      series: groupBy && report.series ? { period: groupBy, timeZone, points: report.series } : null,
    };
  };
};
