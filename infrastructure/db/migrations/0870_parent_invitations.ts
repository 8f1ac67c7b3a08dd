import type { Knex } from 'knex';

/**
 * Parent invitations (issue 18): a student invites a parent by email. Only a SHA-256 digest of
 * the mailed token is stored, looked up by it (unique), valid 7 days, used once (`used_at`, set by
 * a conditional update). The per-student index serves the hourly count and the retiring of earlier
 * invitations to the same address.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('parent_invitations', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.uuid('student_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('email', 320).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'student_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('parent_invitations');
}
