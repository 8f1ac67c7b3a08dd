import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import pg from 'pg';
import { databaseUrlOf } from './knex.js';

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

/** Any constant: the key of the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 724_019_311;

export async function migrateLatest(knex: Knex): Promise<void> {
  const url = databaseUrlOf(knex);
  if (!url) {
    await knex.migrate.latest({ migrationSource });
    return;
  }
  // Several processes starting on a fresh database would race to create knex's own tables
  // (its migration lock lives in one of them), so a session advisory lock goes first.
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await knex.migrate.latest({ migrationSource });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lock.end();
  }
}
