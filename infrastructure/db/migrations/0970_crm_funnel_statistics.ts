import type { Knex } from 'knex';

/**
 * The dashboard's one pass over the leads (issue 20) groups them by source (provider, campaign,
 * form, ad) and status. Without extended statistics PostgreSQL multiplies the columns' distinct
 * counts, expects about as many sources as leads, and sorts a million rows on disk instead of
 * hashing the few thousand groups in memory: the `ndistinct` statistics tell it how many
 * combinations there are. The funnel index now also covers status, value and closed_at, so a
 * dated dashboard (a range of `created_at`) reads only the index; the index of linked leads covers
 * what the funnel's paid and completed steps read of them (only linked leads are joined to orders
 * and certificates).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create statistics crm_leads_source_ndistinct (ndistinct) on provider, campaign_id, form_id, ad_id from crm_leads');
  await knex.raw('drop index if exists crm_leads_tenant_funnel');
  await knex.raw(`create index crm_leads_tenant_funnel on crm_leads (tenant_id, created_at)
    include (is_test, user_id, provider, campaign_id, form_id, ad_id, status, value, closed_at)`);
  await knex.raw('drop index if exists crm_leads_tenant_user');
  await knex.raw(`create index crm_leads_tenant_user on crm_leads (tenant_id, user_id)
    include (created_at, is_test, provider, campaign_id, form_id, ad_id) where user_id is not null`);
  await knex.raw('analyze crm_leads');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists crm_leads_tenant_user');
  await knex.raw('create index crm_leads_tenant_user on crm_leads (tenant_id, user_id) where user_id is not null');
  await knex.raw('drop index if exists crm_leads_tenant_funnel');
  await knex.raw(
    'create index crm_leads_tenant_funnel on crm_leads (tenant_id, created_at) include (is_test, user_id, provider, campaign_id, form_id, ad_id)',
  );
  await knex.raw('drop statistics if exists crm_leads_source_ndistinct');
}
