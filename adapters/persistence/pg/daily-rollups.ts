import type { Knex } from 'knex';
import { num } from './knex-helpers.js';

/**
 * Reads of the overview's daily rollups (migration 1020, kept by triggers in the writing
 * transaction): whole UTC days from the rollup, and the part of a day at a range's end (a since
 * given to the instant) from the table itself, so each figure equals a count over the table at
 * the cost of a few hundred rollup rows and at most one day of table rows.
 */
const DAY_MS = 86_400_000;
const floorDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (at: Date) => new Date(Math.ceil(at.getTime() / DAY_MS) * DAY_MS);

export interface DailyRollup {
  rollup: 'quiz_attempt_daily' | 'certificate_daily';
  count: 'attempts' | 'certificates';
  source: 'quiz_attempts' | 'certificates';
  time: 'started_at' | 'issued_at';
}

// Raw: one row summing scalar subqueries, whose SQL the callers compose.
async function sumOf(q: Knex, parts: Array<[sql: string, bindings: Knex.RawBinding[]]>): Promise<number> {
  const result = (await q.raw(
    `select ${parts.map(([sql]) => `(${sql})`).join(' + ')} as n`,
    parts.flatMap(([, b]) => b),
  )) as { rows: Array<{ n: unknown }> };
  return num(result.rows[0]?.n);
}

/** The tenant's rows of `spec.source` timed at or after `since` (all of them without one). */
export function countSince(q: Knex, spec: DailyRollup, tenantId: string, since?: Date): Promise<number> {
  const day = since && ceilDay(since);
  const parts: Array<[string, Knex.RawBinding[]]> = [
    [
      `select coalesce(sum(${spec.count}), 0) from ${spec.rollup} where tenant_id = ?${day ? ' and day >= ?' : ''}`,
      day ? [tenantId, day] : [tenantId],
    ],
  ];
  if (since && day && day > since)
    parts.push([
      `select count(*) from ${spec.source} where tenant_id = ? and ${spec.time} >= ? and ${spec.time} < ?`,
      [tenantId, since, day],
    ]);
  return sumOf(q, parts);
}

/**
 * The tenant's enrolments active at `now` (status active, no expiry or a later one), created at or
 * after `since` when given. Whole days of expiry after today come from the rollup; the enrolments
 * expiring today, and those created on the part day at `since`, from the table.
 */
export function countActiveEnrollments(q: Knex, tenantId: string, now: Date, since?: Date): Promise<number> {
  const tomorrow = new Date(floorDay(now).getTime() + DAY_MS);
  const day = since && ceilDay(since);
  const parts: Array<[string, Knex.RawBinding[]]> = [
    [
      `select coalesce(sum(enrollments), 0) from enrollment_daily where tenant_id = ? and status = 'active' and expires_day >= ?${day ? ' and day >= ?' : ''}`,
      day ? [tenantId, tomorrow, day] : [tenantId, tomorrow],
    ],
    [
      `select count(*) from enrollments where tenant_id = ? and expires_at > ? and expires_at < ? and status = 'active'${day ? ' and created_at >= ?' : ''}`,
      day ? [tenantId, now, tomorrow, day] : [tenantId, now, tomorrow],
    ],
  ];
  if (since && day && day > since) {
    parts.push([
      `select count(*) from enrollments where tenant_id = ? and created_at >= ? and created_at < ? and status = 'active' ` +
        `and (expires_at is null or expires_at > ?)`,
      [tenantId, since, day, now],
    ]);
  }
  return sumOf(q, parts);
}
