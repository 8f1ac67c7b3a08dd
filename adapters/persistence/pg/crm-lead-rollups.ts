import type { Knex } from 'knex';
import type { DateRange } from '../../../application/crm/ports/lead-repository.js';

/**
 * Reads of the lead rollups (migration 0995, kept by a trigger in the change's transaction): a
 * range's whole buckets come from the rollup, and the parts of a bucket at its ends (a range given
 * to the minute) from the leads themselves, so a range answers exactly what a pass over its leads
 * would, at the cost of a few thousand rollup rows and at most two buckets of leads.
 */
export interface RawQuery {
  sql: string;
  bindings: Knex.RawBinding[];
}

const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;

interface Split {
  /** The whole buckets (bounds on their starts), or null when the range holds none. */
  whole: { from?: Date; to?: Date } | null;
  edges: Array<{ from: Date; to: Date }>;
}

// Buckets are date_bin's from 2000-01-01 UTC, a whole number of days (and quarters) after the epoch.
function split(range: DateRange, unit: number): Split {
  const from = range.from && new Date(Math.ceil(range.from.getTime() / unit) * unit);
  const to = range.to && new Date(Math.floor(range.to.getTime() / unit) * unit);
  if (range.from && range.to && from && to && from >= to) {
    return { whole: null, edges: range.from < range.to ? [{ from: range.from, to: range.to }] : [] };
  }
  const edges: Split['edges'] = [];
  if (range.from && from && from > range.from) edges.push({ from: range.from, to: from });
  if (range.to && to && to < range.to) edges.push({ from: to, to: range.to });
  return { whole: { ...(from ? { from } : {}), ...(to ? { to } : {}) }, edges };
}

/** `column >= ? and column < ?` for the whole buckets, `l.created_at` within an edge for the leads. */
function bounds(column: string, whole: NonNullable<Split['whole']>, bindings: Knex.RawBinding[]): string {
  let sql = '';
  if (whole.from) {
    sql += ` and ${column} >= ?`;
    bindings.push(whole.from);
  }
  if (whole.to) {
    sql += ` and ${column} < ?`;
    bindings.push(whole.to);
  }
  return sql;
}

function edgeFilter(tenantId: string, includeTest: boolean, edges: Split['edges'], bindings: Knex.RawBinding[]): string {
  bindings.push(tenantId);
  for (const e of edges) bindings.push(e.from, e.to);
  return `l.tenant_id = ?${includeTest ? '' : ' and l.is_test = false'} and (${edges.map(() => '(l.created_at >= ? and l.created_at < ?)').join(' or ')})`;
}

const WON = `l.status = 'closed_won'`;

/**
 * The range's leads grouped by source and status: `provider, campaign_id, form_id, ad_id, status,
 * leads, linked, won_value_sum, won_value_count, won_seconds_sum, won_closed_count` (groups
 * emptied by deletes and status changes left out).
 */
export function leadGroups(tenantId: string, range: DateRange, includeTest: boolean): RawQuery {
  const s = split(range, DAY_MS);
  const bindings: Knex.RawBinding[] = [tenantId];
  const parts = [
    `select provider, campaign_id, form_id, ad_id, status, leads, linked, won_value_sum, won_value_count, won_seconds_sum, won_closed_count
      from crm_lead_daily where tenant_id = ?${includeTest ? '' : ' and is_test = false'}${s.whole ? bounds('day', s.whole, bindings) : ' and false'}`,
  ];
  if (s.edges.length > 0) {
    parts.push(`select l.provider, l.campaign_id, l.form_id, l.ad_id, l.status, 1, case when l.user_id is null then 0 else 1 end,
        case when ${WON} then coalesce(l.value, 0) else 0 end, case when ${WON} and l.value is not null then 1 else 0 end,
        case when ${WON} and l.closed_at is not null then extract(epoch from (l.closed_at - l.created_at)) else 0 end,
        case when ${WON} and l.closed_at is not null then 1 else 0 end
      from crm_leads l where ${edgeFilter(tenantId, includeTest, s.edges, bindings)}`);
  }
  return {
    sql: `select provider, campaign_id, form_id, ad_id, status, sum(leads) as leads, sum(linked) as linked, sum(won_value_sum) as won_value_sum,
             sum(won_value_count) as won_value_count, sum(won_seconds_sum) as won_seconds_sum, sum(won_closed_count) as won_closed_count
        from (${parts.join(' union all ')}) g
       group by provider, campaign_id, form_id, ad_id, status
      having sum(leads) <> 0`,
    bindings,
  };
}

/**
 * The range's leads per quarter hour (`quarter, leads`, several rows of one quarter possible, some
 * 0 after deletes): the caller sums them into its periods and leaves out the empty ones.
 */
export function leadQuarters(tenantId: string, range: DateRange, includeTest: boolean): RawQuery {
  const s = split(range, QUARTER_MS);
  const bindings: Knex.RawBinding[] = [tenantId];
  const parts = [
    `select quarter, leads from crm_lead_quarters where tenant_id = ?${
      includeTest ? '' : ' and is_test = ' + 'false'
    }${s.whole ? bounds('quarter', s.whole, bindings) : ' and false'}`,
  ];
  if (s.edges.length > 0) {
    parts.push(
      `select date_bin('15 minutes', l.created_at, timestamptz '2000-01-01 00:00:00+00'), 1 from crm_leads l where ` +
        `${edgeFilter(tenantId, includeTest, s.edges, bindings)}`,
    );
  }
  return { sql: parts.join(' union all '), bindings };
}
