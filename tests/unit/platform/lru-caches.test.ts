import { expect } from 'chai';
import { LruCaches } from '../../../adapters/cache/lru-caches.js';
import type { CacheInvalidationBus } from '../../../adapters/cache/cache-invalidation-bus.js';
import type { Clock } from '../../../application/shared/ports.js';

/** A clock that moves only when told (FakeClock follows real time, which a slow machine stretches). */
class StoppedClock implements Clock {
  private at = Date.parse('2026-05-01T10:00:00Z');
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

/** A bus between the processes of one test: what one publishes, the others hear. */
class TestBus implements CacheInvalidationBus {
  readonly published: Array<[string, string | null]> = [];
  private readonly listeners: Array<(cache: string, key: string | null) => void> = [];
  private peers: TestBus[] = [];

  static linked(count: number): TestBus[] {
    const buses = Array.from({ length: count }, () => new TestBus());
    for (const bus of buses) bus.peers = buses.filter((b) => b !== bus);
    return buses;
  }

  async ready(): Promise<void> {}

  async publish(cache: string, key: string | null): Promise<void> {
    this.published.push([cache, key]);
    for (const peer of this.peers) for (const listener of peer.listeners) listener(cache, key);
  }

  listen(listener: (cache: string, key: string | null) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {}
}

describe('caches on lru-cache, driven by the clock port', () => {
  const setup = (ttlMs = 5_000, maxSize = 10_000) => {
    const clock = new StoppedClock();
    const [bus] = TestBus.linked(1);
    const cache = new LruCaches(clock, bus!).create<{ n: number }>('things', { ttlMs, maxSize });
    let loads = 0;
    const load = (n: number) => async () => {
      loads++;
      return { n };
    };
    return { clock, bus: bus!, cache, load, loads: () => loads };
  };

  it('keeps a value until its time to live has passed on the clock, then loads it again', async () => {
    const { clock, cache, load, loads } = setup(5_000);
    expect(await cache.read('a', load(1))).to.deep.equal({ n: 1 });
    clock.advance(4_999);
    expect(await cache.read('a', load(2))).to.deep.equal({ n: 1 });
    expect(loads()).to.equal(1);
    clock.advance(2);
    expect(await cache.read('a', load(3))).to.deep.equal({ n: 3 });
    expect(loads()).to.equal(2);
  });

  it('forgets a key at once when invalidated, and every key on invalidateAll, telling the other processes', async () => {
    const { cache, bus, load } = setup();
    await cache.read('a', load(1));
    await cache.read('b', load(1));
    await cache.invalidate('a');
    expect(await cache.read('a', load(2))).to.deep.equal({ n: 2 });
    expect(await cache.read('b', load(2))).to.deep.equal({ n: 1 });
    await cache.invalidateAll();
    expect(await cache.read('b', load(3))).to.deep.equal({ n: 3 });
    expect(bus.published).to.deep.equal([
      ['things', 'a'],
      ['things', null],
    ]);
  });

  it('answers but does not keep what was loaded while an invalidation arrived (it may predate the change)', async () => {
    const { cache, load } = setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = cache.read('a', async () => {
      await gate;
      return { n: 1 };
    });
    await cache.invalidate('a');
    release();
    expect(await slow).to.deep.equal({ n: 1 });
    expect(await cache.read('a', load(2))).to.deep.equal({ n: 2 });
  });

  it('hears invalidations published by another process, for its own caches only', async () => {
    const clock = new StoppedClock();
    const [one, two] = TestBus.linked(2);
    const here = new LruCaches(clock, one!);
    const there = new LruCaches(clock, two!);
    const hereThings = here.create<number>('things', { ttlMs: 60_000, maxSize: 1_000 });
    const hereOthers = here.create<number>('others', { ttlMs: 60_000, maxSize: 1_000 });
    const thereThings = there.create<number>('things', { ttlMs: 60_000, maxSize: 1_000 });
    await hereThings.read('a', async () => 1);
    await hereOthers.read('a', async () => 1);
    await thereThings.invalidate('a');
    expect(await hereThings.read('a', async () => 2)).to.equal(2);
    expect(await hereOthers.read('a', async () => 2)).to.equal(1);
  });

  it('stays within its size, dropping the least recently used first', async () => {
    const { cache, load, loads } = setup(60_000, 200);
    for (let i = 0; i < 50; i++) await cache.read(`key-${i}`, load(i));
    expect(loads()).to.equal(50);
    await cache.read('key-49', load(0));
    expect(loads(), 'the newest is kept').to.equal(50);
    await cache.read('key-0', load(0));
    expect(loads(), 'the oldest went').to.equal(51);
  });

  it('keeps values put directly, for their time to live', () => {
    const { clock, cache } = setup(1_000);
    cache.put('a', { n: 1 });
    expect(cache.peek('a')).to.deep.equal({ n: 1 });
    clock.advance(1_001);
    expect(cache.peek('a')).to.equal(undefined);
  });

  it('refuses two caches of one name (their invalidations would mix)', () => {
    const [bus] = TestBus.linked(1);
    const caches = new LruCaches(new StoppedClock(), bus!);
    caches.create('things', { ttlMs: 1, maxSize: 1 });
    expect(() => caches.create('things', { ttlMs: 1, maxSize: 1 })).to.throw(/exists/);
  });
});
