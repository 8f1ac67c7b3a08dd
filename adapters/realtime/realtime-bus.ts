import type { Redis } from 'ioredis';
import type { ChatEvent } from '../../application/engagement/ports/chat-events.js';
import type { LogPort } from '../../application/shared/ports.js';
import { subscriberOf } from '../../infrastructure/redis.js';

/** A live event as the stream sends it: `data` is its wire shape, JSON-safe (it crosses processes). */
export interface LiveEvent {
  tenantId: string;
  recipientIds: string[];
  type: ChatEvent['type'];
  data: Record<string, unknown>;
}

export type BusListener = (event: LiveEvent) => void;

/** Live events between API processes: what one publishes, every subscriber (in every process) receives once. */
export interface RealtimeBus {
  publish(event: LiveEvent): Promise<void>;
  /** Resolves once the subscription is live (events published afterwards are received). */
  subscribe(listener: BusListener): Promise<() => void>;
  close(): Promise<void>;
}

/** One process (no REDIS_URL): listeners are called directly. */
export class MemoryRealtimeBus implements RealtimeBus {
  private readonly listeners = new Set<BusListener>();

  constructor(private readonly log?: LogPort) {}

  async publish(event: LiveEvent): Promise<void> {
    // A copy through JSON, as Redis would carry it: listeners never share the publisher's objects.
    const copy = JSON.parse(JSON.stringify(event)) as LiveEvent;
    for (const listener of this.listeners) {
      try {
        listener(copy);
      } catch (error) {
        this.log?.warn('realtime.listener_failed', { error: String(error) });
      }
    }
  }

  async subscribe(listener: BusListener): Promise<() => void> {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/**
 * Redis pub/sub (REDIS_URL): one channel per deployment (`<QUEUE_PREFIX>:chat`), one subscriber
 * connection per process, opened on first use; ioredis re-subscribes after a reconnect. A
 * process receives its own publications through Redis too, so nothing is delivered twice.
 * Publishing is best effort: a failure is logged, never thrown (the message is already stored).
 */
export class RedisRealtimeBus implements RealtimeBus {
  private readonly listeners = new Set<BusListener>();
  private subscriber: Redis | null = null;
  private ready: Promise<void> | null = null;

  constructor(
    private readonly publisher: Redis,
    private readonly channel: string,
    private readonly log?: LogPort,
  ) {}

  async publish(event: LiveEvent): Promise<void> {
    try {
      await this.publisher.publish(this.channel, JSON.stringify(event));
    } catch (error) {
      this.log?.warn('realtime.publish_failed', { error: (error as Error)?.message });
    }
  }

  async subscribe(listener: BusListener): Promise<() => void> {
    this.ready ??= this.connect();
    try {
      await this.ready;
    } catch (error) {
      this.ready = null;
      throw error;
    }
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private async connect(): Promise<void> {
    // The request client's own outage warning tells that Redis is away: no second warning here.
    const sub = subscriberOf(this.publisher, {
      down: (error) => this.log?.info('realtime.subscriber_disconnected', { error: error.message }),
      up: () => {},
    });
    this.subscriber = sub;
    sub.on('message', (_channel: string, raw: string) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(raw) as LiveEvent;
      } catch {
        return;
      }
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch (error) {
          this.log?.warn('realtime.listener_failed', { error: String(error) });
        }
      }
    });
    await sub.subscribe(this.channel);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const sub = this.subscriber;
    this.subscriber = null;
    this.ready = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}
