import type { Knex } from 'knex';

/**
 * Issue 26: a phone proves nothing (anyone can type any phone into their profile), so a phone
 * match is only a suggestion sales confirms (`suggested_user_id`). Leads linked before this rule
 * by their phone alone (their `linked` entry says `reason: phone`) are unlinked and keep that user
 * as their suggestion: a payment of whoever typed the phone must not close them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table crm_leads add column suggested_user_id uuid references users(id) on delete set null');
  // Deleting a user looks up the rows that name them by this column alone (the foreign key's set null).
  await knex.raw('create index crm_leads_suggested_user on crm_leads (suggested_user_id)');
  await knex.raw(`update crm_leads l set suggested_user_id = l.user_id, user_id = null
    where l.user_id is not null and exists (
      select 1 from crm_lead_events e
      where e.tenant_id = l.tenant_id and e.lead_id = l.id and e.type = 'linked' and e.reason = 'phone' and e.to_user_id = l.user_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists crm_leads_suggested_user');
  await knex.raw('alter table crm_leads drop column suggested_user_id');
}
