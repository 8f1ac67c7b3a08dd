import { execFileSync, spawnSync } from 'node:child_process';
import { dropDatabases } from './support/processes.js';
import { removeQueueKeys } from '../support/queue-keys.js';

export const mochaHooks = {
  // `npm start` with NODE_ENV=production runs the compiled build only: build it when a source is newer.
  beforeAll(this: Mocha.Context) {
    this.timeout(900_000);
    if (spawnSync(process.execPath, ['scripts/launch.mjs', '--check', 'composition/http-main']).status !== 0)
      execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  },
  async afterAll() {
    await dropDatabases();
    await removeQueueKeys();
  },
};
