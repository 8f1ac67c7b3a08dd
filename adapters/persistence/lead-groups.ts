import type { LeadAggregateRow } from '../../domain/crm/kpi.js';
import type { LeadStatus } from '../../domain/crm/lead.js';

/**
 * The KPI group of a status and provider, taken from `groups` or added to it empty: the memory
 * repository folds leads into it one by one, the SQL one the sums its statement grouped.
 */
export function leadGroup(groups: Map<string, LeadAggregateRow>, status: LeadStatus, provider: string): LeadAggregateRow {
  const key = `${status}|${provider}`;
  let group = groups.get(key);
  if (!group) {
    group = { status, provider, count: 0, wonValueSum: 0n, wonValueCount: 0, wonSecondsSum: 0, wonClosedCount: 0 };
    groups.set(key, group);
  }
  return group;
}
