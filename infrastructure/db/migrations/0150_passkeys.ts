import type { Knex } from 'knex';

/**
 * WebAuthn credentials (issue 3, contract §3). A credential belongs to its owner's tenant;
 * its id is unique per tenant, which is how a login finds it. The counter is a bigint because
 * authenticators count in 32 bits unsigned.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('passkeys', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('credential_id', 1400).notNullable();
    t.binary('public_key').notNullable();
    t.bigInteger('sign_count').notNullable().defaultTo(0);
    t.jsonb('transports').notNullable().defaultTo('[]');
    t.string('name', 100).notNullable();
    t.string('aaguid', 36).notNullable();
    t.string('device_type', 16).notNullable();
    t.boolean('backed_up').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_used_at', { useTz: true });
    t.unique(['tenant_id', 'credential_id']);
    t.index(['tenant_id', 'user_id', 'created_at']);
  });
  // A Super Admin's passkey is found from any tenant (contract §4): by credential id alone.
  await knex.raw('create index passkeys_credential_id on passkeys (credential_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('passkeys');
}
