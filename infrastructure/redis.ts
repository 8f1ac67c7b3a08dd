import { Redis } from 'ioredis';

/**
 * - `requests`: the rate limiter, the key-value store and cache invalidations, on a request's
 *   path. While Redis is away their commands fail at once (no offline queue) and a command on a
 *   connection that went silent gives up after `REQUEST_COMMAND_TIMEOUT_MS`, so the callers fail
 *   open (or closed) within a request instead of waiting for a reconnection.
 * - `commands`: BullMQ's producer, one retry; the job queue bounds an enqueue itself.
 * - `bullmq`: BullMQ workers' blocking connections, which must wait and reconnect (`maxRetriesPerRequest: null`).
 */
export type RedisPurpose = 'requests' | 'commands' | 'bullmq';

export const REQUEST_COMMAND_TIMEOUT_MS = 500;

/** Called once when a connection is lost (its first error), once when it is back: not per retry, not per request. */
export interface RedisOutageListener {
  down(error: Error): void;
  up(): void;
}

export function createRedis(url: string, purpose: RedisPurpose = 'commands', outage?: RedisOutageListener): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: purpose === 'bullmq' ? null : 1,
    connectTimeout: 5000,
    ...(purpose === 'requests' ? { enableOfflineQueue: false, commandTimeout: REQUEST_COMMAND_TIMEOUT_MS } : {}),
  });
  watchOutages(redis, outage);
  return redis;
}

/**
 * Without an 'error' listener ioredis prints every reconnection failure; with one that logs, an
 * outage would log once per retry. This reports the first error of an outage and its end.
 */
export function watchOutages(redis: Redis, outage?: RedisOutageListener): void {
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    outage?.down(error);
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    outage?.up();
  });
}

/**
 * A subscriber connection beside `redis`. SUBSCRIBE is sent once and replayed by ioredis after a
 * reconnect, so it may wait for a connection (offline queue, no command timeout), unlike the
 * request-path commands of a `requests` client it is duplicated from.
 */
export const subscriberOf = (redis: Redis, outage?: RedisOutageListener): Redis => {
  const subscriber = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
  watchOutages(subscriber, outage);
  return subscriber;
};

/** Resolves when `redis` is connected, or after `ms` (then its commands fail open until it is). */
export const whenRedisReady = (redis: Redis, ms: number): Promise<void> =>
  redis.status === 'ready'
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms).unref();
        function done() {
          clearTimeout(timer);
          redis.off('ready', done);
          resolve();
        }
        redis.once('ready', done);
      });
