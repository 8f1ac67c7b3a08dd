import { runningFrom } from '../infrastructure/version.js';
import { startTracing } from '../infrastructure/tracing.js';
import { bounded } from './bounded.js';
import { configOrExit, runMain } from './entry-point.js';

/** `npm run worker`: BullMQ workers only, no HTTP; as many processes as the load needs. */
async function main() {
  const config = configOrExit();
  if (!config.REDIS_URL) {
    console.error('Invalid environment variable REDIS_URL: the worker needs Redis (without it, `npm start` runs jobs in-process)');
    process.exit(1);
  }
  // Before the application's modules load (see http-main).
  const tracing = await startTracing(process.env, 'lms-crm-service-worker');
  const { buildApplication } = await import('./container.js');
  const app = await buildApplication(config, { runWorkers: true });
  app.logger.info({ runningFrom }, 'worker started');
  const stop = async () => {
    await app.close();
    if (tracing) await bounded(() => tracing.shutdown(), 2000);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

runMain(main);
