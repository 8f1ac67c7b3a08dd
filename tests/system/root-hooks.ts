import { dropDatabases } from './support/processes.js';

export const mochaHooks = {
  async afterAll() {
    await dropDatabases();
  },
};
