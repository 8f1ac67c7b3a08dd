import type { Knex } from 'knex';

/**
 * Issue 33: marks keep Moodle's seven decimals (its fractions are `numeric(12, 7)`), so a third of
 * a point is 0.3333333, not 0.33, and the statistics computed from stored marks match Moodle's.
 * A question is worth at most 1000 points (numeric(12, 7) holds 99,999.9999999); a score keeps
 * the previous column's range (10⁸). `percentage` stays a two-decimal figure: it is shown, and
 * the pass is decided on it. Marks stored before this keep the two decimals they were rounded to.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table quiz_answers alter column points_awarded type numeric(12, 7)');
  await knex.raw('alter table quiz_attempts alter column score type numeric(15, 7)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table quiz_attempts alter column score type numeric(10, 2)');
  await knex.raw('alter table quiz_answers alter column points_awarded type numeric(10, 2)');
}
