import { closeHarness } from './harness.js';

/** Mocha root hooks: the shared application is closed once, after every test. */
export const mochaHooks = {
  async afterAll() {
    await closeHarness();
  },
};
