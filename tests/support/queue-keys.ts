import { Redis } from 'ioredis';

/** The queue prefixes this run gave its applications and processes (with `REDIS_URL`). */
const prefixes = new Set<string>();

export function trackQueuePrefix(prefix: string): string {
  prefixes.add(prefix);
  return prefix;
}

/**
 * Deletes the BullMQ keys under this run's prefixes. Finished jobs stay in Redis until later
 * completions of the same queue trim them (removeOnComplete), which a run's own prefix never gets:
 * without this, every run left its jobs (~1,300 keys) on the shared Redis for good.
 */
export async function removeQueueKeys(): Promise<void> {
  const url = process.env.REDIS_URL;
  if (!url || prefixes.size === 0) return;
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
    prefixes.clear();
  } finally {
    redis.disconnect();
  }
}
