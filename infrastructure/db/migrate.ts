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

/**
 * Loads `migrations/*.ts` (tsx) or, in the compiled build, `migrations/*.js` with `import()`, so
 * the same history runs on both engines; a migration's name has no extension, so a database
 * migrated by either is current for the other.
 */
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return (await readdir(migrationsDir)).filter((f) => /^\d+_[\w-]+\.(ts|js)$/.test(f)).sort();
  },
  getMigrationName: (name) => name.replace(/\.(ts|js)$/, ''),
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

/** Whether every migration this build knows has run (readiness: a process newer than its database must not serve). */
export async function migrationsCurrent(knex: Knex): Promise<boolean> {
  const [, pending] = (await knex.migrate.list({ migrationSource })) as [unknown[], unknown[]];
  return pending.length === 0;
}
