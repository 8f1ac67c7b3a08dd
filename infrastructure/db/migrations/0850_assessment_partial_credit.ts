import type { Knex } from 'knex';

/**
 * Partial credit and mentor-marked questions (issue 19): marks have two decimals (fixed point,
 * `numeric(10, 2)`), an answer can carry a mentor's mark with feedback (essays), and attempts
 * waiting for such a mark (`needs_grading`) are found by the essay grading queue through a
 * partial index. Question options (jsonb) gain optional `weight`, `tolerance`, `match` and
 * `match_id` keys: no column changes there.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table quiz_attempts alter column score type numeric(10, 2)');
  await knex.raw('alter table quiz_answers alter column points_awarded type numeric(10, 2)');
  await knex.raw('alter table quiz_answers add column feedback text, add column graded_by uuid, add column graded_at timestamptz');
  await knex.raw("create index quiz_attempts_needs_grading on quiz_attempts (tenant_id, submitted_at, id) where status = 'needs_grading'");
  // Marked essays, newest mark first (the queue's ?status=graded).
  await knex.raw('create index quiz_answers_marked on quiz_answers (tenant_id, graded_at) where graded_by is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists quiz_answers_marked');
  await knex.raw('drop index if exists quiz_attempts_needs_grading');
  await knex.raw('alter table quiz_answers drop column feedback, drop column graded_by, drop column graded_at');
  await knex.raw('alter table quiz_answers alter column points_awarded type integer using round(points_awarded)');
  await knex.raw('alter table quiz_attempts alter column score type integer using round(score)');
}
