import type { Knex } from 'knex';

/**
 * The CRM loop (issue 20): a user's optional phone (E.164, like leads'), a lead's link to the
 * tenant's user with its email or phone (`user_id`; `link_candidates` holds the users of an
 * ambiguous match), the ad a lead came from (`campaign_id`, `form_id`, `ad_id`), the pipeline
 * automation switch, and the indexes of the look-ups both ways and of the funnel dashboard.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table users add column phone varchar(32)');
  await knex.raw('create index users_tenant_phone on users (tenant_id, phone) where phone is not null');

  await knex.raw(`alter table crm_leads
    add column user_id uuid references users(id) on delete set null,
    add column link_candidates jsonb,
    add column campaign_id varchar(255),
    add column form_id varchar(255),
    add column ad_id varchar(255)`);
  // A user registering or changing their email/phone finds the leads that name them.
  await knex.raw('create index crm_leads_tenant_email on crm_leads (tenant_id, lower(email)) where email is not null');
  await knex.raw('create index crm_leads_tenant_phone on crm_leads (tenant_id, phone) where phone is not null');
  // A payment finds the person's leads.
  await knex.raw('create index crm_leads_tenant_user on crm_leads (tenant_id, user_id) where user_id is not null');
  // The funnel and by-source dashboard reads only this index (index-only scan over a range).
  await knex.raw(
    'create index crm_leads_tenant_funnel on crm_leads (tenant_id, created_at) include (is_test, user_id, provider, campaign_id, form_id, ad_id)',
  );
  // Paid totals per person (the funnel's revenue).
  await knex.raw(`create index orders_tenant_paid_user on orders (tenant_id, user_id) include (total_amount) where status = 'paid'`);

  await knex.raw('alter table crm_automation_rules add column close_on_payment boolean not null default true');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table crm_automation_rules drop column close_on_payment');
  await knex.raw('drop index if exists orders_tenant_paid_user');
  await knex.raw('drop index if exists crm_leads_tenant_funnel');
  await knex.raw('drop index if exists crm_leads_tenant_user');
  await knex.raw('drop index if exists crm_leads_tenant_phone');
  await knex.raw('drop index if exists crm_leads_tenant_email');
  await knex.raw(
    'alter table crm_leads drop column user_id, drop column link_candidates, drop column campaign_id, drop column form_id, drop column ad_id',
  );
  await knex.raw('drop index if exists users_tenant_phone');
  await knex.raw('alter table users drop column phone');
}
