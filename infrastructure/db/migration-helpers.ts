import type { Knex } from 'knex';

/**
 * The columns and steps every migration declares the same way (the tenant key, the row's times, a
 * down's list of tables). Migrations already applied on deployed databases import these, so each
 * must keep producing exactly the SQL it produces today: changing one would make a fresh database
 * differ from a migrated one, silently. A new need gets a new helper; these never change behaviour.
 * Outside migrations/ on purpose: infrastructure/db/migrate.ts loads every file there as a migration.
 */

/** `tenant_id`: every row of tenant data goes with its tenant (contract §4). */
export const tenantIdColumn = (t: Knex.CreateTableBuilder) =>
  t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');

/** The same column in a table created with raw SQL. */
export const TENANT_ID_COLUMN_SQL = 'tenant_id uuid not null references tenants(id) on delete cascade';

/** `created_at` and `updated_at`: timestamptz, always written by the application clock, never by `now()`. */
export const createdAndUpdatedAt = (t: Knex.CreateTableBuilder) => {
  t.timestamp('created_at', { useTz: true }).notNullable();
  t.timestamp('updated_at', { useTz: true }).notNullable();
};

/** A down's drops, in the order given (dependents first). */
export async function dropTablesIfExist(knex: Knex, tables: readonly string[]): Promise<void> {
  for (const table of tables) await knex.schema.dropTableIfExists(table);
}
