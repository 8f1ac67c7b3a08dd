import type { JobOptions, LogPort } from '../../application/shared/ports.js';
import { outagePause, type JobHandlers, type JobQueue, type JobTracing } from './job-queue.js';

interface PendingJob {
  name: string;
  payload: unknown;
  attempt: number;
  options: JobOptions;
  enqueuedAt: number;
  /** The enqueuer's trace context (tracing on), for the job's span. */
  traceContext: string | undefined;
}

/**
 * The embedded default (no REDIS_URL): jobs run in this process, with the same retry and
 * backoff semantics as the BullMQ adapter. Nothing survives a restart; that is what Redis is for.
 * The id of an ended job is forgotten at once, so `revive` needs nothing more here.
 */
export class InProcessJobQueue implements JobQueue {
  private handlers: JobHandlers | null = null;
  private readonly backlog: PendingJob[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly knownIds = new Set<string>();
  private readonly intervals: NodeJS.Timeout[] = [];
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  /** @param tracing when tracing is on: each run's span is a child of (and linked to) the enqueuer's. */
  constructor(
    private readonly log: LogPort,
    private readonly tracing: JobTracing | null = null,
  ) {}

  async enqueue(name: string, payload: unknown, options: JobOptions = {}) {
    if (this.closed) throw new Error('job queue is closed');
    if (options.jobId) {
      if (this.knownIds.has(options.jobId)) return;
      this.knownIds.add(options.jobId);
    }
    this.dispatch(
      { name, payload, attempt: 1, options, enqueuedAt: Date.now(), traceContext: this.tracing?.capture() },
      options.delayMs ?? 0,
    );
  }

  async start(handlers: JobHandlers) {
    this.handlers = handlers;
    for (const job of this.backlog.splice(0)) this.dispatch(job, 0);
  }

  async schedule(name: string, everyMs: number) {
    this.intervals.push(setInterval(() => void this.enqueue(name, {}, { jobId: `${name}:tick` }), everyMs).unref());
  }

  async counts() {
    return { queue: 'in-process', states: { waiting: this.backlog.length + this.timers.size, active: this.running.size } };
  }

  private dispatch(job: PendingJob, delayMs: number) {
    if (!this.handlers) {
      this.backlog.push(job);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.execute(job).finally(() => {
        this.running.delete(run);
        this.notifyIfIdle();
      });
      this.running.add(run);
    }, delayMs);
    this.timers.add(timer);
  }

  private async execute(job: PendingJob) {
    const handler = this.handlers?.[job.name];
    const attempts = job.options.attempts ?? 1;
    const final = job.attempt >= attempts;
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      const run = () => handler(job.payload, { attempt: job.attempt, final });
      await (this.tracing
        ? this.tracing.runJob({ name: job.name, id: job.options.jobId, attempt: job.attempt }, job.traceContext, run)
        : run());
      if (job.options.jobId) this.knownIds.delete(job.options.jobId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const pause = this.closed ? null : outagePause(error, job.enqueuedAt, Date.now());
      if (pause !== null) {
        this.log.warn('job postponed: dependency unavailable', { job: job.name, attempt: job.attempt, pauseMs: pause, error: message });
        this.dispatch(job, pause);
        return;
      }
      if (final || this.closed) {
        if (job.options.jobId) this.knownIds.delete(job.options.jobId);
        this.log.error('job failed', { job: job.name, attempt: job.attempt, error: message });
        return;
      }
      this.log.warn('job failed, will retry', { job: job.name, attempt: job.attempt, error: message });
      const backoff = (job.options.backoffMs ?? 1000) * 2 ** (job.attempt - 1);
      this.dispatch({ ...job, attempt: job.attempt + 1 }, backoff);
    }
  }

  private notifyIfIdle() {
    if (this.timers.size === 0 && this.running.size === 0) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  whenIdle(timeoutMs = 30_000): Promise<void> {
    if (this.timers.size === 0 && this.running.size === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('jobs still running after timeout')), timeoutMs).unref();
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async close() {
    this.closed = true;
    for (const interval of this.intervals) clearInterval(interval);
    // Jobs due now are run before exit; only far-delayed retries are dropped.
    await Promise.allSettled([...this.running]);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
