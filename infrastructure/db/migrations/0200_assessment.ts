import type { Knex } from 'knex';
import { tenantIdColumn, createdAndUpdatedAt, dropTablesIfExist } from '../migration-helpers.js';

/**
 * Assessment: quizzes, their questions, attempts and answers, and assignment submissions.
 * Every table carries `tenant_id` with a cascading foreign key (contract §4); every filter or
 * sort used by a repository has an index that leads with it, except the cross-tenant sweep of
 * overdue attempts (see below).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quizzes', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('module_id').notNullable().references('course_modules.id').onDelete('CASCADE');
    // Denormalised from the module: course completion counts a course's published quizzes.
    t.uuid('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.string('title', 300).notNullable();
    t.text('description');
    // 0: no time limit.
    t.integer('duration_minutes').notNullable().defaultTo(0);
    t.integer('passing_score').notNullable().defaultTo(60);
    // 0: unlimited.
    t.integer('max_attempts').notNullable().defaultTo(0);
    t.boolean('show_correct_answers').notNullable().defaultTo(false);
    t.boolean('shuffle_questions').notNullable().defaultTo(false);
    t.string('status', 16).notNullable().defaultTo('draft');
    t.timestamp('published_at', { useTz: true });
    t.uuid('created_by');
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'module_id', 'created_at']);
    t.index(['tenant_id', 'course_id', 'status']);
    t.index(['tenant_id', 'created_at']);
  });

  await knex.schema.createTable('quiz_questions', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('quiz_id').notNullable().references('quizzes.id').onDelete('CASCADE');
    t.string('question_type', 32).notNullable();
    t.text('question_text').notNullable();
    t.integer('points').notNullable().defaultTo(1);
    t.integer('sort_order').notNullable().defaultTo(0);
    // [{id, text, is_correct}]: always read and written with the question.
    t.jsonb('options').notNullable();
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'quiz_id', 'sort_order']);
  });

  await knex.schema.createTable('quiz_attempts', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('quiz_id').notNullable().references('quizzes.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('attempt_number').notNullable();
    t.string('status', 16).notNullable();
    // Seed of the attempt's question order (shuffle_questions): fixed at start.
    t.integer('seed').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('deadline_at', { useTz: true });
    t.timestamp('submitted_at', { useTz: true });
    t.integer('score');
    t.integer('max_score').notNullable().defaultTo(0);
    t.decimal('percentage', 5, 2);
    t.boolean('passed');
    t.timestamp('updated_at', { useTz: true }).notNullable();
    // One attempt per number: concurrent starts cannot both take the same number, and the
    // number is bounded by max_attempts in the inserting statement (contract §6).
    t.unique(['tenant_id', 'quiz_id', 'user_id', 'attempt_number']);
    t.index(['tenant_id', 'user_id', 'started_at']);
    t.index(['tenant_id', 'quiz_id', 'started_at', 'id']);
    t.index(['tenant_id', 'quiz_id', 'status']);
  });
  // At most one attempt in progress per user and quiz: "start" resumes it.
  await knex.raw(
    "create unique index quiz_attempts_one_in_progress on quiz_attempts (tenant_id, quiz_id, user_id) where status = 'in_progress'",
  );
  // The periodic sweep looks for overdue attempts of every tenant at once: an index leading with
  // tenant_id would not serve it. Partial, so it holds only attempts still running with a deadline.
  await knex.raw(
    "create index quiz_attempts_overdue on quiz_attempts (deadline_at, tenant_id) where status = 'in_progress' and deadline_at is not null",
  );

  await knex.schema.createTable('quiz_answers', (t) => {
    tenantIdColumn(t);
    t.uuid('attempt_id').notNullable().references('quiz_attempts.id').onDelete('CASCADE');
    t.uuid('question_id').notNullable().references('quiz_questions.id').onDelete('CASCADE');
    // The given answer: option ids, or [text] for short_answer; null when unanswered.
    t.jsonb('answer');
    // Set when the attempt is graded (one row per question of the attempt, answered or not).
    t.boolean('is_correct');
    t.integer('points_awarded');
    t.integer('max_points');
    t.timestamp('answered_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['tenant_id', 'attempt_id', 'question_id']);
    t.index(['tenant_id', 'question_id']);
  });

  await knex.schema.createTable('assignment_submissions', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('lesson_id').notNullable().references('lessons.id').onDelete('CASCADE');
    // Denormalised from the lesson: course summaries and the grading queue filter by course.
    t.uuid('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('file_url').notNullable();
    t.text('notes');
    t.string('status', 16).notNullable();
    // 1 for the first submission, +1 per resubmission.
    t.integer('revision').notNullable().defaultTo(1);
    t.decimal('score', 5, 2);
    t.text('feedback');
    t.uuid('graded_by');
    t.timestamp('submitted_at', { useTz: true }).notNullable();
    t.timestamp('graded_at', { useTz: true });
    createdAndUpdatedAt(t);
    // One submission per student and lesson, resubmitted in place until graded.
    t.unique(['tenant_id', 'user_id', 'lesson_id']);
    t.index(['tenant_id', 'lesson_id', 'submitted_at']);
    t.index(['tenant_id', 'status', 'submitted_at']);
    t.index(['tenant_id', 'course_id', 'status']);
    t.index(['tenant_id', 'user_id', 'submitted_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTablesIfExist(knex, ['assignment_submissions', 'quiz_answers', 'quiz_attempts', 'quiz_questions', 'quizzes']);
}
