import type { Knex } from 'knex';
import { createdAndUpdatedAt } from '../migration-helpers.js';

/** Outbound webhooks (docs/webhooks.md): endpoints and their deliveries, an outbox the delivery job and its relay read. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('url').notNullable();
    t.text('description');
    t.jsonb('events').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('sealed_secret').notNullable();
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'created_at']);
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.uuid('endpoint_id').notNullable().references('webhook_endpoints.id').onDelete('CASCADE');
    t.uuid('event_id').notNullable();
    t.string('event_type', 64).notNullable();
    t.jsonb('payload').notNullable();
    t.string('status', 16).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('retries').notNullable().defaultTo(0);
    t.integer('last_status_code');
    t.text('last_error');
    createdAndUpdatedAt(t);
    t.timestamp('delivered_at', { useTz: true });
    t.index(['tenant_id', 'endpoint_id', 'created_at']);
    t.index(['tenant_id', 'endpoint_id', 'status', 'created_at']);
  });
  // The relay looks for pending deliveries of every tenant; only a few are ever pending.
  await knex.raw("create index webhook_deliveries_pending on webhook_deliveries (updated_at) where status = 'pending'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webhook_deliveries');
  await knex.schema.dropTableIfExists('webhook_endpoints');
}
