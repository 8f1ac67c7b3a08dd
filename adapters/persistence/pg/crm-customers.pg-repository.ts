import type { PersonMatch } from '../../../domain/crm/lead-link.js';
import { toMinor, type Minor } from '../../../domain/shared/money.js';
import type { RoleLevel } from '../../../domain/identity/role.js';
import type { CustomerEnrolment, CustomerOrder, CustomerRecords, PeopleDirectory } from '../../../application/crm/ports/customers.js';
import type {
  FunnelCounts,
  FunnelReport,
  LeadAnalytics,
  SeriesPoint,
  SourceFunnel,
} from '../../../application/crm/ports/lead-analytics.js';
import type { LeadAggregateRow } from '../../../domain/crm/kpi.js';
import { leadGroup } from '../lead-groups.js';
import type { LeadStatus } from '../../../domain/crm/lead.js';
import type { DateRange } from '../../../application/crm/ports/lead-repository.js';
import type { Knex } from 'knex';
import type { DbDeps } from './base.js';
import { num } from './knex-helpers.js';
import { leadGroups, leadQuarters } from './crm-lead-rollups.js';

/**
 * The CRM's read-only views of identity's users, commerce's orders and learning's enrolments
 * and certificates (issue 20), like learning's learner directory: queries only, no writes, and
 * the analytics join them to the leads in the database so that a million leads never leave it.
 */
export const makePeopleDirectoryPg = ({ db }: DbDeps): PeopleDirectory => ({
  async matching(tenantId, contact) {
    if (!contact.email && !contact.phone) return [];
    // Emails are stored lower-cased (identity's normaliseEmail); phones in E.164.
    const email = contact.email?.trim().toLowerCase() ?? null;
    const rows = (await db
      .q()('users')
      .where({ tenantId })
      .whereNull('deleted_at')
      .where((w) => {
        if (email) w.orWhere('email', email);
        if (contact.phone) w.orWhere('phone', contact.phone);
      })
      .select('id', 'email', 'phone')) as Array<{ id: string; email: string; phone: string | null }>;
    return rows.map((r): PersonMatch => ({
      userId: r.id,
      byEmail: email !== null && r.email === email,
      byPhone: contact.phone !== null && r.phone === contact.phone,
    }));
  },
  async findManyByIds(tenantId, ids) {
    if (ids.length === 0) return [];
    const rows = (await db
      .q()('users')
      .where({ tenantId })
      .whereNull('deleted_at')
      .whereIn('id', [...ids])
      .select('id', 'display_name', 'role')) as Array<{ id: string; displayName: string; role: RoleLevel }>;
    return rows.map((r) => ({ id: r.id, name: r.displayName, role: r.role }));
  },
  async contactOf(tenantId, userId) {
    const r = (await db.q()('users').where({ tenantId, id: userId }).whereNull('deleted_at').first('email', 'phone')) as
      { email: string; phone: string | null } | undefined;
    return r ? { email: r.email, phone: r.phone } : null;
  },
});

/** An enrolment of a customer's record: the course's title, its lesson count and the customer's progress and certificate. */
interface EnrolmentListing {
  courseId: string;
  title: string;
  status: string;
  lessons: number | string;
  completed: number | string;
  completedAt: Date | null;
}

export const makeCustomerRecordsPg = ({ db }: DbDeps): CustomerRecords => ({
  async orders(tenantId, userId, limit) {
    const rows = (await db
      .q()('orders')
      .where({ tenantId, userId })
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .select('id', 'status', 'totalAmount', 'currency', 'createdAt', 'paidAt')) as Array<{
      id: string;
      status: string;
      totalAmount: number | string;
      currency: string;
      createdAt: Date;
      paidAt: Date | null;
    }>;
    return rows.map((r): CustomerOrder => ({
      id: r.id,
      status: r.status,
      total: toMinor(r.totalAmount),
      currency: r.currency,
      createdAt: r.createdAt,
      paidAt: r.paidAt,
    }));
  },
  async paidTotal(tenantId, userId) {
    const row = (await db
      .q()('orders')
      .where({ tenantId, userId, status: 'paid' })
      .first(db.knex.raw('coalesce(sum(total_amount), 0) as total'))) as { total: number | string } | undefined;
    return toMinor(row?.total ?? '0');
  },
  async enrolments(tenantId, userId, limit) {
    // The counts and the certificate are correlated subqueries, each an index probe per row of the page.
    const ofEnrolment = (table: string, alias: string, keys: ReadonlyArray<'tenantId' | 'userId' | 'courseId'>) =>
      keys.reduce((q, key) => q.where(`${alias}.${key}`, db.knex.ref(`e.${key}`)), db.q()(`${table} as ${alias}`));
    const rows = (await db
      .q()('enrollments as e')
      .join('courses as c', function () {
        this.on('c.id', 'e.courseId').andOn('c.tenantId', 'e.tenantId');
      })
      .where({ 'e.tenantId': tenantId, 'e.userId': userId })
      .orderBy([
        { column: 'e.createdAt', order: 'desc' },
        { column: 'e.id', order: 'desc' },
      ])
      .limit(limit)
      .select(
        'e.courseId',
        'c.title',
        'e.status',
        ofEnrolment('lessons', 'l', ['tenantId', 'courseId']).count('*').as('lessons'),
        ofEnrolment('lesson_progress', 'p', ['tenantId', 'userId', 'courseId']).where('p.status', 'completed').count('*').as('completed'),
        ofEnrolment('certificates', 'ct', ['tenantId', 'userId', 'courseId']).select('ct.issuedAt').as('completedAt'),
      )) as EnrolmentListing[];
    return rows.map((r): CustomerEnrolment => {
      const lessons = Number(r.lessons);
      return {
        courseId: r.courseId,
        courseTitle: r.title,
        status: r.status,
        progress: lessons === 0 ? 0 : Math.round((Number(r.completed) / lessons) * 10000) / 100,
        completedAt: r.completedAt,
      };
    });
  },
});

/** Filters of the analytics on the leads (alias `l`), with their bindings. */
function leadFilter(tenantId: string, range: DateRange, includeTest: boolean): { sql: string; bindings: Knex.RawBinding[] } {
  const parts = ['l.tenant_id = ?'];
  const bindings: Knex.RawBinding[] = [tenantId];
  if (!includeTest) parts.push('l.is_test = false');
  if (range.from) {
    parts.push('l.created_at >= ?');
    bindings.push(range.from);
  }
  if (range.to) {
    parts.push('l.created_at < ?');
    bindings.push(range.to);
  }
  return { sql: parts.join(' and '), bindings };
}

// A person's paid total (orders_tenant_paid_user index), in hundredths as a bigint: exact (the
// column has two decimals), and summing bigints over thousands of groups is several times cheaper
// than summing numerics. And whether they hold a certificate.
const PAID_CTE = `paid as (select user_id, (sum(total_amount) * 100)::bigint as revenue from orders where tenant_id = ? and status = 'paid' group by user_id)`;
const DONE_CTE = `done as (select distinct user_id from certificates where tenant_id = ?)`;

/** A sum of the paid CTE's hundredths (numeric text of a whole number). */
const hundredths = (v: number | string | null): Minor => BigInt(v ?? 0);

/**
 * One row of the sources statement: all leads of a source and status (`status` set: the funnel's
 * first two steps and what the KPIs need), or the linked leads of a source joined to their persons
 * (`status` null: the last two steps and the revenue).
 */
type SourceRow = {
  provider: string;
  campaign_id: string | null;
  form_id: string | null;
  ad_id: string | null;
  status: LeadStatus | null;
  leads: number | string | null;
  linked: number | string | null;
  won_value_sum: number | string | null;
  won_value_count: number | string | null;
  won_seconds_sum: number | string | null;
  won_closed_count: number | string | null;
  paid: number | string | null;
  completed: number | string | null;
  revenue: number | string | null;
};

const blank = (): FunnelCounts => ({ leads: 0, linked: 0, paid: 0, completed: 0, revenue: 0n });

/** The sources statement's rows folded into the sources, the total and the KPI groups (by status and provider). */
function fold(rows: readonly SourceRow[]): Pick<FunnelReport, 'byStatus' | 'total' | 'bySource'> {
  const total = blank();
  const sources = new Map<string, SourceFunnel>();
  const statuses = new Map<string, LeadAggregateRow>();
  for (const r of rows) {
    const key = JSON.stringify([r.provider, r.campaign_id, r.form_id, r.ad_id]);
    const source = sources.get(key) ?? { provider: r.provider, campaignId: r.campaign_id, formId: r.form_id, adId: r.ad_id, ...blank() };
    sources.set(key, source);
    for (const c of [total, source]) {
      c.leads += num(r.leads);
      c.linked += num(r.linked);
      c.paid += num(r.paid);
      c.completed += num(r.completed);
      c.revenue += hundredths(r.revenue);
    }
    if (r.status === null) continue;
    const g = leadGroup(statuses, r.status, r.provider);
    g.count += num(r.leads);
    g.wonValueSum += toMinor(r.won_value_sum ?? '0');
    g.wonValueCount += num(r.won_value_count);
    g.wonSecondsSum += num(r.won_seconds_sum);
    g.wonClosedCount += num(r.won_closed_count);
  }
  return { byStatus: [...statuses.values()], total, bySource: [...sources.values()] };
}

/**
 * Only a linked lead can be paid or completed, so only linked leads (a fraction) are joined to
 * orders and certificates; the counts of all leads come from the rollups (`crm-lead-rollups.ts`,
 * migration 0995) instead of a pass over every lead (issue 28). Two statements side by side: the
 * sources (the range's groups by source and status, which also answer the KPIs, and linked leads
 * by source, an index-only scan of `crm_leads_tenant_user`), and with a series the periods.
 */
export const makeLeadAnalyticsPg = ({ db }: DbDeps): LeadAnalytics => ({
  async funnel(tenantId, range, includeTest, series) {
    const f = leadFilter(tenantId, range, includeTest);
    const groups = leadGroups(tenantId, range, includeTest);
    // Raw: CTEs and a union over the rollups' SQL text.
    const sources = db.q().raw(
      `with ${PAID_CTE}, ${DONE_CTE}
       select g.provider, g.campaign_id, g.form_id, g.ad_id, g.status, g.leads, g.linked, g.won_value_sum, ` +
        `g.won_value_count, g.won_seconds_sum, g.won_closed_count,
              null::bigint as paid, null::bigint as completed, null::numeric as revenue
         from (${groups.sql}) g
       union all
       select l.provider, l.campaign_id, l.form_id, l.ad_id, null, null, null, null, null, null, null,
              count(p.user_id), count(d.user_id), coalesce(sum(p.revenue), 0)
         from crm_leads l
         left join paid p on p.user_id = l.user_id
         left join done d on d.user_id = l.user_id
        where ${f.sql} and l.user_id is not null
        group by l.provider, l.campaign_id, l.form_id, l.ad_id`,
      [tenantId, tenantId, ...groups.bindings, ...f.bindings],
    );
    // Leads are counted per quarter hour (every zone's offset is a multiple of 15 minutes): all of
    // them from the rollup, the paid ones from the linked leads; then the few thousand quarters
    // are cut into the zone's days, weeks or months.
    const quarter = `date_bin('15 minutes', l.created_at, timestamptz '2000-01-01 00:00:00+00')`;
    const counted = series ? leadQuarters(tenantId, range, includeTest) : null;
    const periods =
      series && counted
        ? db.q().raw(
            `with ${PAID_CTE},
         quarters as (
           select quarter, leads, 0 as paid, 0 as revenue from (${counted.sql}) counted
           union all
           select ${quarter}, 0, count(*), sum(p.revenue)
             from crm_leads l join paid p on p.user_id = l.user_id
            where ${f.sql} and l.user_id is not null
            group by 1)
         select to_char(period_start, 'YYYY-MM-DD') as period, leads, paid, revenue
           from (select date_trunc(?, quarter at time zone ?) as period_start, sum(leads) as leads, sum(paid) as paid, sum(revenue) as revenue
                   from quarters
                  group by 1
                 having sum(leads) <> 0) periods
          order by period_start`,
            [tenantId, ...counted.bindings, ...f.bindings, series.period, series.timeZone],
          )
        : null;
    const [sourceResult, periodResult] = await Promise.all([sources, periods]);
    const folded = fold((sourceResult as { rows: SourceRow[] }).rows);
    const points = periodResult
      ? (
          periodResult as { rows: Array<{ period: string; leads: number | string; paid: number | string; revenue: number | string }> }
        ).rows.map((r): SeriesPoint => ({ period: r.period, leads: num(r.leads), paid: num(r.paid), revenue: hundredths(r.revenue) }))
      : null;
    return { ...folded, series: points };
  },
});
