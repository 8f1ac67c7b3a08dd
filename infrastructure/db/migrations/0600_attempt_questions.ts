import type { Knex } from 'knex';

/**
 * An attempt keeps the questions it was started with (`questions`, a snapshot with the correct
 * answers): editing, adding or deleting questions while it runs changes neither what the student
 * sees nor how it is graded. Its answers may therefore name a question deleted since, so they no
 * longer reference quiz_questions (an attempt's answers still go with the attempt).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table quiz_attempts add column questions jsonb');
  await knex.raw('alter table quiz_answers drop constraint if exists quiz_answers_question_id_foreign');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('delete from quiz_answers a where not exists (select 1 from quiz_questions q where q.id = a.question_id)');
  await knex.raw(
    'alter table quiz_answers add constraint quiz_answers_question_id_foreign foreign key (question_id) references quiz_questions (id) on delete cascade',
  );
  await knex.raw('alter table quiz_attempts drop column questions');
}
