import type { Knex } from 'knex';
import { TENANT_ID_COLUMN_SQL } from '../migration-helpers.js';

/**
 * The CRM dashboard read every lead of the tenant per request (issue 28: 420–740 ms for a million
 * leads). Two rollups, kept by a trigger on `crm_leads` in the same transaction as the change, so
 * no write path can forget them and they are exact at every commit:
 * - `crm_lead_daily`: per UTC day, source (provider, campaign, form, ad), status and test flag,
 *   the figures the KPIs and the sources need (leads, linked leads, won value and durations);
 * - `crm_lead_quarters`: leads per quarter hour and test flag, which the series cuts into any
 *   time zone's days, weeks or months (every zone's offset is a multiple of 15 minutes).
 * Counts are integers (a day of one source and status never holds 2^31 leads): PostgreSQL sums
 * them with a 64-bit accumulator, several times cheaper than the numeric one of a bigint sum.
 * A removed contribution only updates a row (never inserts): a tenant's deletion cascades to its
 * rollups and its leads in either order.
 */
const CHANGED =
  `(old.tenant_id, old.created_at, old.provider, old.campaign_id, old.form_id, old.ad_id, old.status, ` +
  `old.is_test, old.user_id, old.value, old.closed_at)
  is distinct from (new.tenant_id, new.created_at, new.provider, new.campaign_id, new.form_id, new.ad_id, new.status, ` +
  `new.is_test, new.user_id, new.value, new.closed_at)`;

const DAY = `date_bin('1 day', l.created_at, timestamptz '2000-01-01 00:00:00+00')`;
const QUARTER = `date_bin('15 minutes', l.created_at, timestamptz '2000-01-01 00:00:00+00')`;
const WON = `l.status = 'closed_won'`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table crm_lead_daily (
    ${TENANT_ID_COLUMN_SQL},
    day timestamptz not null,
    provider varchar(32) not null,
    campaign_id varchar(255),
    form_id varchar(255),
    ad_id varchar(255),
    status varchar(16) not null,
    is_test boolean not null,
    leads integer not null,
    linked integer not null,
    won_value_sum numeric not null,
    won_value_count integer not null,
    won_seconds_sum numeric not null,
    won_closed_count integer not null)`);
  await knex.raw(
    `create unique index crm_lead_daily_key on crm_lead_daily (tenant_id, day, provider, campaign_id, form_id, ad_id, status, is_test) nulls not distinct`,
  );
  await knex.raw(`create table crm_lead_quarters (
    ${TENANT_ID_COLUMN_SQL},
    quarter timestamptz not null,
    is_test boolean not null,
    leads integer not null,
    primary key (tenant_id, quarter, is_test))`);

  await knex.raw(
    `create function crm_lead_rollup_add(l crm_leads) returns void language sql as $$
    insert into crm_lead_daily as d (tenant_id, day, provider, campaign_id, form_id, ad_id, status, is_test, leads, ` +
      `linked, won_value_sum, won_value_count, won_seconds_sum, won_closed_count)
    values (l.tenant_id, ${DAY}, l.provider, l.campaign_id, l.form_id, l.ad_id, l.status, l.is_test, 1,
            case when l.user_id is null then 0 else 1 end,
            case when ${WON} then coalesce(l.value, 0) else 0 end,
            case when ${WON} and l.value is not null then 1 else 0 end,
            case when ${WON} and l.closed_at is not null then extract(epoch from (l.closed_at - l.created_at)) else 0 end,
            case when ${WON} and l.closed_at is not null then 1 else 0 end)
    on conflict (tenant_id, day, provider, campaign_id, form_id, ad_id, status, is_test) do update set
      leads = d.leads + 1, linked = d.linked + excluded.linked, won_value_sum = d.won_value_sum + excluded.won_value_sum,
      won_value_count = d.won_value_count + excluded.won_value_count, won_seconds_sum = d.won_seconds_sum + excluded.won_seconds_sum,
      won_closed_count = d.won_closed_count + excluded.won_closed_count;
    insert into crm_lead_quarters as q (tenant_id, quarter, is_test, leads) values (l.tenant_id, ${QUARTER}, l.is_test, 1)
    on conflict (tenant_id, quarter, is_test) do update set leads = q.leads + 1;
  $$`,
  );
  await knex.raw(`create function crm_lead_rollup_remove(l crm_leads) returns void language sql as $$
    update crm_lead_daily d set
      leads = d.leads - 1,
      linked = d.linked - case when l.user_id is null then 0 else 1 end,
      won_value_sum = d.won_value_sum - case when ${WON} then coalesce(l.value, 0) else 0 end,
      won_value_count = d.won_value_count - case when ${WON} and l.value is not null then 1 else 0 end,
      won_seconds_sum = d.won_seconds_sum - case when ${WON} and l.closed_at is not null then extract(epoch from (l.closed_at - l.created_at)) else 0 end,
      won_closed_count = d.won_closed_count - case when ${WON} and l.closed_at is not null then 1 else 0 end
    where d.tenant_id = l.tenant_id and d.day = ${DAY} and d.provider = l.provider and d.status = l.status and d.is_test = l.is_test
      and d.campaign_id is not distinct from l.campaign_id and d.form_id is not distinct from l.form_id and d.ad_id is not distinct from l.ad_id;
    update crm_lead_quarters q set leads = q.leads - 1 where q.tenant_id = l.tenant_id and q.quarter = ${QUARTER} and q.is_test = l.is_test;
  $$`);
  await knex.raw(`create function crm_lead_rollup() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and not (${CHANGED}) then return null; end if;
      if tg_op in ('UPDATE', 'DELETE') then perform crm_lead_rollup_remove(old); end if;
      if tg_op in ('UPDATE', 'INSERT') then perform crm_lead_rollup_add(new); end if;
      return null;
    end $$`);
  await knex.raw(
    'create trigger crm_leads_rollup after insert or update or delete on crm_leads for each row execute function crm_lead_rollup()',
  );

  // The leads already there.
  await knex.raw(
    `insert into crm_lead_daily (tenant_id, day, provider, campaign_id, form_id, ad_id, status, is_test, ` +
      `leads, linked, won_value_sum, won_value_count, won_seconds_sum, won_closed_count)
    select l.tenant_id, ${DAY}, l.provider, l.campaign_id, l.form_id, l.ad_id, l.status, l.is_test, count(*), count(l.user_id),
           coalesce(sum(l.value) filter (where ${WON}), 0), count(l.value) filter (where ${WON}),
           coalesce(sum(extract(epoch from (l.closed_at - l.created_at))) filter (where ${WON}), 0), count(l.closed_at) filter (where ${WON})
      from crm_leads l
     group by l.tenant_id, ${DAY}, l.provider, l.campaign_id, l.form_id, l.ad_id, l.status, l.is_test`,
  );
  await knex.raw(`insert into crm_lead_quarters (tenant_id, quarter, is_test, leads)
    select l.tenant_id, ${QUARTER}, l.is_test, count(*) from crm_leads l group by l.tenant_id, ${QUARTER}, l.is_test`);
  await knex.raw('analyze crm_lead_daily');
  await knex.raw('analyze crm_lead_quarters');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists crm_leads_rollup on crm_leads');
  await knex.raw('drop function if exists crm_lead_rollup()');
  await knex.raw('drop function if exists crm_lead_rollup_add(crm_leads)');
  await knex.raw('drop function if exists crm_lead_rollup_remove(crm_leads)');
  await knex.raw('drop table if exists crm_lead_quarters');
  await knex.raw('drop table if exists crm_lead_daily');
}
