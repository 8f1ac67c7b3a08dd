import type { EmbeddedReadCache, ReadSet } from './embedded-read-cache.js';
import { deepCopy, sizeOf } from './deep-copy.js';
import { BoundedLru } from './bounded-lru.js';

const MAX_ENTRIES = 2_000;
/** Roughly what the kept answers may hold in all; one answer may take an eighth of it at most. */
const MAX_BYTES = 32 * 1024 * 1024;

interface Memo {
  read: ReadSet;
  value: unknown;
}

/**
 * Whole answers of repository reads (rows already mapped to domain values, several statements
 * each) kept until a table one of their statements read is written: a hit skips query building,
 * row mapping and the per-statement cache alike. Embedded only, for the reasons EmbeddedReadCache
 * gives; a read whose statements could not all be kept (a write, a transaction, a clock) is not.
 */
export class EmbeddedReadMemo {
  private readonly memos = new BoundedLru<Memo>(MAX_ENTRIES, MAX_BYTES);

  constructor(private readonly cache: EmbeddedReadCache) {}

  /** `key` must name the read and every argument it depends on. */
  async remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.memos.get(key);
    if (kept && this.cache.isCurrent(kept.read)) {
      this.cache.witness(kept.read);
      // Callers may change what they get back; the kept answer must stay as it was read.
      return deepCopy(kept.value as T);
    }
    const { value, read } = await this.cache.observe(load);
    if (read && read.length > 0) {
      const bytes = sizeOf(value);
      if (bytes <= MAX_BYTES / 8) this.memos.set(key, { read, value: deepCopy(value) }, bytes);
    }
    return value;
  }

  clear(): void {
    this.memos.clear();
  }
}
