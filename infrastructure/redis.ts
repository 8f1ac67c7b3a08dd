import { Redis } from 'ioredis';

/**
 * Commands fail fast (one retry) when Redis is away, so a request is not held hostage by it;
 * BullMQ needs `maxRetriesPerRequest: null` on connections used by workers. */
export function createRedis(url: string, purpose: 'commands' | 'bullmq' = 'commands'): Redis {
  return new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: purpose === 'bullmq' ? null : 1,
    connectTimeout: 5000,
  });
}
