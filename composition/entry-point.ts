import { loadConfig, ConfigError, type Config } from '../infrastructure/config.js';
import { packageVersion } from '../infrastructure/version.js';

/**
 * The configuration from the environment; a bad value stops the process with the one-line error
 * that names the variable, no stack (contract §1).
 */
export function configOrExit(): Config {
  try {
    return loadConfig(process.env, packageVersion);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Runs a process's main; a failure it does not handle ends the process with its stack and exit code 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
