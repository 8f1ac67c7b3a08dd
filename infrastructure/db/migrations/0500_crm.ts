import type { Knex } from 'knex';
import { createdAndUpdatedAt } from '../migration-helpers.js';

/**
 * CRM (contract §8): integrations, webhook deliveries, leads with their history, allocation rules
 * and round-robin cursors. Every table carries tenant_id with a cascading foreign key, and every
 * filter or sort has an index that leads with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('crm_integrations', (t) => {
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.string('provider', 16).notNullable();
    t.boolean('enabled').notNullable().defaultTo(false);
    t.string('page_id', 64);
    // Keyed hashes (HMAC) for cross-tenant look-ups; the secrets themselves are only sealed.
    t.string('verify_token_hash', 64);
    t.string('google_key_hash', 64);
    t.text('sealed_secrets');
    createdAndUpdatedAt(t);
    t.primary(['tenant_id', 'provider']);
  });
  // A page or a Google key names one tenant: that is how a delivery finds its tenant.
  await knex.raw(
    `create unique index crm_integrations_meta_page on crm_integrations (page_id) where provider = 'meta' and page_id is not null`,
  );
  await knex.raw('create unique index crm_integrations_google_key on crm_integrations (google_key_hash) where google_key_hash is not null');
  await knex.raw('create index crm_integrations_verify_token on crm_integrations (verify_token_hash) where verify_token_hash is not null');

  await knex.schema.createTable('crm_leads', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.string('provider', 32).notNullable();
    t.string('external_id', 255);
    t.string('name', 300);
    t.string('phone', 32);
    t.string('email', 254);
    t.string('city', 200);
    t.string('region', 200);
    t.string('category', 200);
    t.jsonb('answers').notNullable().defaultTo('[]');
    t.string('status', 16).notNullable();
    t.uuid('assigned_to').references('users.id').onDelete('SET NULL');
    t.decimal('value', 18, 2);
    t.boolean('is_test').notNullable().defaultTo(false);
    createdAndUpdatedAt(t);
    t.timestamp('status_changed_at', { useTz: true }).notNullable();
    t.timestamp('closed_at', { useTz: true });
    // Deduplication (contract §8): a replayed webhook or a redelivered job never makes a second lead.
    t.unique(['tenant_id', 'provider', 'external_id']);
    t.index(['tenant_id', 'status', 'created_at']);
    t.index(['tenant_id', 'assigned_to', 'created_at']);
    t.index(['tenant_id', 'provider', 'created_at']);
  });
  await knex.raw(
    `alter table crm_leads add constraint crm_leads_status check (status in ` +
      `('new','contacted','qualified','unqualified','converted','closed_won','closed_lost'))`,
  );
  // The list's default order and the dashboard's range scan: the INCLUDE columns let the
  // dashboard aggregate from the index alone (index-only scan) on a million leads.
  await knex.raw(
    'create index crm_leads_tenant_created on crm_leads (tenant_id, created_at, id) include (status, provider, is_test, value, closed_at)',
  );
  // Search over name, email and phone (GET /api/crm/leads?search=).
  await knex.raw(
    `create index crm_leads_search_trgm on crm_leads using gin ((coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) gin_trgm_ops)`,
  );

  await knex.schema.createTable('crm_lead_events', (t) => {
    t.uuid('id').primary();
    // Insertion order: entries written together (a PATCH of status and value) share a time.
    t.bigIncrements('seq', { primaryKey: false });
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.uuid('lead_id').notNullable().references('crm_leads.id').onDelete('CASCADE');
    t.string('type', 24).notNullable();
    t.string('from_status', 16);
    t.string('to_status', 16);
    t.uuid('from_user_id');
    t.uuid('to_user_id');
    t.decimal('value', 18, 2);
    t.text('note');
    t.uuid('actor_id');
    t.string('reason', 24);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'lead_id', 'created_at']);
  });

  await knex.schema.createTable('crm_automation_rules', (t) => {
    t.uuid('tenant_id').primary().references('tenants.id').onDelete('CASCADE');
    t.string('mode', 16).notNullable();
    t.jsonb('members').notNullable().defaultTo('[]');
    t.uuid('fallback_user_id');
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });

  // One counter per pool of members: advanced with INSERT … ON CONFLICT DO UPDATE … RETURNING.
  await knex.schema.createTable('crm_allocation_cursors', (t) => {
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.string('pool_key', 64).notNullable();
    t.bigInteger('position').notNullable();
    t.primary(['tenant_id', 'pool_key']);
  });

  await knex.schema.createTable('crm_webhook_deliveries', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.string('provider', 16).notNullable();
    t.string('external_id', 255).notNullable();
    t.string('status', 16).notNullable();
    t.text('raw_body').notNullable();
    t.jsonb('payload').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('retries').notNullable().defaultTo(0);
    t.text('last_error');
    t.uuid('lead_id').references('crm_leads.id').onDelete('SET NULL');
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.timestamp('processed_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'received_at']);
    t.index(['tenant_id', 'status', 'received_at']);
    t.index(['tenant_id', 'provider', 'received_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'crm_webhook_deliveries',
    'crm_allocation_cursors',
    'crm_automation_rules',
    'crm_lead_events',
    'crm_leads',
    'crm_integrations',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
