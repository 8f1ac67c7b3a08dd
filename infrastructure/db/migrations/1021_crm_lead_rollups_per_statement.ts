import type { Knex } from 'knex';

/**
 * The lead rollups of 0995 were kept by a row trigger: a statement that deletes or changes many
 * leads updated the same few rollup rows once per lead, each time leaving a row version that the
 * next update of that row walks past. A tenant's deletion at scale 2 (20,000 leads in batches of
 * a few thousand) spent 13.8 of its 18 s there (issue 28: ≤ 5 s). Statement triggers with
 * transition tables instead, like the overview's rollups (1020): each statement's net change per
 * rollup row, applied once, in key order. A row whose lead count grows is upserted; one whose
 * count shrinks or stays is only updated, never inserted (a tenant's deletion may have removed
 * it first: an insert would break the foreign key to the tenant being deleted). The same figures
 * as 0995's, whose row functions stay for `down`.
 */
const DAY = `date_bin('1 day', r.created_at, timestamptz '2000-01-01 00:00:00+00')`;
const QUARTER = `date_bin('15 minutes', r.created_at, timestamptz '2000-01-01 00:00:00+00')`;
const WON = `r.status = 'closed_won'`;

const DAILY_KEYS: Array<[string, string]> = [
  ['tenant_id', 'r.tenant_id'],
  ['day', DAY],
  ['provider', 'r.provider'],
  ['campaign_id', 'r.campaign_id'],
  ['form_id', 'r.form_id'],
  ['ad_id', 'r.ad_id'],
  ['status', 'r.status'],
  ['is_test', 'r.is_test'],
];
const DAILY_VALUES: Array<[string, string]> = [
  ['leads', '1'],
  ['linked', 'case when r.user_id is null then 0 else 1 end'],
  ['won_value_sum', `case when ${WON} then coalesce(r.value, 0) else 0 end`],
  ['won_value_count', `case when ${WON} and r.value is not null then 1 else 0 end`],
  ['won_seconds_sum', `case when ${WON} and r.closed_at is not null then extract(epoch from (r.closed_at - r.created_at)) else 0 end`],
  ['won_closed_count', `case when ${WON} and r.closed_at is not null then 1 else 0 end`],
];
const NULLABLE = new Set(['campaign_id', 'form_id', 'ad_id']);
const QUARTER_KEYS: Array<[string, string]> = [
  ['tenant_id', 'r.tenant_id'],
  ['quarter', QUARTER],
  ['is_test', 'r.is_test'],
];
const QUARTER_VALUES: Array<[string, string]> = [['leads', '1']];

type Side = [transition: 'new_rows' | 'old_rows', sign: 1 | -1];

/** The statement's net change per key: `having` picks the rows grown (upserted) or not (updated). */
function deltas(keys: Array<[string, string]>, values: Array<[string, string]>, sides: Side[], grown: boolean): string {
  const rows = sides.map(
    ([t, sign]) =>
      `select ${keys.map(([c, e]) => `${e} as ${c}`).join(', ')}, ${values.map(([c, e]) => `${sign} * (${e}) as ${c}`).join(', ')} from ${t} r`,
  );
  const names = keys.map(([c]) => c).join(', ');
  const changed = values.map(([c]) => `sum(${c}) <> 0`).join(' or ');
  return `select ${names}, ${values.map(([c]) => `sum(${c}) as ${c}`).join(', ')}
      from (${rows.join(' union all ')}) d
     group by ${names} having ${grown ? 'sum(leads) > 0' : `sum(leads) <= 0 and (${changed})`} order by ${names}`;
}

function statements(
  table: string,
  keys: Array<[string, string]>,
  values: Array<[string, string]>,
  conflict: string,
  sides: Side[],
): string[] {
  const out: string[] = [];
  const sets = values.map(([c]) => `${c} = t.${c} + d.${c}`).join(', ');
  if (sides.some(([, sign]) => sign < 0)) {
    // The nullable keys (campaign, form, ad) match as the unique index does, nulls not distinct;
    // the others by equality, which a join can hash or look up.
    out.push(`update ${table} t set ${sets} from (${deltas(keys, values, sides, false)}) d
       where ${keys.map(([c]) => (NULLABLE.has(c) ? `t.${c} is not distinct from d.${c}` : `t.${c} = d.${c}`)).join(' and ')};`);
  }
  if (sides.some(([, sign]) => sign > 0)) {
    out.push(`insert into ${table} as t (${keys.map(([c]) => c).join(', ')}, ${values.map(([c]) => c).join(', ')})
      ${deltas(keys, values, sides, true)}
      on conflict (${conflict}) do update set ${values.map(([c]) => `${c} = t.${c} + excluded.${c}`).join(', ')};`);
  }
  return out;
}

const EVENTS: Array<['insert' | 'update' | 'delete', Side[], string]> = [
  ['insert', [['new_rows', 1]], 'new table as new_rows'],
  [
    'update',
    [
      ['new_rows', 1],
      ['old_rows', -1],
    ],
    'new table as new_rows old table as old_rows',
  ],
  ['delete', [['old_rows', -1]], 'old table as old_rows'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop trigger crm_leads_rollup on crm_leads');
  for (const [event, sides, transitions] of EVENTS) {
    const body = [
      ...statements(
        'crm_lead_daily',
        DAILY_KEYS,
        DAILY_VALUES,
        'tenant_id, day, provider, campaign_id, form_id, ad_id, status, is_test',
        sides,
      ),
      ...statements('crm_lead_quarters', QUARTER_KEYS, QUARTER_VALUES, 'tenant_id, quarter, is_test', sides),
    ];
    await knex.raw(`create function crm_lead_rollup_on_${event}() returns trigger language plpgsql as $$
      begin
        ${body.join('\n        ')}
        return null;
      end $$`);
    await knex.raw(
      `create trigger crm_leads_rollup_${event} after ${event} on crm_leads referencing ${transitions} for each ` +
        `statement execute function crm_lead_rollup_on_${event}()`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [event] of EVENTS) {
    await knex.raw(`drop trigger if exists crm_leads_rollup_${event} on crm_leads`);
    await knex.raw(`drop function if exists crm_lead_rollup_on_${event}()`);
  }
  await knex.raw(
    'create trigger crm_leads_rollup after insert or update or delete on crm_leads for each row execute function crm_lead_rollup()',
  );
}
