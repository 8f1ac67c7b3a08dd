import type { Knex } from 'knex';
import { tenantIdColumn, createdAndUpdatedAt, dropTablesIfExist } from '../migration-helpers.js';

/**
 * Commerce and mail (issue 7, contract §7, §9): orders, subscriptions, payments and every payment
 * notification; broadcasts with their recipients; mail delivery callbacks. Every table carries
 * `tenant_id` with a cascading foreign key, and every filter or sort has an index leading with it.
 */
export async function up(knex: Knex): Promise<void> {
  const money = (t: Knex.CreateTableBuilder, name: string) => t.decimal(name, 14, 2).notNullable();

  await knex.schema.createTable('orders', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // Priced lines [{type, name, course_id, category_id, plan_id, subscription_id, course_ids, quantity, unit_price, amount, tier_min_quantity}].
    t.jsonb('items').notNullable().defaultTo('[]');
    money(t, 'subtotal');
    money(t, 'discount');
    money(t, 'total_amount');
    t.string('currency', 3).notNullable();
    t.string('status', 16).notNullable();
    t.string('promo_code', 40);
    t.uuid('subscription_id');
    t.boolean('promo_use_counted').notNullable().defaultTo(false);
    createdAndUpdatedAt(t);
    t.timestamp('paid_at', { useTz: true });
    t.index(['tenant_id', 'user_id', 'created_at']);
    t.index(['tenant_id', 'user_id', 'status']);
    t.index(['tenant_id', 'status', 'paid_at']);
  });
  await knex.raw(
    `alter table orders add constraint orders_status check (status in ('pending','paid','failed','expired','cancelled','refunded'))`,
  );

  await knex.schema.createTable('subscriptions', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // No foreign key: a plan may be deleted, what was sold stays (duration and categories are kept here).
    t.uuid('plan_id').notNullable();
    t.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.string('status', 16).notNullable();
    t.integer('duration_days').notNullable();
    t.jsonb('category_ids').notNullable().defaultTo('[]');
    t.timestamp('starts_at', { useTz: true });
    t.timestamp('ends_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'user_id', 'created_at']);
    t.index(['tenant_id', 'user_id', 'plan_id', 'status']);
    t.index(['tenant_id', 'order_id']);
  });
  await knex.raw(
    `alter table subscriptions add constraint subscriptions_status check (status in ('pending','active','cancelled','expired'))`,
  );
  // The expiry sweep reads only active subscriptions by their end, across tenants.
  await knex.raw(`create index subscriptions_active_ends on subscriptions (ends_at) where status = 'active'`);

  await knex.schema.createTable('payments', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable();
    // Our transaction id: globally unique, it opens the sandbox page without a tenant header.
    t.string('transaction_id', 64).notNullable().unique();
    t.string('gateway_transaction_id', 128);
    t.string('provider', 16).notNullable();
    t.string('payment_method', 64).notNullable();
    money(t, 'amount');
    t.string('currency', 3).notNullable();
    t.string('status', 16).notNullable();
    t.text('redirect_url');
    t.string('reference', 200);
    createdAndUpdatedAt(t);
    t.timestamp('paid_at', { useTz: true });
    t.index(['tenant_id', 'created_at']);
    t.index(['tenant_id', 'order_id', 'created_at']);
    t.index(['tenant_id', 'status', 'created_at']);
    t.index(['tenant_id', 'payment_method', 'created_at']);
    t.index(['tenant_id', 'user_id', 'created_at']);
    t.index(['tenant_id', 'gateway_transaction_id']);
  });

  // Every payment notification received with a valid signature, with what processing did.
  await knex.schema.createTable('payment_notifications', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.string('provider', 16).notNullable();
    t.string('transaction_id', 128);
    t.string('transaction_status', 32).notNullable();
    t.string('status_code', 8);
    t.string('gross_amount', 32);
    t.jsonb('payload').notNullable();
    t.string('outcome', 32).notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'order_id', 'received_at']);
  });

  await knex.schema.createTable('mail_broadcasts', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.string('subject', 300).notNullable();
    t.text('text');
    t.text('html');
    t.jsonb('roles');
    t.jsonb('user_ids');
    t.integer('recipients').notNullable();
    t.integer('batch_size').notNullable();
    t.integer('batches').notNullable();
    t.uuid('created_by');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('completed_at', { useTz: true });
    t.index(['tenant_id', 'created_at']);
  });

  await knex.schema.createTable('mail_broadcast_recipients', (t) => {
    tenantIdColumn(t);
    t.uuid('broadcast_id').notNullable().references('mail_broadcasts.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable();
    t.string('email', 254).notNullable();
    t.string('display_name', 200).notNullable();
    t.integer('batch').notNullable();
    // pending → queued (its mail is in the outbox, `mail_id`).
    t.string('status', 16).notNullable();
    t.uuid('mail_id');
    t.primary(['tenant_id', 'broadcast_id', 'user_id']);
    t.index(['tenant_id', 'broadcast_id', 'batch', 'status']);
  });

  // Delivery callbacks of the mail provider (contract §9).
  await knex.schema.createTable('mail_events', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('mail_id');
    t.string('message_id', 200).notNullable();
    t.string('event', 16).notNullable();
    t.string('email', 254).notNullable();
    t.text('reason');
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.jsonb('payload').notNullable();
    // A replayed callback is stored once.
    t.unique(['tenant_id', 'message_id', 'event', 'email', 'occurred_at']);
    t.index(['tenant_id', 'received_at']);
    t.index(['tenant_id', 'email', 'received_at']);
    t.index(['tenant_id', 'event', 'received_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTablesIfExist(knex, [
    'mail_events',
    'mail_broadcast_recipients',
    'mail_broadcasts',
    'payment_notifications',
    'payments',
    'subscriptions',
    'orders',
  ]);
}
