/**
 * Operator commands on the service's database (the one of DATABASE_URL or DATA_DIR, as `npm start`):
 *   npm run admin -- set-password <email>
 * sets a Super Admin's password, read from ROOT_ADMIN_PASSWORD or else from stdin
 * (`printf '%s' 'new password' | npm run admin -- set-password admin@localhost`), and ends that
 * admin's logins. On the embedded database stop `npm start` first: PGlite has one process.
 */
import { readFileSync } from 'node:fs';
import type { makeSetAdminPassword } from '../application/identity/use-cases/set-admin-password.usecase.js';
import { buildApplication } from '../composition/container.js';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import { packageVersion } from '../infrastructure/version.js';

const [command, email] = process.argv.slice(2);
if (command !== 'set-password' || !email) {
  console.error('usage: npm run admin -- set-password <email>   (password from ROOT_ADMIN_PASSWORD or stdin)');
  process.exit(2);
}
const password = process.env.ROOT_ADMIN_PASSWORD || readFileSync(0, 'utf8').replace(/\r?\n$/, '');

const config = loadConfig(process.env, packageVersion);
const app = await buildApplication(config, { logger: createLogger('error'), runWorkers: false, schedules: false });
try {
  const result = await app.container.resolve<ReturnType<typeof makeSetAdminPassword>>('setAdminPassword')(email, password);
  if (result.ok) {
    console.log(`password set for ${result.value.email}; ${result.value.loginsEnded} login(s) ended`);
  } else {
    console.error(`${result.error}${result.detail ? `: ${result.detail}` : ''}`);
    process.exitCode = 1;
  }
} finally {
  await app.close();
}
