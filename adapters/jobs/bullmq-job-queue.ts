import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobOptions, LogPort } from '../../application/shared/ports.js';
import type { JobHandlers, JobQueue } from './job-queue.js';

const QUEUE_NAME = 'jobs';

/**
 * Jobs in Redis: any API process enqueues, any worker process (`npm run worker`, or `npm start`
 * with START_WORKER) runs them. A worker that dies mid-job leaves it stalled; BullMQ hands it to
 * another worker, so job handlers are written to be idempotent.
 */
export class BullMqJobQueue implements JobQueue {
  private readonly queue: Queue;
  private worker: Worker | null = null;

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    private readonly log: LogPort,
    private readonly concurrency = 20,
  ) {
    this.queue = new Queue(QUEUE_NAME, { connection, prefix });
  }

  async enqueue(name: string, payload: unknown, options: JobOptions = {}) {
    await this.queue.add(name, payload, {
      delay: options.delayMs,
      attempts: options.attempts ?? 1,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 1000 },
      ...(options.jobId ? { jobId: options.jobId } : {}),
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  async start(handlers: JobHandlers) {
    this.worker = new Worker(
      QUEUE_NAME,
      async (job) => {
        const handler = handlers[job.name];
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        const attempt = job.attemptsMade + 1;
        await handler(job.data, { attempt, final: attempt >= (job.opts.attempts ?? 1) });
      },
      { connection: this.connection, prefix: this.prefix, concurrency: this.concurrency, stalledInterval: 5000, maxStalledCount: 2 },
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

  async whenIdle(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // One atomic snapshot of every state: counting `delayed` in a second call raced with a
      // retry moving delayed → wait between the two calls and reported idle too early.
      const counts = await this.queue.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children', 'delayed');
      let pending = Object.values(counts).reduce((a, b) => a + b, 0);
      // The next run of a job scheduler always sits in `delayed`; it is not pending work.
      if (counts.delayed) pending -= (await this.queue.getDelayed()).filter((job) => job.id?.startsWith('repeat:')).length;
      if (pending <= 0) return;
      if (Date.now() > deadline) throw new Error(`jobs still pending after timeout: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async close() {
    await this.worker?.close();
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
