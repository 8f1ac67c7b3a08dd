import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LogPort } from '../../application/shared/ports.js';
import { subscriberOf } from '../../infrastructure/redis.js';

type Listener = (cache: string, key: string | null) => void;

/** Tells the other processes which cached keys a write changed (null: every key of that cache). */
export interface CacheInvalidationBus {
  /** Resolves once what other processes publish is heard (or hearing it failed, which is logged). */
  ready(): Promise<void>;
  publish(cache: string, key: string | null): Promise<void>;
  /** `listener` hears what other processes publish. */
  listen(listener: Listener): void;
  close(): Promise<void>;
}

/** One process (no REDIS_URL): there is nobody else to tell. */
export class LocalCacheInvalidationBus implements CacheInvalidationBus {
  async ready(): Promise<void> {}
  async publish(): Promise<void> {}
  listen(): void {}
  async close(): Promise<void> {}
}

/**
 * Redis pub/sub (REDIS_URL): one channel per deployment (`<QUEUE_PREFIX>:cache`), one subscriber
 * connection per process, which ioredis re-subscribes after a reconnect. Publishing is best effort:
 * the write it follows is committed, so a failure is logged; a process that missed it reads the
 * change once the entry's time to live has passed.
 */
export class RedisCacheInvalidationBus implements CacheInvalidationBus {
  /** Our own publications come back through Redis: this process applied them already. */
  private readonly origin = randomUUID();
  private readonly listeners: Listener[] = [];
  private readonly subscriber: Redis;
  private readonly subscribed: Promise<void>;

  constructor(
    private readonly publisher: Redis,
    private readonly channel: string,
    private readonly log?: LogPort,
  ) {
    // The request client's own outage warning tells that Redis is away: no second warning here.
    this.subscriber = subscriberOf(publisher, {
      down: (error) => log?.info('cache.subscriber_disconnected', { error: error.message }),
      up: () => {},
    });
    this.subscriber.on('message', (_channel: string, raw: string) => this.receive(raw));
    this.subscribed = this.subscriber.subscribe(channel).then(
      () => undefined,
      (error: unknown) => log?.warn('cache.subscribe_failed', { error: (error as Error)?.message }),
    );
  }

  ready(): Promise<void> {
    return this.subscribed;
  }

  async publish(cache: string, key: string | null): Promise<void> {
    try {
      await this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, cache, key }));
    } catch (error) {
      this.log?.warn('cache.publish_failed', { cache, error: (error as Error)?.message });
    }
  }

  listen(listener: Listener): void {
    this.listeners.push(listener);
  }

  private receive(raw: string): void {
    let message: { origin?: unknown; cache?: unknown; key?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      return;
    }
    if (message.origin === this.origin || typeof message.cache !== 'string') return;
    const key = typeof message.key === 'string' ? message.key : null;
    for (const listener of this.listeners) listener(message.cache, key);
  }

  async close(): Promise<void> {
    this.listeners.length = 0;
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
