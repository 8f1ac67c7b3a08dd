import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { BullMqJobQueue } from '../../../adapters/jobs/bullmq-job-queue.js';
import { InProcessJobQueue } from '../../../adapters/jobs/in-process-job-queue.js';
import type { JobQueue } from '../../../adapters/jobs/job-queue.js';
import { createRedis } from '../../../infrastructure/redis.js';

const quietLog = { info() {}, warn() {}, error() {} };
const engines: Array<[string, () => JobQueue]> = [['in-process', () => new InProcessJobQueue(quietLog)]];
if (process.env.REDIS_URL) {
  engines.push(['BullMQ', () => new BullMqJobQueue((purpose) => createRedis(process.env.REDIS_URL!, purpose === 'worker' ? 'bullmq' : 'commands'), `test-${randomUUID().slice(0, 8)}`, quietLog, 5)]);
}

for (const [engine, make] of engines) {
  describe(`contract: job queue (${engine})`, function () {
    this.timeout(20_000);

    it('retries a failing job with backoff and reports the final attempt', async () => {
      const q = make();
      const seen: Array<[number, boolean]> = [];
      await q.start({ flaky: async (_p, ctx) => { seen.push([ctx.attempt, ctx.final]); if (ctx.attempt < 3) throw new Error('retry me'); } });
      await q.enqueue('flaky', { x: 1 }, { attempts: 3, backoffMs: 10 });
      await q.whenIdle(15_000);
      expect(seen).to.deep.equal([[1, false], [2, false], [3, true]]);
      await q.close();
    });

    it('runs a job id once while it is known', async () => {
      const q = make();
      const got: unknown[] = [];
      await q.start({ once: async (p) => { got.push(p); } });
      await q.enqueue('once', { n: 1 }, { jobId: 'dup-1', delayMs: 50 });
      await q.enqueue('once', { n: 2 }, { jobId: 'dup-1' });
      await q.whenIdle(15_000);
      expect(got).to.deep.equal([{ n: 1 }]);
      await q.close();
    });

    it('delays a job', async () => {
      const q = make();
      let ranAt = 0;
      await q.start({ later: async () => { ranAt = Date.now(); } });
      const start = Date.now();
      await q.enqueue('later', {}, { delayMs: 300 });
      await q.whenIdle(15_000);
      expect(ranAt - start).to.be.at.least(250);
      await q.close();
    });
  });
}
