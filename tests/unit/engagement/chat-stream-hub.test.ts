import { expect } from 'chai';
import { ChatStreamHub, type Backlog, type SseStream } from '../../../adapters/realtime/chat-stream-hub.js';
import { MemoryRealtimeBus } from '../../../adapters/realtime/realtime-bus.js';
import { Lifecycle } from '../../../infrastructure/lifecycle.js';

const textOf = (s: SseStream) => {
  const chunks: string[] = [];
  s.body.on('data', (c: Buffer) => chunks.push(c.toString()));
  return () => chunks.join('');
};
const tick = (ms = 10) => new Promise((r) => setTimeout(r, ms));

describe('chat stream hub (SSE fan-out)', () => {
  it("writes an event only to the recipients' streams of the same tenant", async () => {
    const bus = new MemoryRealtimeBus();
    const hub = new ChatStreamHub(bus, new Lifecycle(), 60_000);
    const mine = await hub.open('t1', 'u1');
    const sameUserOtherTenant = await hub.open('t2', 'u1');
    const other = await hub.open('t1', 'u2');
    const [a, b, c] = [textOf(mine), textOf(sameUserOtherTenant), textOf(other)];
    await bus.publish({ tenantId: 't1', recipientIds: ['u1', 'u1'], type: 'message', data: { id: 'm1', content: 'hi\nthere' } });
    await tick();
    expect(a()).to.equal('retry: 3000\n: connected\n\nid: m1\nevent: message\ndata: {"id":"m1","content":"hi\\nthere"}\n\n');
    expect(b()).not.to.include('event: message');
    expect(c()).not.to.include('event: message');
    await hub.dispose();
    expect(hub.openStreams).to.equal(0);
  });

  it('replays a backlog before live events, in order, without repeating a live event the backlog carried', async () => {
    const bus = new MemoryRealtimeBus();
    const hub = new ChatStreamHub(bus, new Lifecycle(), 60_000);
    let answer!: (b: Backlog) => void;
    const stream = await hub.open('t', 'u', () => new Promise<Backlog>((resolve) => (answer = resolve)));
    const text = textOf(stream);
    // Live events arrive while the backlog is still being read: m3 is in both.
    await bus.publish({ tenantId: 't', recipientIds: ['u'], type: 'message', data: { id: 'm3' } });
    await bus.publish({ tenantId: 't', recipientIds: ['u'], type: 'message', data: { id: 'm4' } });
    await tick();
    expect(text()).not.to.include('event: message');
    answer({
      events: [
        { id: 'm2', data: { id: 'm2' } },
        { id: 'm3', data: { id: 'm3' } },
      ],
      complete: true,
    });
    await tick();
    expect([...text().matchAll(/^id: (\w+)$/gm)].map((m) => m[1])).to.deep.equal(['m2', 'm3', 'm4']);
    await bus.publish({ tenantId: 't', recipientIds: ['u'], type: 'message', data: { id: 'm5' } });
    await tick();
    expect([...text().matchAll(/^id: (\w+)$/gm)].map((m) => m[1])).to.deep.equal(['m2', 'm3', 'm4', 'm5']);
    await hub.dispose();
  });

  it('tells the client to resync when the backlog is incomplete, and goes on live when it cannot be read', async () => {
    const bus = new MemoryRealtimeBus();
    const failures: string[] = [];
    const hub = new ChatStreamHub(bus, new Lifecycle(), 60_000, {
      info: () => {},
      warn: (event: string) => {
        failures.push(event);
      },
      error: () => {},
    });
    const partial = await hub.open('t', 'u', async () => ({ events: [], complete: false }));
    const failing = await hub.open('t', 'v', async () => {
      throw new Error('database away');
    });
    const [p, f] = [textOf(partial), textOf(failing)];
    await bus.publish({ tenantId: 't', recipientIds: ['u', 'v'], type: 'message', data: { id: 'm9' } });
    await tick();
    expect(p()).to.include('event: resync\ndata: {"reason":"too_many_missed"}\n\nid: m9\nevent: message');
    expect(f()).to.include('id: m9\nevent: message');
    expect(failures).to.deep.equal(['realtime.replay_failed']);
    await hub.dispose();
  });

  it('ends streams on shutdown and after their maximum age, and unregisters them', async () => {
    const lifecycle = new Lifecycle();
    const hub = new ChatStreamHub(new MemoryRealtimeBus(), lifecycle, 60_000, undefined, 80);
    const short = await hub.open('t', 'u');
    let ended = false;
    short.body.on('end', () => (ended = true)).resume();
    await tick(150);
    expect(ended).to.equal(true);
    expect(hub.openStreams).to.equal(0);

    const hub2 = new ChatStreamHub(new MemoryRealtimeBus(), lifecycle, 60_000);
    const open = await hub2.open('t', 'u');
    let ended2 = false;
    open.body.on('end', () => (ended2 = true)).resume();
    await lifecycle.shutdown();
    await tick();
    expect(ended2).to.equal(true);
    expect(hub2.openStreams).to.equal(0);
    // A stream opened while stopping ends at once.
    const late = await hub2.open('t', 'u');
    let ended3 = false;
    late.body.on('end', () => (ended3 = true)).resume();
    await tick();
    expect(ended3).to.equal(true);
  });
});
