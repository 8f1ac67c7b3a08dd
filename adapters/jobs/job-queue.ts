import type { JobOptions, Jobs, UnitOfWork } from '../../application/shared/ports.js';
import { isUnavailable } from '../../infrastructure/unavailable.js';
import type { Tracing } from '../../infrastructure/tracing-types.js';

export interface JobContext {
  /** 1 for the first try. */
  attempt: number;
  /** No retry follows if this try fails. */
  final: boolean;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

/** A job kind: its name and a handler that validates its payload (zod) before acting. */
export interface JobDefinition {
  name: string;
  handle: JobHandler;
}

/** The use cases of registry `R` that a periodic job can run: those that take nothing. */
type Sweep<R> = { [K in keyof R]: R[K] extends () => Promise<unknown> ? K : never }[keyof R] & string;

/**
 * A periodic job (a module's `schedules`): no payload, one run of the use case that context's
 * registry `R` names `useCase`. That use case must be idempotent: a redelivered tick or runs
 * overlapping on several workers repeat it.
 */
export const periodicJob =
  <R>(name: string, useCase: Sweep<R>) =>
  (deps: Record<Sweep<R>, () => Promise<unknown>>): JobDefinition => {
    const run = deps[useCase];
    return {
      name,
      handle: async () => {
        await run();
      },
    };
  };

/**
 * Trace context carried from the code that enqueues a job to the job's run (W3C `traceparent`,
 * serialised): the part of infrastructure/tracing a queue uses when tracing is on, absent otherwise.
 */
export type JobTracing = Pick<Tracing, 'capture' | 'runJob'>;

/** What the composition root needs of a queue beyond the Jobs port. */
export interface JobQueue extends Jobs {
  /** Begins processing with these handlers (the worker side). */
  start(handlers: JobHandlers): Promise<void>;
  /** A job enqueued every `everyMs` while a worker runs (sweeps, expiries). */
  schedule(name: string, everyMs: number): Promise<void>;
  /** Resolves once nothing is waiting, delayed or running (tests, drains). */
  whenIdle(timeoutMs?: number): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  close(): Promise<void>;
  /** Jobs per state right now (the `jobs` gauge of /metrics). */
  counts(): Promise<{ queue: string; states: Record<string, number> }>;
}

/** Jobs enqueued inside a unit of work wait for its commit: a job never sees uncommitted rows. */
export const transactionalJobs = (queue: Jobs, uow: UnitOfWork): Jobs => ({
  enqueue: (name: string, payload: unknown, options?: JobOptions) => uow.afterCommit(() => queue.enqueue(name, payload, options)),
});

/** How long a job may wait out outages of its dependencies before it fails for good. */
export const OUTAGE_RETRY_LIMIT_MS = 24 * 3600_000;

/**
 * A try that failed because a dependency is away (database, Redis) says nothing about the job:
 * it does not count against the job's attempts and runs again after this pause, half the job's
 * age between 1 and 30 s (a job is retried within 30 s of the dependency's return), for at most
 * `OUTAGE_RETRY_LIMIT_MS` after it was enqueued. Null: an ordinary failure, which counts.
 */
export function outagePause(error: unknown, enqueuedAt: number, now: number): number | null {
  if (!isUnavailable(error) || now - enqueuedAt > OUTAGE_RETRY_LIMIT_MS) return null;
  return Math.min(30_000, Math.max(1000, Math.round((now - enqueuedAt) / 2)));
}
