import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { asFunction, asValue, createContainer, InjectionMode, type AwilixContainer, type Resolver } from 'awilix';
import type { Redis } from 'ioredis';
import type { Config } from '../infrastructure/config.js';
import { createLogger, logPort, type Logger } from '../infrastructure/logger.js';
import { createKnex, embeddedDatabaseDir, poolStats } from '../infrastructure/db/knex.js';
import { migrateLatest, migrationsCurrent } from '../infrastructure/db/migrate.js';
import { whenDatabaseAnswers } from '../infrastructure/db/wait-for-database.js';
import { Database } from '../infrastructure/db/database.js';
import { createRedis, whenRedisReady } from '../infrastructure/redis.js';
import { persistentSecret } from '../infrastructure/secrets.js';
import { runningFrom } from '../infrastructure/version.js';
import { Lifecycle } from '../infrastructure/lifecycle.js';
import { activeTracing } from '../infrastructure/tracing.js';
import { cryptoRandom, systemClock, uuidGenerator } from '../adapters/security/crypto.js';
import { InProcessJobQueue } from '../adapters/jobs/in-process-job-queue.js';
import { BullMqJobQueue } from '../adapters/jobs/bullmq-job-queue.js';
import { transactionalJobs, type JobDefinition, type JobQueue } from '../adapters/jobs/job-queue.js';
import { MemoryKeyValueStore } from '../adapters/kv/memory-kv-store.js';
import { RedisKeyValueStore } from '../adapters/kv/redis-kv-store.js';
import { LruCaches } from '../adapters/cache/lru-caches.js';
import {
  LocalCacheInvalidationBus,
  RedisCacheInvalidationBus,
  type CacheInvalidationBus,
} from '../adapters/cache/cache-invalidation-bus.js';
import { RateLimits } from '../adapters/http/middleware/rate-limit.js';
import { PrometheusMetrics } from '../adapters/metrics/prometheus-metrics.js';
import { createHttpApp } from '../adapters/http/app.js';
import { errorTable } from '../adapters/http/errors/index.js';
import { docsRoutes } from '../adapters/http/routes/docs.routes.js';
import { makeHealthHandler, makeReadinessHandler, type ReadinessCheck } from '../adapters/http/routes/health.js';
import type { RouteModule } from '../adapters/http/kit/route-table.js';
import type { DashboardContributor } from '../application/platform/ports.js';
import type { Clock } from '../application/shared/ports.js';
import { appModules } from './modules/index.js';
import { bounded } from './bounded.js';
import { registerModules } from './registrations.js';
import type { Registry } from './registry.js';

export interface BuildOptions {
  /** Replace registrations (tests: fake clock, fake gateways); each name must be registered already. */
  overrides?: Record<string, Resolver<unknown>>;
  /** Keep the embedded database in memory instead of DATA_DIR (tests). */
  inMemoryDatabase?: boolean;
  logger?: Logger;
  /** Run job workers in this process (in-process queue always does). */
  runWorkers?: boolean;
  /** Register periodic jobs (sweeps); off in most tests. */
  schedules?: boolean;
  /** Skip migrations (a test harness that already ran them). */
  migrate?: boolean;
  /** Share an existing database (tests composing a second app); it is not closed with this app. */
  database?: Database;
}

export interface Application {
  config: Config;
  container: AwilixContainer;
  logger: Logger;
  db: Database;
  redis: Redis | null;
  jobQueue: JobQueue;
  /** Null unless METRICS_PORT or METRICS_TOKEN is set. */
  metrics: PrometheusMetrics | null;
  /** The Koa request handler. */
  callback: ReturnType<ReturnType<typeof createHttpApp>['app']['callback']>;
  listen(port?: number, host?: string): Promise<Server>;
  close(): Promise<void>;
}

/**
 * The composition root (style.md): infrastructure clients are singletons with disposers; use
 * cases, repositories and route modules are singletons that take the actor and tenant as
 * arguments, so no per-request container scope is needed.
 */
export async function buildApplication(config: Config, options: BuildOptions = {}): Promise<Application> {
  // Null unless the entry started tracing (OTEL_EXPORTER_OTLP_ENDPOINT): then every log line in a span names its trace.
  const tracing = activeTracing();
  const logger = options.logger ?? createLogger(config.LOG_LEVEL, tracing?.logFields);
  for (const warning of config.warnings) logger.warn(warning);
  const db =
    options.database ??
    new Database(
      await createKnex({
        databaseUrl: config.DATABASE_URL,
        embeddedDir: options.inMemoryDatabase ? null : embeddedDatabaseDir(config.DATA_DIR),
        poolMax: config.DATABASE_POOL_MAX,
      }),
      (error) => logger.warn({ err: error }, 'post-commit step failed; the outbox relay will retry it'),
    );
  const knex = db.knex;
  const whileDatabaseAway = (step: string) => (error: unknown, pauseMs: number) =>
    logger.warn(
      { step, err: error instanceof Error ? error.message : String(error), retryInMs: pauseMs },
      'database unavailable at start-up; waiting',
    );
  if (options.migrate !== false)
    await whenDatabaseAnswers(() => migrateLatest(knex), config.DATABASE_STARTUP_WAIT_MS, whileDatabaseAway('migrate'));

  // One warning per outage, whatever the number of requests that fail open meanwhile.
  const redis = config.REDIS_URL
    ? createRedis(config.REDIS_URL, 'requests', {
        down: (error) =>
          logger.warn({ err: error.message }, `redis unavailable; rate limits fail ${config.RATE_LIMIT_ON_STORE_FAILURE} until it is back`),
        up: () => logger.info('redis available again'),
      })
    : null;
  // Its commands fail at once until connected: the first requests would otherwise skip their limits.
  if (redis) await whenRedisReady(redis, 5000);
  const log = logPort(logger);
  const jobQueue: JobQueue = config.REDIS_URL
    ? new BullMqJobQueue(
        (purpose) => createRedis(config.REDIS_URL!, purpose === 'worker' ? 'bullmq' : 'commands'),
        config.QUEUE_PREFIX,
        log,
        undefined,
        undefined,
        tracing,
      )
    : new InProcessJobQueue(log, tracing);
  const kv = redis ? new RedisKeyValueStore(redis, `${config.QUEUE_PREFIX}:kv:`) : new MemoryKeyValueStore();
  const cacheBus: CacheInvalidationBus = redis
    ? new RedisCacheInvalidationBus(redis, `${config.QUEUE_PREFIX}:cache`, log)
    : new LocalCacheInvalidationBus();
  // Invalidations from other processes are heard before this one serves (a failure is logged: time to live bounds it).
  await bounded(() => cacheBus.ready(), 5000);

  const metrics =
    config.METRICS_PORT !== undefined || config.METRICS_TOKEN
      ? new PrometheusMetrics({ pool: () => poolStats(knex), jobCounts: () => jobQueue.counts() })
      : null;

  const lifecycle = new Lifecycle();
  const container = createContainer<Registry>({ injectionMode: InjectionMode.PROXY, strict: true });
  // Shared by every context; a module registering one of these names again fails start-up.
  const core = {
    config: asValue(config),
    logger: asValue(logger),
    log: asValue(log),
    db: asValue(db),
    uow: asValue(db),
    redis: asValue(redis),
    jobQueue: asValue(jobQueue),
    jobs: asValue(transactionalJobs(jobQueue, db)),
    kv: asValue(kv),
    cacheBus: asValue(cacheBus),
    // The caches' time is the Clock port's (tests move it), resolved once the overrides are in.
    caches: asFunction(({ clock }: { clock: Clock }) => new LruCaches(clock, cacheBus)).singleton(),
    clock: asValue(systemClock),
    ids: asValue(uuidGenerator),
    random: asValue(cryptoRandom),
    jwtSecret: asValue(config.JWT_SECRET ?? persistentSecret(config.DATA_DIR, 'jwt_secret')),
    uploadDir: asValue(join(config.DATA_DIR, 'uploads')),
    healthCheck: asValue(() => db.ping()),
    readinessChecks: asValue<Record<string, ReadinessCheck>>({
      database: () => db.ping(),
      ...(redis ? { redis: async () => (await redis.ping()) === 'PONG' } : {}),
      migrations: () => migrationsCurrent(knex),
      // Draining on SIGTERM: the load balancer stops sending new requests while in-flight ones finish.
      serving: async () => !lifecycle.isStopping,
    }),
    lifecycle: asValue(lifecycle),
    metrics: asValue(metrics),
    dashboardContributors: asFunction(() =>
      appModules.flatMap((m) => m.dashboard ?? []).map((name) => container.resolve<DashboardContributor>(name)),
    ).singleton(),
  };
  container.register(core);
  registerModules(container, appModules, config, new Map(Object.keys(core).map((name) => [name, 'the core'])));
  if (options.overrides) {
    // A test's replacement of a name nothing registers would silently replace nothing.
    for (const name of Object.keys(options.overrides))
      if (!container.hasRegistration(name)) throw new Error(`override of "${name}": nothing registers it`);
    container.register(options.overrides);
  }

  const bootstrapRootAdmin = container.resolve('bootstrapRootAdmin');
  await whenDatabaseAnswers(
    () => bootstrapRootAdmin({ email: config.ROOT_ADMIN_EMAIL, password: config.ROOT_ADMIN_PASSWORD }),
    config.DATABASE_STARTUP_WAIT_MS,
    whileDatabaseAway('root admin'),
  );

  const runWorkers = options.runWorkers ?? (config.START_WORKER || !config.REDIS_URL);
  if (runWorkers) await startWorkers(container, jobQueue, options.schedules ?? true, config);

  const rateLimits = new RateLimits(
    {
      global: config.RATE_LIMIT_GLOBAL,
      critical: config.RATE_LIMIT_CRITICAL,
      upload: config.RATE_LIMIT_UPLOAD,
      ai: config.RATE_LIMIT_AI,
      webhookFailures: config.RATE_LIMIT_WEBHOOK_FAILURES,
      onStoreFailure: config.RATE_LIMIT_ON_STORE_FAILURE,
    },
    redis,
    config.QUEUE_PREFIX,
    metrics ? (limiter) => metrics.refused(limiter) : undefined,
  );
  const { app } = createHttpApp({
    logger,
    errorTable,
    routeModules: [
      ...appModules.flatMap((m) => m.routes).map((name) => container.resolve<RouteModule>(name)),
      docsRoutes({ title: 'LMS with CRM', version: config.version }, errorTable),
    ],
    rateLimits,
    resolveTenant: container.resolve('resolveTenant'),
    authenticate: container.resolve('authenticate'),
    claimLogin: container.resolve('claimLogin'),
    health: makeHealthHandler(container.resolve('healthCheck'), config.version),
    proxy: config.proxy,
    ready: makeReadinessHandler(container.resolve('readinessChecks')),
    metrics: metrics
      ? {
          observeRequest: metrics.observeRequest.bind(metrics),
          handler: config.METRICS_TOKEN ? metrics.handler(config.METRICS_TOKEN) : undefined,
        }
      : undefined,
    baseDomain: config.BASE_DOMAIN,
    corsOrigins: config.CORS_ORIGINS,
    traceId: tracing?.traceId,
  });
  const callback = app.callback();
  const metricsServer = metrics && config.METRICS_PORT !== undefined ? await metrics.serve(config.METRICS_PORT, config.HOST) : null;

  const servers: Server[] = [];
  let closing = false;
  return {
    config,
    container,
    logger,
    db,
    redis,
    jobQueue,
    metrics,
    callback,
    async listen(port = config.PORT, host = config.HOST) {
      const server = createServer(callback);
      server.keepAliveTimeout = 65_000;
      // While draining, answers tell keep-alive clients to go away, so close() does not wait on them.
      server.prependListener('request', (_req, res) => {
        if (closing) res.setHeader('Connection', 'close');
      });
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
      servers.push(server);
      logger.info({ port: (server.address() as AddressInfo).port, host, runningFrom }, 'listening');
      return server;
    },
    async close() {
      // Lame duck first: keep serving, but every answer closes its connection, so keep-alive
      // clients leave between two requests instead of having a request cut on a closing socket.
      closing = true;
      // Long-lived responses (SSE) end first: the servers could not drain while they stay open.
      await bounded(() => lifecycle.shutdown(), 3000);
      if (servers.length > 0 && config.SHUTDOWN_DRAIN_MS > 0) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_MS));
      // Then stop taking connections, let in-flight requests finish, then jobs, then the pools.
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              const sweep = setInterval(() => s.closeIdleConnections(), 50);
              s.close(() => {
                clearInterval(sweep);
                resolve();
              });
            }),
        ),
      );
      // Running jobs get most of the shutdown budget; the clients get a few seconds each.
      const budget = Math.max(1000, config.SHUTDOWN_TIMEOUT_MS - config.SHUTDOWN_DRAIN_MS - 5000);
      if (!(await bounded(() => jobQueue.close(), budget))) logger.warn('job queue did not close in time');
      if (kv instanceof MemoryKeyValueStore) kv.close();
      await bounded(() => cacheBus.close(), 2000);
      await bounded(() => container.dispose(), 3000);
      if (!options.database) await bounded(() => knex.destroy(), 3000);
      if (redis)
        await bounded(
          () => redis.quit(),
          2000,
          () => redis.disconnect(),
        );
      if (metricsServer) await new Promise((resolve) => metricsServer.close(resolve));
    },
  };
}

export async function startWorkers(container: AwilixContainer, jobQueue: JobQueue, schedules: boolean, config: Config): Promise<void> {
  const definitions = appModules.flatMap((m) => m.jobs ?? []).map((name) => container.resolve<JobDefinition>(name));
  const metrics = container.resolve<PrometheusMetrics | null>('metrics');
  await jobQueue.start(Object.fromEntries(definitions.map((d) => [d.name, metrics ? metrics.timed(d.name, d.handle) : d.handle])));
  if (schedules)
    for (const m of appModules)
      for (const s of m.schedules ?? []) await jobQueue.schedule(s.job, typeof s.everyMs === 'function' ? s.everyMs(config) : s.everyMs);
}
