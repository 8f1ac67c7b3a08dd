import type { Knex } from 'knex';

/**
 * A tenant deletion is a job (issue 28 §4, docs/identity.md "Tenant deletion"): the tenant is
 * marked `deleting` at once and this row follows the job's progress; it goes with the tenant row,
 * the job's last statement.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tenant_deletions', (t) => {
    t.uuid('tenant_id').primary().references('tenants.id').onDelete('CASCADE');
    t.timestamp('requested_at', { useTz: true }).notNullable();
    t.integer('tables_done').notNullable().defaultTo(0);
    t.integer('tables_total').notNullable().defaultTo(0);
    t.bigInteger('rows_deleted').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tenant_deletions');
}
