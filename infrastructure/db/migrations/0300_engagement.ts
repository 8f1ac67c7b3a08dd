import type { Knex } from 'knex';
import { tenantIdColumn, createdAndUpdatedAt, dropTablesIfExist } from '../migration-helpers.js';

/**
 * Engagement: schedules (items, templates, assignments, calendar feed tokens), chat
 * (conversations, participants, messages) and the lesson assistant's history. Every table
 * carries `tenant_id` with a cascading foreign key (contract §4); every filter or sort used by a
 * repository has an index that leads with it, except the feed token digest, which is looked up
 * before the tenant is known (the token names it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('schedule_templates', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.text('description');
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'created_at']);
    t.index(['tenant_id', 'owner_id', 'created_at']);
  });

  await knex.schema.createTable('schedule_template_items', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('template_id').notNullable().references('schedule_templates.id').onDelete('CASCADE');
    t.integer('day_offset').notNullable();
    t.string('title', 200).notNullable();
    t.text('description');
    t.string('start_time', 5).notNullable();
    t.string('end_time', 5).notNullable();
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'template_id', 'day_offset', 'start_time']);
  });

  // The idempotency key of assignments: one per template, user and start date.
  await knex.schema.createTable('schedule_template_assignments', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('template_id').notNullable().references('schedule_templates.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.date('start_date').notNullable();
    t.uuid('assigned_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['tenant_id', 'template_id', 'user_id', 'start_date']);
    t.index(['tenant_id', 'user_id']);
  });

  await knex.schema.createTable('schedule_items', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.text('description');
    t.date('item_date').notNullable();
    t.string('start_time', 5).notNullable();
    t.string('end_time', 5).notNullable();
    // Items produced by a template stay when it is deleted: they are the user's own by then.
    t.uuid('template_id').references('schedule_templates.id').onDelete('SET NULL');
    t.uuid('assignment_id').references('schedule_template_assignments.id').onDelete('SET NULL');
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'user_id', 'item_date', 'start_time']);
  });

  await knex.schema.createTable('schedule_feed_tokens', (t) => {
    tenantIdColumn(t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // Only a SHA-256 digest: the token is a bearer secret in a URL.
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['tenant_id', 'user_id']);
  });

  await knex.schema.createTable('chat_conversations', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.string('kind', 16).notNullable();
    t.string('title', 200);
    // Sorted pair of a direct conversation; NULL for groups (NULLs never collide).
    t.string('direct_key', 80);
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    createdAndUpdatedAt(t);
    t.timestamp('last_message_at', { useTz: true });
    // Latest message, else creation: the order of the conversation list.
    t.timestamp('last_activity_at', { useTz: true }).notNullable();
    t.unique(['tenant_id', 'direct_key']);
    t.index(['tenant_id', 'last_activity_at']);
  });

  await knex.schema.createTable('chat_participants', (t) => {
    tenantIdColumn(t);
    t.uuid('conversation_id').notNullable().references('chat_conversations.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('joined_at', { useTz: true }).notNullable();
    // Read marker: the sequence number of the last message read.
    t.bigInteger('last_read_seq').notNullable().defaultTo(0);
    t.timestamp('last_read_at', { useTz: true });
    t.primary(['tenant_id', 'conversation_id', 'user_id']);
    t.index(['tenant_id', 'user_id', 'conversation_id']);
  });

  await knex.schema.createTable('chat_messages', (t) => {
    t.uuid('id').primary();
    // Insertion order across the database: cursors and unread counts compare it, never times.
    t.specificType('seq', 'bigserial').notNullable().unique();
    tenantIdColumn(t);
    t.uuid('conversation_id').notNullable().references('chat_conversations.id').onDelete('CASCADE');
    t.uuid('sender_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('content').notNullable();
    t.string('message_type', 16).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'conversation_id', 'seq']);
  });

  await knex.schema.createTable('ai_messages', (t) => {
    t.uuid('id').primary();
    t.specificType('seq', 'bigserial').notNullable().unique();
    tenantIdColumn(t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('lesson_id').notNullable().references('lessons.id').onDelete('CASCADE');
    t.uuid('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.string('role', 16).notNullable();
    t.text('content').notNullable();
    t.jsonb('sources').notNullable().defaultTo('[]');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'user_id', 'lesson_id', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTablesIfExist(knex, [
    'ai_messages',
    'chat_messages',
    'chat_participants',
    'chat_conversations',
    'schedule_feed_tokens',
    'schedule_items',
    'schedule_template_assignments',
    'schedule_template_items',
    'schedule_templates',
  ]);
}
