import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { BullMqJobQueue } from '../../../adapters/jobs/bullmq-job-queue.js';
import { InProcessJobQueue } from '../../../adapters/jobs/in-process-job-queue.js';
import type { JobQueue, JobTracing } from '../../../adapters/jobs/job-queue.js';
import { createRedis } from '../../../infrastructure/redis.js';
import { trackQueuePrefix } from '../../support/queue-keys.js';

const quietLog = { info() {}, warn() {}, error() {} };
const engines: Array<[string, (tracing?: JobTracing) => JobQueue]> = [
  ['in-process', (tracing) => new InProcessJobQueue(quietLog, tracing)],
];
if (process.env.REDIS_URL) {
  engines.push([
    'BullMQ',
    (tracing) =>
      new BullMqJobQueue(
        (purpose) => createRedis(process.env.REDIS_URL!, purpose === 'worker' ? 'bullmq' : 'commands'),
        trackQueuePrefix(`test-${randomUUID().slice(0, 8)}`),
        quietLog,
        5,
        undefined,
        tracing,
      ),
  ]);
}

for (const [engine, make] of engines) {
  describe(`contract: job queue (${engine})`, function () {
    this.timeout(20_000);

    it('retries a failing job with backoff and reports the final attempt', async () => {
      const q = make();
      const seen: Array<[number, boolean]> = [];
      await q.start({
        flaky: async (_p, ctx) => {
          seen.push([ctx.attempt, ctx.final]);
          if (ctx.attempt < 3) throw new Error('retry me');
        },
      });
      await q.enqueue('flaky', { x: 1 }, { attempts: 3, backoffMs: 10 });
      await q.whenIdle(15_000);
      expect(seen).to.deep.equal([
        [1, false],
        [2, false],
        [3, true],
      ]);
      await q.close();
    });

    it('carries the trace context captured at enqueue to every run of the job, retries included (tracing on)', async () => {
      let current: string | undefined = '{"traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}';
      const running = new Set<string>();
      const runs: Array<{ name: string; attempt: number; captured: string | undefined }> = [];
      const tracing: JobTracing = {
        capture: () => current,
        async runJob(job, captured, fn) {
          runs.push({ name: job.name, attempt: job.attempt, captured });
          running.add(job.name);
          try {
            return await fn();
          } finally {
            running.delete(job.name);
          }
        },
      };
      const q = make(tracing);
      const inSpan: boolean[] = [];
      await q.start({
        traced: async (_p, ctx) => {
          inSpan.push(running.has('traced'));
          if (ctx.attempt === 1) throw new Error('retry me');
        },
        untraced: async () => {},
      });
      const captured = current;
      await q.enqueue('traced', { n: 1 }, { attempts: 2, backoffMs: 10 });
      current = undefined;
      await q.enqueue('untraced', { n: 2 });
      await q.whenIdle(15_000);
      expect(runs).to.have.deep.members([
        { name: 'traced', attempt: 1, captured },
        { name: 'traced', attempt: 2, captured },
        { name: 'untraced', attempt: 1, captured: undefined },
      ]);
      // The handler ran inside runJob (its span), both times.
      expect(inSpan).to.deep.equal([true, true]);
      await q.close();
    });

    it('runs a job id once while it is known', async () => {
      const q = make();
      const got: unknown[] = [];
      await q.start({
        once: async (p) => {
          got.push(p);
        },
      });
      await q.enqueue('once', { n: 1 }, { jobId: 'dup-1', delayMs: 50 });
      await q.enqueue('once', { n: 2 }, { jobId: 'dup-1' });
      await q.whenIdle(15_000);
      expect(got).to.deep.equal([{ n: 1 }]);
      await q.close();
    });

    it('runs each of several jobs enqueued in the same turn once, with its own payload and options', async () => {
      const q = make();
      const runs: Array<{ name: string; payload: unknown; attempt: number; final: boolean; at: number }> = [];
      const record = (name: string) => async (payload: unknown, ctx: { attempt: number; final: boolean }) => {
        runs.push({ name, payload, attempt: ctx.attempt, final: ctx.final, at: Date.now() });
        if (name === 'flaky' && ctx.attempt === 1) throw new Error('retry me');
      };
      await q.start({ plain: record('plain'), flaky: record('flaky'), later: record('later') });
      const start = Date.now();
      // No await between them: the BullMQ adapter sends them to Redis as one batch.
      await Promise.all([
        q.enqueue('plain', { n: 1 }, { jobId: 'turn-a' }),
        q.enqueue('flaky', { n: 2 }, { jobId: 'turn-b', attempts: 2, backoffMs: 10 }),
        q.enqueue('later', { n: 3 }, { jobId: 'turn-c', delayMs: 300 }),
        q.enqueue('plain', { n: 4 }, { jobId: 'turn-a' }),
      ]);
      await q.whenIdle(15_000);
      const seen = runs.map(({ name, payload, attempt, final }) => ({ name, payload, attempt, final }));
      expect(seen).to.have.deep.members([
        { name: 'plain', payload: { n: 1 }, attempt: 1, final: true },
        { name: 'flaky', payload: { n: 2 }, attempt: 1, final: false },
        { name: 'flaky', payload: { n: 2 }, attempt: 2, final: true },
        { name: 'later', payload: { n: 3 }, attempt: 1, final: true },
      ]);
      expect(seen).to.have.length(4); // the second 'turn-a' ran nothing
      expect(runs.find((r) => r.name === 'later')!.at - start).to.be.at.least(250);
      await q.close();
    });

    it('does not count a try that met an outage (database or Redis away): the job runs again with the same attempt', async () => {
      const q = make();
      const seen: Array<[number, boolean]> = [];
      let outages = 2;
      await q.start({
        needsDb: async (_p, ctx) => {
          seen.push([ctx.attempt, ctx.final]);
          if (outages-- > 0) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        },
      });
      await q.enqueue('needsDb', {}, { attempts: 1, jobId: 'outage-1' });
      await q.whenIdle(15_000);
      expect(seen).to.deep.equal([
        [1, true],
        [1, true],
        [1, true],
      ]);
      await q.close();
    });

    it('revives an ended job of the same id, and leaves a live one alone', async () => {
      const q = make();
      const runs: string[] = [];
      await q.start({
        once: async (p) => {
          runs.push((p as { n: string }).n);
          if ((p as { n: string }).n === 'fails') throw new Error('business failure');
        },
      });
      await q.enqueue('once', { n: 'fails' }, { jobId: 'revive-1' });
      await q.whenIdle(15_000);
      await q.enqueue('once', { n: 'again' }, { jobId: 'revive-1', revive: true });
      await q.whenIdle(15_000);
      await q.enqueue('once', { n: 'live' }, { jobId: 'revive-2', delayMs: 300 });
      await q.enqueue('once', { n: 'second' }, { jobId: 'revive-2', revive: true });
      await q.whenIdle(15_000);
      expect(runs).to.deep.equal(['fails', 'again', 'live']);
      await q.close();
    });

    it('delays a job', async () => {
      const q = make();
      let ranAt = 0;
      await q.start({
        later: async () => {
          ranAt = Date.now();
        },
      });
      const start = Date.now();
      await q.enqueue('later', {}, { delayMs: 300 });
      await q.whenIdle(15_000);
      expect(ranAt - start).to.be.at.least(250);
      await q.close();
    });
  });
}

if (process.env.REDIS_URL) {
  describe('BullMQ job queue: enqueues of one turn', function () {
    this.timeout(20_000);

    it('adds them with their ids and options, and a job refused by BullMQ fails only its own caller', async () => {
      const prefix = trackQueuePrefix(`test-${randomUUID().slice(0, 8)}`);
      const q = new BullMqJobQueue(
        (purpose) => createRedis(process.env.REDIS_URL!, purpose === 'worker' ? 'bullmq' : 'commands'),
        prefix,
        quietLog,
      );
      const readerConnection = createRedis(process.env.REDIS_URL!);
      const reader = new Queue('jobs', { connection: readerConnection, prefix });
      try {
        const outcomes = await Promise.allSettled([
          q.enqueue('one', { n: 1 }, { jobId: 'bulk-1', attempts: 3, backoffMs: 500 }),
          q.enqueue('two', { n: 2 }, { jobId: 'bulk-2', delayMs: 60_000 }),
          // BullMQ refuses an integer-like custom id: its batch fails, and only this caller hears of it.
          q.enqueue('bad', { n: 3 }, { jobId: '123' }),
        ]);
        expect(outcomes.map((o) => o.status)).to.deep.equal(['fulfilled', 'fulfilled', 'rejected']);
        expect(String((outcomes[2] as PromiseRejectedResult).reason)).to.match(/Custom Id cannot be integers/);
        const one = await reader.getJob('bulk-1');
        const two = await reader.getJob('bulk-2');
        expect([one?.name, one?.data, one?.opts.attempts, one?.opts.backoff]).to.deep.equal([
          'one',
          { n: 1 },
          3,
          { type: 'exponential', delay: 500 },
        ]);
        expect([two?.name, two?.data, two?.opts.delay, await two?.getState()]).to.deep.equal(['two', { n: 2 }, 60_000, 'delayed']);
        expect(await reader.getJob('123')).to.equal(undefined);
      } finally {
        await q.close();
        await reader.obliterate({ force: true });
        await reader.close();
        await readerConnection.quit();
      }
    });

    it('answers every caller of a batch when Redis is away', async () => {
      // Nothing listens on port 1: every enqueue of the turn must fail, none may hang.
      const q = new BullMqJobQueue(() => createRedis('redis://127.0.0.1:1'), `test-${randomUUID().slice(0, 8)}`, quietLog, 5, 300);
      try {
        const outcomes = await Promise.allSettled([1, 2, 3].map((n) => q.enqueue('x', { n }, { jobId: `away-${n}` })));
        expect(outcomes.map((o) => o.status)).to.deep.equal(['rejected', 'rejected', 'rejected']);
      } finally {
        await q.close();
      }
    });
  });
}
