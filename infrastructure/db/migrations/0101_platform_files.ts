import type { Knex } from 'knex';

/** Uploaded files (platform): the bytes live behind the FileStorage port, the metadata here. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('files', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    // `<uuid>.<ext>`: the name in download URLs and on disk; never derived from user input beyond the extension.
    t.string('stored_name', 80).notNullable().unique();
    t.string('original_name', 255).notNullable();
    t.string('mime_type', 120).notNullable();
    t.bigInteger('size').notNullable();
    t.uuid('uploaded_by');
    t.string('purpose', 32).notNullable().defaultTo('upload');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'created_at']);
    t.index(['tenant_id', 'stored_name']);
  });
  await knex.raw('create index files_original_name_trgm on files using gin (original_name gin_trgm_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('files');
}
