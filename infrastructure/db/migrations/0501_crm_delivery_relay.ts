import type { Knex } from 'knex';

/** The delivery relay looks for pending deliveries of every tenant; only a few are ever pending. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("create index crm_webhook_deliveries_pending on crm_webhook_deliveries (updated_at) where status = 'pending'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists crm_webhook_deliveries_pending');
}
