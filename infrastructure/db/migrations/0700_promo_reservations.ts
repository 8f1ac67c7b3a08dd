import type { Knex } from 'knex';

/**
 * Promo code uses are reserved when an order takes the code, no longer counted when it is paid
 * (issue 16): `orders.promo_use_held` says the order holds one of the code's `used_count` uses.
 * Orders paid before this migration whose use was counted hold it; pending orders take a use
 * here while the code has one left (oldest first), so `used_count` means "held by pending and
 * paid orders" from now on. A pending order left without one must reserve it when it is paid.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table orders rename column promo_use_counted to promo_use_held');
  await holdUsesOfPendingOrders(knex);
}

/** Pending orders with a code and no use take one, oldest first, while the code has one left. */
export async function holdUsesOfPendingOrders(knex: Knex): Promise<void> {
  await knex.raw(`
    with ranked as (
      select o.id, p.id as promo_id, p.max_uses, p.used_count,
             row_number() over (partition by p.id order by o.created_at, o.id) as n
        from orders o join promo_codes p on p.tenant_id = o.tenant_id and p.code = o.promo_code
       where o.status = 'pending' and not o.promo_use_held
    ), chosen as (
      select id, promo_id from ranked where max_uses is null or used_count + n <= max_uses
    ), held as (
      update orders set promo_use_held = true where id in (select id from chosen) returning id
    )
    update promo_codes p set used_count = p.used_count + c.uses
      from (select promo_id, count(*)::int as uses from chosen group by promo_id) c
     where p.id = c.promo_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    with released as (
      update orders set promo_use_held = false where status = 'pending' and promo_use_held returning tenant_id, promo_code
    )
    update promo_codes p set used_count = greatest(p.used_count - r.uses, 0)
      from (select tenant_id, promo_code, count(*)::int as uses from released group by tenant_id, promo_code) r
     where p.tenant_id = r.tenant_id and p.code = r.promo_code`);
  await knex.raw('alter table orders rename column promo_use_held to promo_use_counted');
}
