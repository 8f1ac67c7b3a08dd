import type { Knex } from 'knex';

/**
 * Password reset tokens (issue 16): only a SHA-256 digest of the mailed token is stored, looked up
 * by it (unique), valid 30 minutes, used once (`used_at`, set by a conditional update). Issuing a
 * new token voids the user's earlier ones; the per-user index serves that and the hourly count.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('password_reset_tokens');
}
