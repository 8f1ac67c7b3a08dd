export interface SseEvent {
  event: string | null;
  id: string | null;
  data: string;
  comment: boolean;
}

/** An SSE reader over fetch: the test sees exactly the bytes a browser's EventSource would parse. */
export class StreamReader {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  readonly events: SseEvent[] = [];
  ended = false;

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** Reads until `predicate` matches a parsed block, or the time runs out. */
  async until(predicate: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(predicate);
      if (found) return found;
      if (this.ended) throw new Error('stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`);
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<null>((r) => {
          timer = setTimeout(() => r(null), left);
        }),
      ]);
      clearTimeout(timer);
      if (chunk === null) continue;
      if (chunk.done) {
        this.ended = true;
        continue;
      }
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
      let cut: number;
      while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
        const block = this.buffer.slice(0, cut);
        this.buffer = this.buffer.slice(cut + 2);
        const e: SseEvent = { event: null, id: null, data: '', comment: false };
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) e.comment = true;
          else if (line.startsWith('event: ')) e.event = line.slice(7);
          else if (line.startsWith('id: ')) e.id = line.slice(4);
          else if (line.startsWith('data: ')) e.data += line.slice(6);
        }
        this.events.push(e);
      }
    }
  }

  async end(timeoutMs = 5000): Promise<void> {
    await this.until(() => false, timeoutMs).catch((error: Error) => {
      if (!this.ended) throw error;
    });
  }
}
