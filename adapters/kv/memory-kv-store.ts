import type { KeyValueStore } from '../../application/shared/ports.js';

/** One process only; expired keys are dropped when read and swept every minute. */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly data = new Map<string, { value: string; expiresAt: number }>();
  private readonly sweeper = setInterval(() => {
    const now = Date.now();
    for (const [k, v] of this.data) if (v.expiresAt <= now) this.data.delete(k);
  }, 60_000).unref();

  async set(key: string, value: string, ttlSeconds: number) {
    this.data.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
  }
  async get(key: string) {
    const entry = this.data.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.data.delete(key);
      return null;
    }
    return entry.value;
  }
  async take(key: string) {
    const value = await this.get(key);
    this.data.delete(key);
    return value;
  }
  async delete(key: string) {
    this.data.delete(key);
  }
  close() {
    clearInterval(this.sweeper);
  }
}
