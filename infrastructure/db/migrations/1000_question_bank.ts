import type { Knex } from 'knex';
import { createdAndUpdatedAt } from '../migration-helpers.js';

/**
 * Issue 33 items 4 and 5: a course's question bank. Questions live in categories (a tree per
 * course, one default category per course); a quiz's questions are its fixed slots (a question
 * row with `quiz_id`, in that quiz's order) and its random slots (`quiz_random_slots`: draw
 * `count` questions from a category at each attempt's start). A bank question no quiz holds has no
 * `quiz_id`. Existing questions move into their course's default category, so nothing changes for
 * quizzes written before the bank. The keys to a category cascade: only a course's (or a
 * tenant's) deletion removes a category that holds anything (the API refuses to delete a non-empty
 * one), and then its subcategories, bank questions and random slots go with it, whatever the order
 * of the deletion's batches.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('question_categories', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.uuid('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.uuid('parent_id').references('question_categories.id').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'course_id', 'name'], 'question_categories_course');
    t.index(['course_id'], 'question_categories_course_id_fk');
    t.index(['parent_id'], 'question_categories_parent_id_fk');
  });
  // One default category per course: the upsert that creates it on demand relies on this.
  await knex.raw('create unique index question_categories_default on question_categories (tenant_id, course_id) where is_default');

  await knex.raw('alter table quiz_questions add column category_id uuid references question_categories (id) on delete cascade');
  await knex.raw('alter table quiz_questions alter column quiz_id drop not null');
  await knex.raw('create index quiz_questions_category_id_fk on quiz_questions (category_id)');
  // A category's list (oldest first) and a draw's ranking of its ids (read from the index alone).
  await knex.raw('create index quiz_questions_tenant_category on quiz_questions (tenant_id, category_id, created_at, id)');

  await knex.raw(`
    insert into question_categories (id, tenant_id, course_id, parent_id, name, is_default, created_at, updated_at)
    select gen_random_uuid(), c.tenant_id, c.id, null, left('Default for ' || c.title, 255), true, now(), now()
      from courses c where exists (select 1 from quizzes z where z.course_id = c.id)`);
  await knex.raw(`
    update quiz_questions q set category_id = qc.id
      from quizzes z join question_categories qc on qc.course_id = z.course_id and qc.tenant_id = z.tenant_id and qc.is_default
     where z.id = q.quiz_id`);

  await knex.schema.createTable('quiz_random_slots', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.uuid('quiz_id').notNullable().references('quizzes.id').onDelete('CASCADE');
    t.uuid('category_id').notNullable().references('question_categories.id').onDelete('CASCADE');
    t.boolean('include_subcategories').notNullable().defaultTo(false);
    t.integer('count').notNullable();
    // Each drawn question is worth this many points (Moodle's slot mark), whatever its own points.
    t.integer('points').notNullable().defaultTo(1);
    t.integer('sort_order').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'quiz_id', 'sort_order'], 'quiz_random_slots_quiz');
    t.index(['quiz_id'], 'quiz_random_slots_quiz_id_fk');
    t.index(['category_id'], 'quiz_random_slots_category_id_fk');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('quiz_random_slots');
  await knex.raw('delete from quiz_questions where quiz_id is null');
  await knex.raw('alter table quiz_questions alter column quiz_id set not null');
  await knex.raw('alter table quiz_questions drop column category_id');
  await knex.schema.dropTable('question_categories');
}
