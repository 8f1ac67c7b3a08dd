/**
 * Applies the migrations and exits, for deployments that migrate in a release step before the API
 * processes start (each process also migrates on start; an advisory lock serialises them):
 *
 *   DATABASE_URL=… npm run migrate
 */
import { loadConfig } from '../infrastructure/config.js';
import { createKnex, embeddedDatabaseDir } from '../infrastructure/db/knex.js';
import { migrateLatest } from '../infrastructure/db/migrate.js';
import { packageVersion } from '../infrastructure/version.js';

const config = loadConfig(process.env, packageVersion);
const knex = await createKnex({ databaseUrl: config.DATABASE_URL, embeddedDir: embeddedDatabaseDir(config.DATA_DIR) });
try {
  await migrateLatest(knex);
  console.log('migrations applied');
} finally {
  await knex.destroy();
}
