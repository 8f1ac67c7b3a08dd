import type { Knex } from 'knex';

/**
 * Deleting a course counts the orders whose lines grant it (`items @> [{"course_ids": [id]}]`),
 * pending ones included: without an index that read every order of the tenant. Course ids are
 * UUIDs, so the index needs no tenant column to be selective; `jsonb_path_ops` answers `@>` alone
 * and is the smaller of the two GIN operator classes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index orders_items_courses on orders using gin (items jsonb_path_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index orders_items_courses');
}
