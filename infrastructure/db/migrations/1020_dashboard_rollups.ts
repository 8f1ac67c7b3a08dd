import type { Knex } from 'knex';
import { TENANT_ID_COLUMN_SQL } from '../migration-helpers.js';

/**
 * The admin overview (`GET /api/dashboard/overview`) counted whole tables per request: every
 * active enrolment (twice: all, and the last 30 days), every certificate (twice), every user (by
 * role) and today's quiz attempts (issue 28). Four per-tenant rollups, kept by triggers in the
 * writing transaction, so no write path can forget them and they are exact at every commit:
 * - `enrollment_daily`: enrolments per UTC day of creation, status and UTC day of expiry
 *   ('infinity' for none): "active now" is a status and an expiry after today, exact to the
 *   instant with a look at only the enrolments expiring today;
 * - `quiz_attempt_daily`: attempts per UTC day started;
 * - `certificate_daily`: certificates per UTC day issued;
 * - `user_role_counts`: users not deleted, per role (the head count by role).
 * The reads (adapters/persistence/pg/daily-rollups.ts) take whole days from a rollup and a range's
 * part-day ends from the table itself, so a range cut to the instant stays exact.
 *
 * Statement-level triggers with transition tables (unlike the row triggers of 0995): a bulk write
 * (a grant to a class, 1,000-row seed batches, a tenant's deletion in batches) touches each rollup
 * row once per statement instead of once per row, which would leave a dead row version each time.
 * A statement's net change per key is applied in key order (concurrent writers then lock rollup
 * rows in the same order): additions by `insert … on conflict do update`, removals by an update
 * only, never an insert, so a tenant's deletion may cascade to its rollups and its rows in either
 * order (an insert for a tenant being deleted would break the foreign key). The price: a write
 * holds its rollup rows' locks until commit, so concurrent writes of one tenant's same key
 * (enrolments of one day, users of one role) wait for each other's commit; every update statement
 * on these tables (a login's `last_login_at` too) runs the trigger, which finds no net change.
 */
interface Rollup {
  table: string;
  source: string;
  /** The rollup's key columns after tenant_id, with their expression over a source row `r`. */
  keys: Array<[column: string, expression: string]>;
  count: string;
  /** The source rows counted, when not all. */
  where?: string;
}

const DAY = (column: string) => `date_bin('1 day', r.${column}, timestamptz '2000-01-01 00:00:00+00')`;

const ROLLUPS: Rollup[] = [
  {
    table: 'enrollment_daily',
    source: 'enrollments',
    count: 'enrollments',
    keys: [
      ['day', DAY('created_at')],
      ['status', 'r.status'],
      ['expires_day', `coalesce(${DAY('expires_at')}, 'infinity')`],
    ],
  },
  { table: 'quiz_attempt_daily', source: 'quiz_attempts', count: 'attempts', keys: [['day', DAY('started_at')]] },
  { table: 'certificate_daily', source: 'certificates', count: 'certificates', keys: [['day', DAY('issued_at')]] },
  { table: 'user_role_counts', source: 'users', count: 'users', keys: [['role', 'r.role']], where: 'r.deleted_at is null' },
];

const COLUMN_TYPES: Record<string, string> = { day: 'timestamptz', status: 'varchar(16)', expires_day: 'timestamptz', role: 'smallint' };

/** Signed deltas (`select tenant_id, <keys>, n`) of the transition tables given as (name, sign). */
function deltas(r: Rollup, sides: Array<[transition: string, sign: 1 | -1]>, having: '> 0' | '< 0'): string {
  const keys = ['r.tenant_id', ...r.keys.map(([, e]) => e)];
  const names = keys.map((_, i) => `k${i + 1}`).join(', ');
  const rows = sides
    .map(([t, sign]) => `select ${keys.join(', ')}, ${sign} from ${t} r${r.where ? ` where ${r.where}` : ''}`)
    .join(' union all ');
  return `select ${names}, sum(n)::int as n from (${rows}) as k(${names}, n) group by ${names} having sum(n) ${having} order by ${names}`;
}

function applyFunction(r: Rollup, event: 'insert' | 'update' | 'delete'): string {
  const sides: Array<[string, 1 | -1]> =
    event === 'insert'
      ? [['new_rows', 1]]
      : event === 'delete'
        ? [['old_rows', -1]]
        : [
            ['new_rows', 1],
            ['old_rows', -1],
          ];
  const columns = ['tenant_id', ...r.keys.map(([c]) => c)];
  const statements: string[] = [];
  if (event !== 'insert') {
    statements.push(`update ${r.table} t set ${r.count} = t.${r.count} + d.n from (${deltas(r, sides, '< 0')}) d
       where ${columns.map((c, i) => `t.${c} = d.k${i + 1}`).join(' and ')};`);
  }
  if (event !== 'delete') {
    statements.push(`insert into ${r.table} as t (${columns.join(', ')}, ${r.count})
      ${deltas(r, sides, '> 0')}
      on conflict (${columns.join(', ')}) do update set ${r.count} = t.${r.count} + excluded.${r.count};`);
  }
  return `create function ${r.table}_on_${event}() returns trigger language plpgsql as $$
    begin
      ${statements.join('\n      ')}
      return null;
    end $$`;
}

export async function up(knex: Knex): Promise<void> {
  for (const r of ROLLUPS) {
    const columns = ['tenant_id', ...r.keys.map(([c]) => c)];
    await knex.raw(`create table ${r.table} (
      ${TENANT_ID_COLUMN_SQL},
      ${r.keys.map(([c]) => `${c} ${COLUMN_TYPES[c]!} not null`).join(',\n      ')},
      ${r.count} integer not null,
      primary key (${columns.join(', ')}))`);
    for (const event of ['insert', 'update', 'delete'] as const) {
      await knex.raw(applyFunction(r, event));
      const transitions =
        event === 'insert'
          ? 'new table as new_rows'
          : event === 'delete'
            ? 'old table as old_rows'
            : 'new table as new_rows old table as old_rows';
      await knex.raw(
        `create trigger ${r.source}_rollup_${event} after ${event} on ${r.source} referencing ${transitions} for each ` +
          `statement execute function ${r.table}_on_${event}()`,
      );
    }
    // The rows already there.
    await knex.raw(`insert into ${r.table} (${columns.join(', ')}, ${r.count})
      select r.tenant_id, ${r.keys.map(([, e]) => e).join(', ')}, count(*) from ${r.source} r${
        r.where ? ` where ` + `${r.where}` : ''
      } group by ${columns.map((_, i) => i + 1).join(', ')}`);
    await knex.raw(`analyze ${r.table}`);
  }
  // "Active now" counts exactly the enrolments that expire today, from the table.
  await knex.raw('create index enrollments_tenant_expires on enrollments (tenant_id, expires_at) where expires_at is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists enrollments_tenant_expires');
  for (const r of [...ROLLUPS].reverse()) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      await knex.raw(`drop trigger if exists ${r.source}_rollup_${event} on ${r.source}`);
      await knex.raw(`drop function if exists ${r.table}_on_${event}()`);
    }
    await knex.raw(`drop table if exists ${r.table}`);
  }
}
