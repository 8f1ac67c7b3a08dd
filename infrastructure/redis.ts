import { Redis } from 'ioredis';

/**
 * Commands fail fast (one retry) when Redis is away, so a request is not held hostage by it;
 * BullMQ needs `maxRetriesPerRequest: null` on connections used by workers. */
export function createRedis(url: string, purpose: 'commands' | 'bullmq' = 'commands', onError: (error: Error) => void = () => {}): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: purpose === 'bullmq' ? null : 1,
    connectTimeout: 5000,
  });
  // Without a listener ioredis prints every reconnection failure; callers decide what to log.
  redis.on('error', onError);
  return redis;
}
