import { startTracing } from '../infrastructure/tracing.js';
import { bounded } from './bounded.js';
import { configOrExit, runMain } from './entry-point.js';

/** `npm start`: migrate, bootstrap, serve, and on SIGTERM drain and exit 0 (contract §1). */
async function main() {
  const config = configOrExit();
  // Tracing first (when OTEL_EXPORTER_OTLP_ENDPOINT is set): the application's modules load
  // after it, so their koa, ioredis and pg are the instrumented ones.
  const tracing = await startTracing(process.env, 'lms-crm-service');
  const { buildApplication } = await import('./container.js');
  const app = await buildApplication(config);
  await app.listen();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.logger.error('shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    await app.close();
    // The spans of the last requests and jobs leave before the process does.
    if (tracing) await bounded(() => tracing.shutdown(), 2000);
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

runMain(main);
