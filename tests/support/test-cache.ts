import { LruCaches } from '../../adapters/cache/lru-caches.js';
import { LocalCacheInvalidationBus } from '../../adapters/cache/cache-invalidation-bus.js';
import type { Cache, Clock } from '../../application/shared/ports.js';
import { FakeClock } from './fake-clock.js';

/** A cache of one process for unit tests, on the given clock. */
export const testCache = <V>(clock: Clock = new FakeClock(), ttlMs = 60_000): Cache<V> =>
  new LruCaches(clock, new LocalCacheInvalidationBus()).create<V>('test', { ttlMs, maxSize: 1_000_000 });
