import type { Redis } from 'ioredis';
import type { KeyValueStore } from '../../application/shared/ports.js';

/** Shared by every API process, so a challenge issued by one can be taken by another. */
export class RedisKeyValueStore implements KeyValueStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(this.prefix + key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }
  get(key: string) {
    return this.redis.get(this.prefix + key);
  }
  take(key: string) {
    // GETDEL is atomic: of two concurrent takers one gets the value.
    return this.redis.getdel(this.prefix + key);
  }
  async delete(key: string) {
    await this.redis.del(this.prefix + key);
  }
}
