import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in for Snap: records requests and answers what the test says. */
export class FakeSnap {
  readonly requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];
  answer: { status: number; body: unknown } = {
    status: 201,
    body: { token: 'snap-token-1', redirect_url: 'https://app.sandbox.midtrans.test/snap/v4/redirection/snap-token-1' },
  };
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          // recorded as empty
        }
        this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        res.writeHead(this.answer.status, { 'Content-Type': 'application/json' });
        res.end(typeof this.answer.body === 'string' ? this.answer.body : JSON.stringify(this.answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/snap/v1`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
