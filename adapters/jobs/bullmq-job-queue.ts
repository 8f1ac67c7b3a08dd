import { DelayedError, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobOptions, LogPort } from '../../application/shared/ports.js';
import { outagePause, type JobHandlers, type JobQueue, type JobTracing } from './job-queue.js';

const QUEUE_NAME = 'jobs';

type BulkJob = Parameters<Queue['addBulk']>[0][number];

const bullOptions = (options: JobOptions): BulkJob['opts'] => ({
  delay: options.delayMs,
  attempts: options.attempts ?? 1,
  backoff: { type: 'exponential', delay: options.backoffMs ?? 1000 },
  ...(options.jobId ? { jobId: options.jobId } : {}),
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
});

/**
 * Jobs in Redis: any API process enqueues, any worker process (`npm run worker`, or `npm start`
 * with START_WORKER) runs them. A worker that dies mid-job leaves it stalled; BullMQ hands it to
 * another worker, so job handlers are written to be idempotent.
 */
export class BullMqJobQueue implements JobQueue {
  private readonly queue: Queue;
  private readonly producer: Redis;
  private workerConnection: Redis | null = null;
  /** Enqueued in this turn of the event loop, not yet handed to BullMQ (see `flush`). */
  private readonly batch: Array<{ job: BulkJob; resolve: () => void; reject: (error: unknown) => void }> = [];
  private worker: Worker | null = null;

  /**
   * @param connect opens a Redis connection: `producer` ones fail fast when Redis is away (an
   *   enqueue must not hold a request; the outbox relays re-enqueue later), `worker` ones wait
   *   and reconnect, as BullMQ requires of blocking connections.
   * @param tracing when tracing is on: the enqueuer's trace context rides in the job's options
   *   (BullMQ's `telemetry.metadata`, kept with the job in Redis, payload untouched) and the
   *   worker runs the job in a span child of and linked to it.
   */
  constructor(
    private readonly connect: (purpose: 'producer' | 'worker') => Redis,
    private readonly prefix: string,
    private readonly log: LogPort,
    private readonly concurrency = 20,
    private readonly enqueueTimeoutMs = 2000,
    private readonly tracing: JobTracing | null = null,
  ) {
    this.producer = connect('producer');
    this.queue = new Queue(QUEUE_NAME, { connection: this.producer, prefix });
    // An outage would log once per reconnection try: once until the connection is back is enough,
    // and as information, since the process's own Redis client warns of the outage already.
    let away = false;
    this.producer.on('ready', () => (away = false));
    this.queue.on('error', (error) => {
      if (!away) this.log.info('queue connection error', { error: error.message });
      away = true;
    });
  }

  async enqueue(name: string, payload: unknown, options: JobOptions = {}) {
    const traceContext = this.tracing?.capture();
    const opts = traceContext ? { ...bullOptions(options), telemetry: { metadata: traceContext } } : bullOptions(options);
    const added = (options.revive && options.jobId ? this.removeEnded(options.jobId) : Promise.resolve()).then(
      () =>
        new Promise<void>((resolve, reject) => {
          this.batch.push({ job: { name, data: payload, opts }, resolve, reject });
          if (this.batch.length === 1) setImmediate(() => void this.flush());
        }),
    );
    // While Redis is away BullMQ waits for the connection to be ready again, with no limit: the
    // request that enqueues must not wait with it. Callers keep what they enqueue in an outbox
    // whose relay re-enqueues later (same job id, so a late add is harmless).
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        added,
        new Promise(
          (_, reject) => (timer = setTimeout(() => reject(new Error('job queue unavailable: enqueue timed out')), this.enqueueTimeoutMs)),
        ),
      ]);
    } finally {
      clearTimeout(timer);
      added.catch(() => undefined);
    }
  }

  /**
   * BullMQ ignores an add whose id it still keeps, and it keeps failed jobs for 7 days: a relay's
   * add for a row whose job failed on an outage would change nothing. Only an ended job goes.
   */
  private async removeEnded(jobId: string): Promise<void> {
    const job = await this.queue.getJob(jobId);
    if (!job) return;
    const state = await job.getState();
    if (state === 'failed' || state === 'completed') await job.remove();
  }

  /**
   * The jobs enqueued during one turn of the event loop (concurrent requests' I/O callbacks run
   * in the same poll phase) go to Redis as one `addBulk`, which BullMQ pipelines: one round trip
   * instead of one per job. addBulk answers for the batch as a whole, so when it fails each job
   * of a larger batch is added alone and every caller gets its own answer (one job's bad options
   * must not fail its neighbours; while Redis is away each caller's timeout answers first). Adds
   * repeated for jobs that had landed are harmless: same job ids.
   */
  private async flush() {
    const batch = this.batch.splice(0);
    if (batch.length === 0) return;
    try {
      await this.queue.addBulk(batch.map((b) => b.job));
      for (const b of batch) b.resolve();
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const b of batch) this.queue.add(b.job.name, b.job.data, b.job.opts).then(() => b.resolve(), b.reject);
    }
  }

  async start(handlers: JobHandlers) {
    this.workerConnection = this.connect('worker');
    this.worker = new Worker(
      QUEUE_NAME,
      async (job, token) => {
        const handler = handlers[job.name];
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        const attempt = job.attemptsMade + 1;
        const run = () => handler(job.data, { attempt, final: attempt >= (job.opts.attempts ?? 1) });
        try {
          await (this.tracing ? this.tracing.runJob({ name: job.name, id: job.id, attempt }, job.opts.telemetry?.metadata, run) : run());
        } catch (error) {
          const pause = outagePause(error, job.timestamp, Date.now());
          if (pause === null) throw error;
          // Back to `delayed` without counting a try (DelayedError: BullMQ neither fails nor retries it).
          this.log.warn('job postponed: dependency unavailable', {
            job: job.name,
            id: job.id,
            pauseMs: pause,
            error: (error as Error).message,
          });
          await job.moveToDelayed(Date.now() + pause, token);
          throw new DelayedError();
        }
      },
      { connection: this.workerConnection, prefix: this.prefix, concurrency: this.concurrency, stalledInterval: 5000, maxStalledCount: 2 },
    );
    this.worker.on('failed', (job, error) => {
      this.log.warn('job failed', { job: job?.name, attempt: job?.attemptsMade, error: error.message });
    });
    this.worker.on('error', (error) => this.log.error('worker error', { error: error.message }));
    await this.worker.waitUntilReady();
  }

  async schedule(name: string, everyMs: number) {
    await this.queue.upsertJobScheduler(name, { every: everyMs }, { name, data: {} });
  }

  async counts() {
    return {
      queue: QUEUE_NAME,
      states: await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'),
    };
  }

  async whenIdle(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    let idleChecks = 0;
    // Jobs move between lists between two reads (delayed → waiting → active), so idle must be seen twice in a row.
    while (idleChecks < 2) {
      const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      let pending = (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.prioritized ?? 0) + (counts['waiting-children'] ?? 0);
      if (pending === 0 && (counts.delayed ?? 0) > 0) {
        // The next run of a job scheduler always sits in `delayed`; it is not pending work.
        pending = (await this.queue.getDelayed()).filter((job) => !job.id?.startsWith('repeat:')).length;
      }
      idleChecks = pending === 0 ? idleChecks + 1 : 0;
      if (Date.now() > deadline) throw new Error(`jobs still pending after timeout: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async close() {
    // Jobs of this turn go out ahead of the connection's QUIT; not awaited, as Redis may be away.
    void this.flush();
    await this.worker?.close();
    await this.queue.close();
    for (const c of [this.producer, this.workerConnection]) {
      if (!c) continue;
      // QUIT waits for a reply that a Redis just gone never sends: give it two seconds.
      const quit = c.quit().catch(() => undefined);
      const timer = setTimeout(() => c.disconnect(), 2000).unref();
      await quit;
      clearTimeout(timer);
    }
  }
}
