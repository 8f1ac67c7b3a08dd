import { expect } from 'chai';
import { InProcessJobQueue } from '../../../adapters/jobs/in-process-job-queue.js';
import { transactionalJobs } from '../../../adapters/jobs/job-queue.js';
import { MemoryUnitOfWork } from '../../../adapters/persistence/memory/platform.memory.js';

const quietLog = { info() {}, warn() {}, error() {} };

describe('in-process job queue', () => {
  it('runs jobs, retries with backoff until success, and reports attempt/final', async () => {
    const q = new InProcessJobQueue(quietLog);
    const seen: Array<{ attempt: number; final: boolean }> = [];
    await q.start({
      flaky: async (_payload, ctx) => {
        seen.push(ctx);
        if (ctx.attempt < 3) throw new Error('not yet');
      },
    });
    await q.enqueue('flaky', {}, { attempts: 4, backoffMs: 5 });
    await q.whenIdle(2000);
    expect(seen).to.deep.equal([
      { attempt: 1, final: false },
      { attempt: 2, final: false },
      { attempt: 3, final: false },
    ]);
    await q.close();
  });

  it('gives up after the last attempt', async () => {
    const q = new InProcessJobQueue(quietLog);
    let runs = 0;
    await q.start({
      broken: async () => {
        runs++;
        throw new Error('always');
      },
    });
    await q.enqueue('broken', {}, { attempts: 3, backoffMs: 1 });
    await q.whenIdle(2000);
    expect(runs).to.equal(3);
    await q.close();
  });

  it('ignores a second enqueue with a known job id, and holds jobs until started', async () => {
    const q = new InProcessJobQueue(quietLog);
    const payloads: unknown[] = [];
    await q.enqueue('once', { n: 1 }, { jobId: 'same' });
    await q.enqueue('once', { n: 2 }, { jobId: 'same' });
    await q.start({
      once: async (p) => {
        payloads.push(p);
      },
    });
    await q.whenIdle(2000);
    expect(payloads).to.deep.equal([{ n: 1 }]);
    await q.close();
  });

  it('defers enqueues inside a unit of work until it commits, and drops them on rollback', async () => {
    const q = new InProcessJobQueue(quietLog);
    const ran: string[] = [];
    await q.start({
      note: async (p) => {
        ran.push((p as { id: string }).id);
      },
    });
    const uow = new MemoryUnitOfWork();
    const jobs = transactionalJobs(q, uow);
    await uow.run(async () => {
      await jobs.enqueue('note', { id: 'committed' });
      expect(ran).to.deep.equal([]);
    });
    await uow
      .run(async () => {
        await jobs.enqueue('note', { id: 'rolled-back' });
        throw new Error('rollback');
      })
      .catch(() => {});
    await q.whenIdle(2000);
    expect(ran).to.deep.equal(['committed']);
    await q.close();
  });
});
