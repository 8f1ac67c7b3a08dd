import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { extraApplication, harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import type { Application } from '../../../composition/container.js';
import type { ChatStreamHub } from '../../../adapters/realtime/chat-stream-hub.js';
import { StreamReader } from '../../support/sse-reader.js';

async function openStream(base: string, user: TestUser, signal: AbortSignal, lastEventId?: string) {
  const res = await fetch(`${base}/api/lms/chat/stream`, {
    headers: { ...user.headers, Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
    signal,
  });
  return { res, stream: new StreamReader(res.body!.getReader()) };
}

describe('HTTP engagement: chat live stream (SSE)', function () {
  this.timeout(30_000);
  let h: Harness;
  let server: Server;
  let base: string;
  before(async () => {
    h = await harness();
    server = await h.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const conversation = async (a: TestUser, b: TestUser) =>
    (
      await h.http
        .post('/api/lms/chat/conversations')
        .set(a.headers)
        .send({ participant_ids: [b.id] })
    ).body.data.id as string;

  it('answers its headers at once and delivers a message sent by another user as one `message` event; non-participants get nothing', async () => {
    const t = await h.tenant();
    const mentor = await h.user(t, Role.Mentor);
    const student = await h.user(t);
    const outsider = await h.user(t, Role.Mentor);
    const id = await conversation(mentor, student);
    const abort = new AbortController();
    try {
      const started = Date.now();
      const { res, stream } = await openStream(base, student, abort.signal);
      expect(res.status).to.equal(200);
      expect(Date.now() - started).to.be.below(2000);
      expect(res.headers.get('content-type')).to.equal('text/event-stream; charset=utf-8');
      expect(res.headers.get('cache-control')).to.equal('no-cache, no-transform');
      await stream.until((e) => e.comment);
      const watcher = await openStream(base, outsider, abort.signal);
      await watcher.stream.until((e) => e.comment);

      const sent = await h.http
        .post(`/api/lms/chat/conversations/${id}/messages`)
        .set(mentor.headers)
        .send({ content: 'Your essay is graded', message_type: 'text' });
      expect(sent.status).to.equal(200);
      const event = await stream.until((e) => e.event === 'message');
      expect(event.id).to.equal(sent.body.data.id);
      expect(JSON.parse(event.data)).to.deep.equal(sent.body.data);
      expect(JSON.parse(event.data)).to.include({
        conversation_id: id,
        sender_id: mentor.id,
        content: 'Your essay is graded',
        message_type: 'text',
      });

      // A message in a conversation the outsider is part of reaches them; the other one never did.
      const theirs = await conversation(mentor, outsider);
      await h.http.post(`/api/lms/chat/conversations/${theirs}/messages`).set(mentor.headers).send({ content: 'For the outsider' });
      const got = await watcher.stream.until((e) => e.event === 'message');
      expect(JSON.parse(got.data).content).to.equal('For the outsider');
      expect(watcher.stream.events.filter((e) => e.event === 'message')).to.have.length(1);
    } finally {
      abort.abort();
    }
  });

  it('replays what a reconnecting client missed after its Last-Event-ID, in order, then goes on live', async () => {
    const t = await h.tenant();
    const mentor = await h.user(t, Role.Mentor);
    const student = await h.user(t);
    const outsider = await h.user(t, Role.Mentor);
    const first = await conversation(mentor, student);
    const second = await conversation(outsider, student);
    const send = async (from: TestUser, id: string, content: string) => {
      const r = await h.http.post(`/api/lms/chat/conversations/${id}/messages`).set(from.headers).send({ content });
      expect(r.status, JSON.stringify(r.body)).to.equal(200);
      return r.body.data as { id: string; content: string };
    };
    const messages = (s: StreamReader) =>
      s.events.filter((e) => e.event === 'message').map((e) => (JSON.parse(e.data) as { content: string }).content);

    const seen = await send(mentor, first, 'seen live');
    // Disconnected meanwhile: three messages of two conversations, and one of a conversation the student is not in.
    await send(mentor, first, 'missed 1');
    await send(outsider, second, 'missed 2');
    await send(mentor, await conversation(mentor, outsider), 'not for the student');
    await send(mentor, first, 'missed 3');
    const abort = new AbortController();
    try {
      const { stream } = await openStream(base, student, abort.signal, seen.id);
      await stream.until(() => messages(stream).length === 3);
      expect(messages(stream)).to.deep.equal(['missed 1', 'missed 2', 'missed 3']);
      const live = await send(mentor, first, 'live again');
      const event = await stream.until((e) => e.id === live.id);
      expect(JSON.parse(event.data)).to.deep.equal(live);
      expect(messages(stream)).to.deep.equal(['missed 1', 'missed 2', 'missed 3', 'live again']);

      // An id the caller cannot see (another user's conversation), or not an id at all: live only.
      const foreign = await send(mentor, await conversation(mentor, outsider), 'private');
      for (const lastEventId of [foreign.id, 'not-a-uuid']) {
        const other = await openStream(base, student, abort.signal, lastEventId);
        await other.stream.until((e) => e.comment);
        const next = await send(mentor, first, `after ${lastEventId}`);
        await other.stream.until((e) => e.id === next.id);
        expect(messages(other.stream)).to.deep.equal([`after ${lastEventId}`]);
      }
    } finally {
      abort.abort();
    }
  });

  it("refuses a stream without a login (401) and of another tenant's token (403)", async () => {
    const res = await fetch(`${base}/api/lms/chat/stream`);
    expect(res.status).to.equal(401);
    const t = await h.tenant();
    const u = await h.user(t);
    const other = await h.tenant();
    const cross = await fetch(`${base}/api/lms/chat/stream`, { headers: { ...other.headers, Authorization: `Bearer ${u.token}` } });
    expect(cross.status).to.equal(403);
  });

  it("sends a comment line every heartbeat, and the app's close() ends open streams instead of waiting on them", async () => {
    const app: Application = await extraApplication({ CHAT_STREAM_HEARTBEAT_MS: '150' });
    const srv = await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
    const abort = new AbortController();
    try {
      const t = await h.tenant();
      const u = await h.user(t);
      const { stream } = await openStream(url, u, abort.signal);
      await stream.until((e) => e.comment && e.data === '' && stream.events.filter((x) => x.comment).length >= 3, 3000);
      expect(app.container.resolve<ChatStreamHub>('chatStreamHub').openStreams).to.equal(1);
      const closing = Date.now();
      await app.close();
      expect(Date.now() - closing).to.be.below(5000);
      await stream.end();
      expect(stream.ended).to.equal(true);
    } finally {
      abort.abort();
      await app.close().catch(() => {});
    }
  });

  it('forgets a stream when its client goes away', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const hub = h.resolve<ChatStreamHub>('chatStreamHub');
    const before = hub.openStreams;
    const abort = new AbortController();
    const { stream } = await openStream(base, u, abort.signal);
    await stream.until((e) => e.comment);
    expect(hub.openStreams).to.equal(before + 1);
    abort.abort();
    const deadline = Date.now() + 3000;
    while (hub.openStreams > before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(hub.openStreams).to.equal(before);
  });

  it('delivers across API processes through the shared bus (Redis with REDIS_URL)', async function () {
    // Without REDIS_URL each process has its own in-memory bus, so a second app on the same
    // database cannot see the first one's messages: this checks delivery within one app there.
    const other: Application = await extraApplication({});
    const srv = await other.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
    const abort = new AbortController();
    try {
      const t = await h.tenant();
      const mentor = await h.user(t, Role.Mentor);
      const student = await h.user(t);
      const id = await conversation(mentor, student);
      const viaRedis = Boolean(process.env.REDIS_URL);
      const { stream } = await openStream(viaRedis ? url : base, student, abort.signal);
      await stream.until((e) => e.comment);
      const sent = await h.http
        .post(`/api/lms/chat/conversations/${id}/messages`)
        .set(mentor.headers)
        .send({ content: viaRedis ? 'from the other process' : 'same process' });
      const event = await stream.until((e) => e.event === 'message');
      expect(JSON.parse(event.data).id).to.equal(sent.body.data.id);
    } finally {
      abort.abort();
      await other.close();
    }
  });
});
