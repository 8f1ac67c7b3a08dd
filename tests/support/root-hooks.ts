import { closeHarness, harness } from './harness.js';
import { watchPreparedStatements } from './prepared-statement-guard.js';
import { removeQueueKeys } from './queue-keys.js';

/**
 * pg warns (once per process) when a statement is handed to a connection still busy with another:
 * statements issued at once inside a transaction, which share its one connection. pg 9 refuses them.
 */
const queuedStatements: Error[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && /already executing a query/.test(warning.message)) queuedStatements.push(warning);
});

let preparedStatements: ReturnType<typeof watchPreparedStatements> | undefined;

/** Mocha root hooks: the shared application is built once, before every test, and closed after them. */
export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    // Starting PGlite and migrating takes a few seconds, and far more on a busy machine: not any one test's time.
    this.timeout(300_000);
    preparedStatements = watchPreparedStatements((await harness()).app.db.knex);
  },
  async afterAll(this: Mocha.Context) {
    // Closing lets running jobs finish within the shutdown budget (SHUTDOWN_TIMEOUT_MS), as a
    // deployed process does: with BullMQ that can outlast one test's 20 s.
    this.timeout(60_000);
    await closeHarness();
    await removeQueueKeys();
    const misnamed = preparedStatements?.problems() ?? [];
    if (misnamed.length > 0)
      throw new Error(`one statement name, two SQL texts (pg refuses the second on a connection):\n${misnamed.join('\n')}`);
    // Reported once every test has run; the stack names the statements' caller.
    if (queuedStatements.length > 0)
      throw new Error(
        `statements were issued concurrently on one connection (inside a transaction?):\n${queuedStatements[0]!.stack ?? ''}`,
      );
  },
};
