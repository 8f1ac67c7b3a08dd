import { expect } from 'chai';
import { json, post, deploymentEnv, startApi, startWorker, type ServiceProcess } from './support/processes.js';
import { SoftAuthenticator } from '../support/soft-authenticator.js';

/**
 * Two API processes and one worker on the same PostgreSQL and Redis (issue 9 §4): whatever one
 * process does, the other sees.
 */
describe('system: two API processes and a worker share their state', function () {
  this.timeout(120_000);
  let env: Record<string, string>;
  let a: ServiceProcess;
  let b: ServiceProcess;
  let worker: ServiceProcess;
  let rootToken: string;
  let tenant: Record<string, string>;

  before(async () => {
    env = await deploymentEnv();
    [a, b, worker] = await Promise.all([startApi(env), startApi(env), startWorker(env)]);
    const login = await json(await post(a.url, '/api/auth/login', { email: env.ROOT_ADMIN_EMAIL, password: env.ROOT_ADMIN_PASSWORD }));
    expect(login.status, JSON.stringify(login.body)).to.equal(200);
    rootToken = (login.body.data as { access_token: string }).access_token;
    const slug = `sys-${Date.now().toString(36)}`;
    const created = await json(await post(a.url, '/api/tenants', { slug, name: 'System test' }, { Authorization: `Bearer ${rootToken}` }));
    expect(created.status).to.equal(200);
    tenant = { 'X-Tenant-ID': slug };
  });

  after(async () => {
    await Promise.all([a, b, worker].filter(Boolean).map((p) => p.stop()));
  });

  const createUser = async (email: string, role = 1) => {
    const res = await json(
      await post(
        a.url,
        '/api/users',
        { name: email, email, password: 'system password', role, status: 1 },
        { ...tenant, Authorization: `Bearer ${rootToken}` },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  };

  it('refuses on B a refresh token already rotated on A', async () => {
    await createUser('refresh@system.test');
    const login = await json(await post(a.url, '/api/auth/login', { email: 'refresh@system.test', password: 'system password' }, tenant));
    const { refresh_token } = login.body.data as { refresh_token: string };
    const rotated = await json(await post(a.url, '/api/auth/refresh', { refresh_token }, tenant));
    expect(rotated.status).to.equal(200);
    const replay = await json(await post(b.url, '/api/auth/refresh', { refresh_token }, tenant));
    expect(replay.status).to.equal(401);
    expect(replay.body.message).to.equal('Invalid token');
    // Reuse revoked the family everywhere: the pair issued on A is dead on B too.
    const next = await json(
      await post(b.url, '/api/auth/refresh', { refresh_token: (rotated.body.data as { refresh_token: string }).refresh_token }, tenant),
    );
    expect(next.status).to.equal(401);
  });

  it('logs out on A and the access token is refused on B at once', async () => {
    await createUser('logout@system.test');
    const login = await json(await post(a.url, '/api/auth/login', { email: 'logout@system.test', password: 'system password' }, tenant));
    const auth = { ...tenant, Authorization: `Bearer ${(login.body.data as { access_token: string }).access_token}` };
    expect((await fetch(`${b.url}/api/user/self`, { headers: auth })).status).to.equal(200);
    await post(a.url, '/api/auth/logout', {}, auth);
    expect((await fetch(`${b.url}/api/user/self`, { headers: auth })).status).to.equal(401);
  });

  it('begins a passkey ceremony on one process and finishes it on the other', async () => {
    await createUser('passkey@system.test');
    const login = await json(await post(a.url, '/api/auth/login', { email: 'passkey@system.test', password: 'system password' }, tenant));
    const auth = { ...tenant, Authorization: `Bearer ${(login.body.data as { access_token: string }).access_token}` };
    const authenticator = new SoftAuthenticator(env.WEBAUTHN_ORIGINS!);
    const options = await json(await post(a.url, '/api/auth/webauthn/register/begin', {}, auth));
    expect(options.status, JSON.stringify(options.body)).to.equal(200);
    const registered = await json(
      await post(b.url, '/api/auth/webauthn/register/finish', authenticator.create(options.body.data as never), auth),
    );
    expect(registered.status, JSON.stringify(registered.body)).to.equal(200);

    const begin = await json(await post(b.url, '/api/auth/webauthn/login/begin', { email: 'passkey@system.test' }, tenant));
    const finish = await json(await post(a.url, '/api/auth/webauthn/login/finish', authenticator.get(begin.body.data as never), tenant));
    expect(finish.status, JSON.stringify(finish.body)).to.equal(200);
    expect((finish.body.data as { user: { email: string } }).user.email).to.equal('passkey@system.test');
  });

  it('delivers on the worker a mail enqueued by an API process', async () => {
    const admin = { ...tenant, Authorization: `Bearer ${rootToken}` };
    const settings = await fetch(`${a.url}/api/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...admin },
      body: JSON.stringify({ EmailVerificationEnabled: true }),
    });
    expect(settings.status).to.equal(200);
    // Other processes see a settings change within their 2 s cache.
    let sent = 0;
    for (let i = 0; i < 30 && sent !== 200; i++) {
      sent = (await post(b.url, '/api/auth/verification-code', { email: 'mail@system.test' }, tenant)).status;
      if (sent !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(sent).to.equal(200);
    const deadline = Date.now() + 20_000;
    let status = '';
    while (Date.now() < deadline) {
      const outbox = await json(await fetch(`${a.url}/api/email/outbox?to=mail@system.test`, { headers: admin }));
      status = (outbox.body.data as { items: Array<{ status: string }> }).items[0]?.status ?? '';
      if (status === 'stored') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).to.equal('stored');
  });
});

describe('system: rate limits are shared by every API process', function () {
  this.timeout(120_000);

  it('answers the 21st critical request across two processes with 429', async () => {
    const env = await deploymentEnv({ RATE_LIMIT_CRITICAL: '20' });
    const [a, b] = await Promise.all([startApi(env), startApi(env)]);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++)
        statuses.push(
          (await post(i % 2 ? a.url : b.url, '/api/auth/login', { email: 'nobody@system.test', password: 'whatever pw' })).status,
        );
      expect(statuses.every((s) => s === 400)).to.equal(true);
      expect((await post(a.url, '/api/auth/login', { email: 'nobody@system.test', password: 'whatever pw' })).status).to.equal(429);
      expect((await post(b.url, '/api/auth/login', { email: 'nobody@system.test', password: 'whatever pw' })).status).to.equal(429);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
