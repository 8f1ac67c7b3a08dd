import type { Knex } from 'knex';
import { createdAndUpdatedAt } from '../migration-helpers.js';

/**
 * Tenancy, identity and platform tables. Every table of tenant data carries `tenant_id`
 * from the first migration on (contract §4); indexes lead with it because every query is scoped.
 * Times are timestamptz and always written by the application clock, never by `now()`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');

  await knex.schema.createTable('tenants', (t) => {
    t.uuid('id').primary();
    t.string('slug', 63).notNullable().unique();
    t.string('name', 200).notNullable();
    t.string('status', 16).notNullable().defaultTo('active');
    createdAndUpdatedAt(t);
  });

  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.string('username', 100).notNullable();
    t.string('email', 254).notNullable();
    t.string('display_name', 200).notNullable();
    t.text('avatar');
    t.smallint('role').notNullable();
    t.smallint('status').notNullable().defaultTo(1);
    t.text('password_hash');
    t.timestamp('email_verified_at', { useTz: true });
    t.timestamp('last_login_at', { useTz: true });
    t.timestamp('deleted_at', { useTz: true });
    createdAndUpdatedAt(t);
    t.unique(['tenant_id', 'email']);
    t.index(['tenant_id', 'created_at']);
    t.index(['tenant_id', 'role', 'status']);
  });
  // Search by name or email (GET /api/users?search=).
  await knex.raw('create index users_display_name_trgm on users using gin (display_name gin_trgm_ops)');
  await knex.raw('create index users_email_trgm on users using gin (email gin_trgm_ops)');
  await knex.raw('create index users_super_admin on users (email) where role = 100');

  // One row per login (a device): the family of its refresh tokens and, for cookie clients, the session.
  await knex.schema.createTable('logins', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('method', 16).notNullable();
    t.string('session_hash', 64).unique();
    t.string('ip', 64);
    t.text('user_agent');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.string('revoked_reason', 32);
    t.index(['user_id']);
  });

  await knex.schema.createTable('refresh_tokens', (t) => {
    t.uuid('jti').primary();
    t.uuid('login_id').notNullable().references('logins.id').onDelete('CASCADE');
    t.timestamp('issued_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.index(['login_id']);
  });

  await knex.schema.createTable('verification_codes', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('code_hash', 64).notNullable();
    t.smallint('attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'email', 'created_at']);
  });

  await knex.schema.createTable('settings', (t) => {
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.string('key', 100).notNullable();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['tenant_id', 'key']);
  });

  await knex.schema.createTable('audit_logs', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.uuid('user_id');
    t.string('action', 64).notNullable();
    t.string('resource_type', 64);
    t.string('resource_id', 64);
    t.string('ip', 64);
    t.text('user_agent');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'created_at']);
    t.index(['tenant_id', 'user_id', 'created_at']);
    t.index(['tenant_id', 'action', 'created_at']);
  });

  // Every mail we send: written in the transaction that causes it, delivered by a job (style rule 7).
  await knex.schema.createTable('mail_messages', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.string('message_id', 200).notNullable().unique();
    t.string('to', 254).notNullable();
    t.string('subject', 300).notNullable();
    t.text('text');
    t.text('html');
    t.string('template', 64);
    t.jsonb('attachments').notNullable().defaultTo('[]');
    t.string('status', 16).notNullable();
    t.smallint('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true });
    t.index(['tenant_id', 'created_at']);
    t.index(['tenant_id', 'to', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['mail_messages', 'audit_logs', 'settings', 'verification_codes', 'refresh_tokens', 'logins', 'users', 'tenants']) {
    await knex.schema.dropTableIfExists(table);
  }
}
