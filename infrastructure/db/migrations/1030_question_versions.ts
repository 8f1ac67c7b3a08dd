import type { Knex } from 'knex';

/**
 * Issue 33: question versions. `quiz_questions.id` stays the stable entry that quizzes' slots and the
 * API point at (Moodle's question bank entry); `version` counts its versions. Once an attempt has seen
 * the question, an edit keeps the content it replaces here (one row per superseded version) and bumps
 * `version`; attempts keep what they saw in their own snapshot, which records the version. The primary
 * key makes a version's archive unique: two concurrent edits cannot both archive version n.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table quiz_questions add column version integer not null default 1');
  await knex.schema.createTable('question_versions', (t) => {
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.uuid('question_id').notNullable().references('quiz_questions.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    // The question as it was (the same JSON as an attempt's snapshot of it).
    t.jsonb('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['question_id', 'version']);
    t.index(['tenant_id'], 'question_versions_tenant_id_fk');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('question_versions');
  await knex.raw('alter table quiz_questions drop column version');
}
