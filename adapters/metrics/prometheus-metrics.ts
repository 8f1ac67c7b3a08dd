import { createServer, type Server } from 'node:http';
import type { Context } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { INGEST_LEAD_JOB } from '../../application/crm/ingest-options.js';
import { DELIVER_WEBHOOK_JOB } from '../../application/webhooks/ports.js';
import type { JobHandler } from '../jobs/job-queue.js';
import { constantTimeEquals } from '../security/crypto.js';

/** Connections of the database pool right now; null when the engine has no pool (embedded PGlite). */
export interface PoolStats {
  used: number;
  idle: number;
  waiting: number;
}

export interface MetricSources {
  pool: () => PoolStats | null;
  jobCounts: () => Promise<{ queue: string; states: Record<string, number> }>;
}

/**
 * The jobs whose tries are also counted by outcome, and the counter of each: `completed` (done:
 * delivered, or a last try recorded as failed on its row), `retried`, `failed` (threw on its last try).
 */
const outcomeCounters: Readonly<Record<string, { name: string; help: string }>> = {
  [DELIVER_WEBHOOK_JOB]: { name: 'webhook_delivery_jobs_total', help: 'Outbound webhook delivery tries by job outcome' },
  [INGEST_LEAD_JOB]: { name: 'crm_lead_ingestion_jobs_total', help: 'CRM lead ingestion tries by job outcome' },
};

/**
 * The process's Prometheus metrics (prom-client). One registry per application, not the
 * library's global one: tests compose several applications in one process. Built only when
 * METRICS_PORT or METRICS_TOKEN is set; otherwise nothing is measured at all.
 */
export class PrometheusMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly jobDuration: Histogram<'job' | 'outcome'>;
  private readonly refusals: Counter<'limiter'>;
  private readonly jobOutcomes: ReadonlyMap<string, Counter<'outcome'>>;

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.jobDuration = new Histogram({
      name: 'job_duration_seconds',
      help: 'Job runs by job name and outcome (completed, failed: retried or given up)',
      labelNames: ['job', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers: [this.registry],
    });
    this.refusals = new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests answered 429, by limiter',
      labelNames: ['limiter'],
      registers: [this.registry],
    });
    this.jobOutcomes = new Map(
      Object.entries(outcomeCounters).map(([job, metric]) => [
        job,
        new Counter({ ...metric, labelNames: ['outcome'], registers: [this.registry] }),
      ]),
    );
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (in use, idle, waiting: requests waiting for one)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const stats = sources.pool();
        if (!stats) return;
        this.set({ state: 'in_use' }, stats.used);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'jobs',
      help: 'Jobs per queue and state',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        // A scrape while Redis is away still answers the other metrics.
        const counts = await sources.jobCounts().catch(() => null);
        if (!counts) return;
        for (const [state, n] of Object.entries(counts.states)) this.set({ queue: counts.queue, state }, n);
      },
    });
  }

  /** One observation per request: the route is the matched template (`/api/lms/courses/:id`), never the raw path. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status }, seconds);
  }

  refused(limiter: string): void {
    this.refusals.inc({ limiter });
  }

  /** The handler, timed; outbound webhooks and lead ingestion also count their outcome. */
  timed(job: string, handler: JobHandler): JobHandler {
    const outcomes = this.jobOutcomes.get(job);
    return async (payload, context) => {
      const end = this.jobDuration.startTimer({ job });
      try {
        await handler(payload, context);
        end({ outcome: 'completed' });
        outcomes?.inc({ outcome: 'completed' });
      } catch (error) {
        end({ outcome: 'failed' });
        outcomes?.inc({ outcome: context.final ? 'failed' : 'retried' });
        throw error;
      }
    };
  }

  async exposition(): Promise<string> {
    return this.registry.metrics();
  }

  /** GET /metrics on the API port: only with `Authorization: Bearer <METRICS_TOKEN>`. */
  handler(token: string): (ctx: Context) => Promise<void> {
    const expected = `Bearer ${token}`;
    return async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      if (!constantTimeEquals(ctx.get('Authorization'), expected)) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer');
        ctx.type = 'text/plain';
        ctx.body = 'metrics need the bearer token of METRICS_TOKEN\n';
        return;
      }
      ctx.type = this.registry.contentType;
      ctx.body = await this.exposition();
    };
  }

  /** GET /metrics on its own port (METRICS_PORT), for a scraper on the private network; the worker's only HTTP. */
  async serve(port: number, host: string): Promise<Server> {
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
        return;
      }
      this.exposition().then(
        (text) => res.writeHead(200, { 'Content-Type': this.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
        () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable\n'),
      );
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
    return server;
  }
}
