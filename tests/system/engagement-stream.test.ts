import { expect } from 'chai';
import { json, post, deploymentEnv, startApi, type ServiceProcess } from './support/processes.js';
import { StreamReader } from '../support/sse-reader.js';

/**
 * Chat's live stream between real processes (issue 6): a message sent through API process A
 * reaches a stream open on process B through Redis pub/sub, and SIGTERM on B ends its open
 * streams instead of waiting on them, so B still exits 0 promptly.
 */
describe('system: chat stream across API processes and through shutdown', function () {
  this.timeout(120_000);
  let env: Record<string, string>;
  let a: ServiceProcess;
  let b: ServiceProcess;

  before(async () => {
    env = await deploymentEnv({ SHUTDOWN_TIMEOUT_MS: '20000' });
    [a, b] = await Promise.all([startApi(env), startApi(env)]);
  });

  after(async () => {
    await Promise.all([a, b].filter(Boolean).map((p) => (p.child.exitCode === null ? p.stop() : p.exited)));
  });

  it('delivers a message sent on A to a stream on B, and B exits 0 on SIGTERM with the stream open', async () => {
    const root = await json(await post(a.url, '/api/auth/login', { email: env.ROOT_ADMIN_EMAIL, password: env.ROOT_ADMIN_PASSWORD }));
    const rootAuth = { Authorization: `Bearer ${(root.body.data as { access_token: string }).access_token}` };
    const tokens: Record<string, string> = {};
    const ids: Record<string, string> = {};
    for (const [name, role] of [
      ['mentor', 30],
      ['student', 1],
    ] as const) {
      const email = `${name}@stream.test`;
      const created = await json(await post(a.url, '/api/users', { name, email, password: 'stream password', role, status: 1 }, rootAuth));
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      ids[name] = (created.body.data as { id: string }).id;
      const login = await json(await post(a.url, '/api/auth/login', { email, password: 'stream password' }));
      tokens[name] = (login.body.data as { access_token: string }).access_token;
    }
    const mentor = { Authorization: `Bearer ${tokens.mentor}` };
    const conversation = await json(await post(a.url, '/api/lms/chat/conversations', { participant_ids: [ids.student] }, mentor));
    const conversationId = (conversation.body.data as { id: string }).id;

    const abort = new AbortController();
    try {
      const res = await fetch(`${b.url}/api/lms/chat/stream`, {
        headers: { Authorization: `Bearer ${tokens.student}` },
        signal: abort.signal,
      });
      expect(res.status).to.equal(200);
      const stream = new StreamReader(res.body!.getReader());
      await stream.until((e) => e.comment);

      const sent = await json(
        await post(a.url, `/api/lms/chat/conversations/${conversationId}/messages`, { content: 'across processes' }, mentor),
      );
      expect(sent.status).to.equal(200);
      const event = await stream.until((e) => e.event === 'message', 10_000);
      expect(JSON.parse(event.data)).to.include({ id: (sent.body.data as { id: string }).id, content: 'across processes' });

      const stopping = Date.now();
      b.child.kill('SIGTERM');
      await stream.end(10_000);
      expect(await b.exited).to.equal(0);
      expect(Date.now() - stopping).to.be.below(15_000);
    } finally {
      abort.abort();
    }
  });
});
