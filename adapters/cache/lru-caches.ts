import { LRUCache } from 'lru-cache';
import type { Cache, Clock } from '../../application/shared/ports.js';
import type { CacheInvalidationBus } from './cache-invalidation-bus.js';

export interface CacheOptions {
  /** How long an entry is kept at most: also how stale another process may read when an invalidation does not reach it. */
  ttlMs: number;
  /** What the entries may hold in all, in characters of their keys and JSON values (roughly bytes / 2). */
  maxSize: number;
}

interface Kept<V> {
  value: V;
}

/** One cache on lru-cache (ttl + maxSize) whose time is the Clock port's. */
class LruCache<V> implements Cache<V> {
  private readonly entries: LRUCache<string, Kept<V>>;
  /** Moves on every invalidation: a load that saw it move may have read what was just changed. */
  private generation = 0;

  constructor(
    options: CacheOptions,
    clock: Clock,
    private readonly announce: (key: string | null) => Promise<void>,
  ) {
    this.entries = new LRUCache<string, Kept<V>>({
      ttl: options.ttlMs,
      maxSize: options.maxSize,
      sizeCalculation: (kept, key) => key.length + (JSON.stringify(kept.value)?.length ?? 0) + 1,
      // Tests move the clock instead of waiting for entries to expire.
      perf: { now: () => clock.now().getTime() },
      // By default lru-cache reads its clock once a millisecond at most (a timer resets its reading).
      ttlResolution: 0,
    });
  }

  async read(key: string, load: () => Promise<V>): Promise<V> {
    const kept = this.entries.get(key);
    if (kept) return kept.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) this.entries.set(key, { value });
    return value;
  }

  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  put(key: string, value: V): void {
    this.entries.set(key, { value });
  }

  async invalidate(key: string): Promise<void> {
    this.forget(key);
    await this.announce(key);
  }

  async invalidateAll(): Promise<void> {
    this.forget(null);
    await this.announce(null);
  }

  /** Drops `key` (every key for null), whichever process changed it. */
  forget(key: string | null): void {
    this.generation++;
    if (key === null) this.entries.clear();
    else this.entries.delete(key);
  }
}

/** The caches of one process, by name; invalidations published by other processes reach them through the bus. */
export class LruCaches {
  private readonly caches = new Map<string, LruCache<unknown>>();

  constructor(
    private readonly clock: Clock,
    private readonly bus: CacheInvalidationBus,
  ) {
    bus.listen((name, key) => this.caches.get(name)?.forget(key));
  }

  create<V>(name: string, options: CacheOptions): Cache<V> {
    if (this.caches.has(name)) throw new Error(`cache ${name} exists already`);
    const cache = new LruCache<V>(options, this.clock, (key) => this.bus.publish(name, key));
    this.caches.set(name, cache as LruCache<unknown>);
    return cache;
  }
}
