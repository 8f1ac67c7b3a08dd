import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

interface MigrationModule {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Loads `migrations/*.ts` with `import()`, so the same history runs under tsx on both engines. */
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return (await readdir(migrationsDir)).filter((f) => /^\d+_[\w-]+\.ts$/.test(f)).sort();
  },
  getMigrationName: (name) => name.replace(/\.ts$/, ''),
  async getMigration(name) {
    return (await import(new URL(`./migrations/${name}`, import.meta.url).href)) as MigrationModule;
  },
};

export async function migrateLatest(knex: Knex): Promise<void> {
  // Several API processes may start together: knex's migration lock lets one run them.
  await knex.migrate.latest({ migrationSource });
}
