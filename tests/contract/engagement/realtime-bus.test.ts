import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { MemoryRealtimeBus, RedisRealtimeBus, type LiveEvent, type RealtimeBus } from '../../../adapters/realtime/realtime-bus.js';
import { createRedis } from '../../../infrastructure/redis.js';

const waitFor = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** Two "processes" on one bus: what one publishes, the other's subscribers receive, once each. */
type Pair = { a: RealtimeBus; b: RealtimeBus; close(): Promise<void> };

const memoryPair = async (): Promise<Pair> => {
  const bus = new MemoryRealtimeBus();
  return { a: bus, b: bus, close: () => bus.close() };
};

const redisPair = async (): Promise<Pair> => {
  const channel = `test-${randomUUID()}:chat`;
  const ca = createRedis(process.env.REDIS_URL!);
  const cb = createRedis(process.env.REDIS_URL!);
  const a = new RedisRealtimeBus(ca, channel);
  const b = new RedisRealtimeBus(cb, channel);
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await ca.quit();
      await cb.quit();
    },
  };
};

// The Redis adapter runs where Redis is (CI sets REDIS_URL); the memory one everywhere.
const variants: Array<[string, () => Promise<Pair>]> = [['memory', memoryPair]];
if (process.env.REDIS_URL) variants.push(['Redis pub/sub', redisPair]);

for (const [name, make] of variants) {
  describe(`realtime bus contract (${name})`, () => {
    it('delivers a published event to every subscriber once, as plain JSON, and stops after unsubscribe', async () => {
      const pair = await make();
      try {
        const seenA: LiveEvent[] = [];
        const seenB: LiveEvent[] = [];
        const offA = await pair.a.subscribe((e) => seenA.push(e));
        await pair.b.subscribe((e) => seenB.push(e));
        const event: LiveEvent = {
          tenantId: randomUUID(),
          recipientIds: [randomUUID()],
          type: 'message',
          data: { id: randomUUID(), content: 'hi', created_at: new Date(0).toISOString() },
        };
        await pair.a.publish(event);
        await waitFor(() => seenA.length === 1 && seenB.length === 1);
        expect(seenB[0]).to.deep.equal(event);
        expect(seenB[0]).not.to.equal(event);
        offA();
        await pair.b.publish({ ...event, data: { id: 'second' } });
        await waitFor(() => seenB.length === 2);
        await new Promise((r) => setTimeout(r, 50));
        expect(seenA).to.have.length(1);
      } finally {
        await pair.close();
      }
    });

    it('keeps delivering when one listener throws', async () => {
      const pair = await make();
      try {
        const seen: string[] = [];
        await pair.b.subscribe(() => {
          throw new Error('broken listener');
        });
        await pair.b.subscribe((e) => seen.push(String(e.data.id)));
        await pair.a.publish({ tenantId: 't', recipientIds: [], type: 'message', data: { id: 'x' } });
        await waitFor(() => seen.length === 1);
      } finally {
        await pair.close();
      }
    });
  });
}
