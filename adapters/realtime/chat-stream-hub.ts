import { PassThrough } from 'node:stream';
import type { ChatEvent } from '../../application/engagement/ports/chat-events.js';
import type { LogPort } from '../../application/shared/ports.js';
import type { Lifecycle } from '../../infrastructure/lifecycle.js';
import type { RealtimeBus } from './realtime-bus.js';

/** A client that cannot keep up (this much unread output buffered) is dropped; EventSource reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Longest life of one stream: the client reconnects after it, and its login is checked again. */
export const STREAM_MAX_AGE_MS = 15 * 60_000;

/** What a reconnecting stream missed: events oldest first, and whether that is all of them. */
export interface Backlog {
  events: Array<{ id: string; data: Record<string, unknown> }>;
  complete: boolean;
}

/** One open Server-Sent Events response. */
export class SseStream {
  readonly body = new PassThrough();
  private heartbeat: NodeJS.Timeout;
  private closed = false;
  private readonly onClose: Array<() => void> = [];
  /** Live events held back while the backlog is read, so that they follow it in order. */
  private held: Array<{ event: string; data: unknown; id: string | undefined }> | null = null;

  private maxAge: NodeJS.Timeout;

  constructor(heartbeatMs: number, maxAgeMs: number) {
    // Proxies close idle connections; a comment line every heartbeat keeps them open (contract §6).
    this.heartbeat = setInterval(() => this.comment('ping'), heartbeatMs);
    this.heartbeat.unref();
    // A login is checked when a stream opens; ending streams now and then makes the client
    // reconnect (EventSource does by itself), so a logged-out or deactivated user stops hearing.
    this.maxAge = setTimeout(() => this.close(), maxAgeMs);
    this.maxAge.unref();
    this.body.on('close', () => this.close());
    this.body.on('error', () => this.close());
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  /** One event; `data` is one JSON line. */
  send(event: string, data: unknown, id?: string): void {
    if (this.held) this.held.push({ event, data, id });
    else this.writeEvent(event, data, id);
  }

  /**
   * Writes what the client missed, then the live events that arrived meanwhile (those the backlog
   * already carried are skipped). When the backlog is incomplete, one `resync` event tells the
   * client to reload its conversations instead.
   */
  async replay(backlog: () => Promise<Backlog | null>, onError: (error: unknown) => void): Promise<void> {
    this.held = [];
    const replayed = new Set<string>();
    try {
      const missed = await backlog();
      for (const e of missed?.events ?? []) {
        this.writeEvent('message', e.data, e.id);
        replayed.add(e.id);
      }
      if (missed && !missed.complete) this.writeEvent('resync', { reason: 'too_many_missed' }, undefined);
    } catch (error) {
      onError(error);
    } finally {
      const live = this.held ?? [];
      this.held = null;
      for (const e of live) if (!e.id || !replayed.has(e.id)) this.writeEvent(e.event, e.data, e.id);
    }
  }

  private writeEvent(event: string, data: unknown, id: string | undefined): void {
    this.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private write(chunk: string): void {
    if (this.closed) return;
    if (this.body.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    this.body.write(chunk);
  }

  whenClosed(callback: () => void): void {
    if (this.closed) callback();
    else this.onClose.push(callback);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.maxAge);
    this.body.end();
    for (const callback of this.onClose.splice(0)) callback();
  }
}

/**
 * The live chat streams of this process, by tenant and user. It subscribes to the realtime bus
 * once and writes each event to the recipients' open streams here. Every stream registers a
 * shutdown hook (and disposes of it when the client leaves), so the application's `close()`
 * ends the streams instead of waiting on them forever.
 */
export class ChatStreamHub {
  private readonly streams = new Map<string, Set<SseStream>>();
  private subscription: Promise<() => void> | null = null;

  constructor(
    private readonly bus: RealtimeBus,
    private readonly lifecycle: Lifecycle,
    private readonly heartbeatMs: number,
    private readonly log?: LogPort,
    private readonly maxAgeMs = STREAM_MAX_AGE_MS,
  ) {}

  get openStreams(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** `backlog`: what a reconnecting client missed (read after the stream hears live events, so none falls between). */
  async open(tenantId: string, userId: string, backlog?: () => Promise<Backlog | null>): Promise<SseStream> {
    this.subscription ??= this.bus
      .subscribe((event) => this.deliver(event))
      .catch((error: unknown) => {
        this.subscription = null;
        throw error;
      });
    await this.subscription;
    const stream = new SseStream(this.heartbeatMs, this.maxAgeMs);
    const key = `${tenantId}:${userId}`;
    let set = this.streams.get(key);
    if (!set) this.streams.set(key, (set = new Set()));
    set.add(stream);
    const dispose = this.lifecycle.onShutdown(() => stream.close());
    stream.whenClosed(() => {
      dispose();
      const current = this.streams.get(key);
      current?.delete(stream);
      if (current?.size === 0) this.streams.delete(key);
    });
    // The first bytes go out at once: clients and proxies see the headers without waiting.
    stream.body.write('retry: 3000\n: connected\n\n');
    if (backlog) void stream.replay(backlog, (error) => this.log?.warn('realtime.replay_failed', { error: String(error) }));
    return stream;
  }

  private deliver(event: ChatEvent): void {
    if (event.type !== 'message' && event.type !== 'lead.assigned') return;
    // Only chat messages carry an id: it is what a reconnecting client resumes the chat from.
    const id = event.type === 'message' && typeof event.data.id === 'string' ? event.data.id : undefined;
    for (const userId of new Set(event.recipientIds)) {
      for (const stream of this.streams.get(`${event.tenantId}:${userId}`) ?? []) stream.send(event.type, event.data, id);
    }
  }

  /** Ends every stream of this process (container disposal; shutdown does it through the hooks). */
  async dispose(): Promise<void> {
    for (const set of [...this.streams.values()]) for (const s of [...set]) s.close();
    const unsubscribe = this.subscription;
    this.subscription = null;
    if (unsubscribe) (await unsubscribe.catch(() => () => {}))();
    this.log?.info('realtime.hub_disposed');
  }
}
