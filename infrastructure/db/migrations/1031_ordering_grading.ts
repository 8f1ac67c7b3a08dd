import type { Knex } from 'knex';

/**
 * Issue 33: an ordering question's grading type (qtype_ordering's GRADING_* in snake_case), set on
 * ordering questions only. Those stored before could be graded relative_to_correct alone, which
 * they keep. Attempts' snapshots and archived versions are the question's JSON: the ones taken
 * before have no `orderingGrading` and are read as relative_to_correct, the grading they started with.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table quiz_questions add column ordering_grading text');
  await knex.raw(`update quiz_questions set ordering_grading = 'relative_to_correct' where question_type = 'ordering'`);
  await knex.raw(
    `alter table quiz_questions add constraint quiz_questions_ordering_grading_check check (
       (question_type = 'ordering') = (ordering_grading is not null)
       and ordering_grading in ('all_or_nothing', 'absolute_position', 'relative_next_exclude_last', 'relative_next_include_last',
         'relative_one_previous_and_next', 'relative_all_previous_and_next', 'longest_ordered_subset', 'longest_contiguous_subset',
         'relative_to_correct'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table quiz_questions drop column ordering_grading');
}
