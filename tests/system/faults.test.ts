import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { json, post, deploymentEnv, startApi, startWorker, TcpProxy, until, type ServiceProcess } from './support/processes.js';
import { FakeGraph, googleLead, leadgenId, metaNotification, metaSignature, pageId } from '../support/crm.js';

const viaProxy = (url: string, proxyPort: number) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxyPort);
  return u.toString();
};

async function loginRoot(api: ServiceProcess, env: Record<string, string>) {
  const res = await json(await post(api.url, '/api/auth/login', { email: env.ROOT_ADMIN_EMAIL, password: env.ROOT_ADMIN_PASSWORD }));
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return { Authorization: `Bearer ${(res.body.data as { access_token: string }).access_token}` };
}

/** A step that must finish in time; a hang becomes a failure that names the step. */
async function within<T>(promise: Promise<T>, step: string, ms = 20_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`step "${step}" took over ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('system: faults', function () {
  this.timeout(180_000);

  it('answers 503 while the database is away and recovers without a restart', async () => {
    const env = await deploymentEnv();
    const target = new URL(env.DATABASE_URL!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    const api = await startApi({ ...env, DATABASE_URL: viaProxy(env.DATABASE_URL!, port) });
    try {
      const auth = await loginRoot(api, env);
      expect((await fetch(`${api.url}/api/user/self`, { headers: auth })).status).to.equal(200);
      await proxy.cut();
      const health = await fetch(`${api.url}/health`);
      expect(health.status).to.equal(503);
      expect(((await health.json()) as { status: string }).status).to.equal('degraded');
      const during = await fetch(`${api.url}/api/user/self`, { headers: auth });
      expect(during.status).to.equal(503);
      expect(((await during.json()) as { message: string }).message).to.equal('Service unavailable');
      await proxy.restore();
      const after = await until(
        () => fetch(`${api.url}/api/user/self`, { headers: auth }).then((r) => r.status),
        (s) => s === 200,
      );
      expect(after).to.equal(200);
      expect((await fetch(`${api.url}/health`)).status).to.equal(200);
    } finally {
      await api.stop();
      await proxy.close();
    }
  });

  for (const mode of ['open', 'closed'] as const) {
    it(`keeps serving with rate limiting ${mode} while Redis is away, and jobs resume when it is back`, async () => {
      const env = await deploymentEnv({ RATE_LIMIT_ON_STORE_FAILURE: mode, OUTBOX_RELAY_MS: '2000' });
      const target = new URL(env.REDIS_URL!);
      const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
      const port = await proxy.start();
      const redisUrl = viaProxy(env.REDIS_URL!, port);
      const api = await within(startApi({ ...env, REDIS_URL: redisUrl }), 'api start');
      const worker = await within(startWorker({ ...env, REDIS_URL: redisUrl }), 'worker start');
      try {
        const auth = await within(loginRoot(api, env), 'login');
        const put = await within(
          fetch(`${api.url}/api/settings`, {
            method: 'PUT',
            headers: { ...auth, 'Content-Type': 'application/json' },
            body: JSON.stringify({ EmailVerificationEnabled: true }),
          }),
          'settings',
        );
        expect(put.status).to.equal(200);
        const key = `outage-${Date.now()}`;
        const google = await within(
          fetch(`${api.url}/api/crm/integrations/google`, {
            method: 'PUT',
            headers: { ...auth, 'Content-Type': 'application/json' },
            body: JSON.stringify({ webhook_key: key, enabled: true }),
          }),
          'integration',
        );
        expect(google.status).to.equal(200);

        await within(proxy.cut(), 'cut');
        const during = await within(fetch(`${api.url}/api/user/self`, { headers: auth }), 'request during outage');
        expect(during.status).to.equal(mode === 'open' ? 200 : 503);
        if (mode === 'open') {
          // A mail committed while the queue is unreachable is not lost: the outbox relay sends it later.
          const sent = await within(
            post(api.url, '/api/auth/verification-code', { email: 'outage@system.test' }),
            'mail during outage',
            10_000,
          );
          expect(sent.status).to.equal(200);
          // Likewise a lead: the delivery is stored, and the relay hands it to the queue later.
          const lead = await within(
            post(
              api.url,
              '/api/crm/webhooks/google',
              googleLead(key, 'G-OUTAGE-1', { FULL_NAME: 'Outage Lead', EMAIL: 'outage.lead@system.test' }),
            ),
            'lead during outage',
            10_000,
          );
          expect(lead.status).to.equal(200);
        }
        await new Promise((r) => setTimeout(r, 1000));
        await within(proxy.restore(), 'restore');

        const back = await until(
          () => within(fetch(`${api.url}/api/user/self`, { headers: auth }), 'request after outage').then((r) => r.status),
          (s) => s === 200,
        );
        expect(back).to.equal(200);
        if (mode === 'closed') {
          expect(
            (await within(post(api.url, '/api/auth/verification-code', { email: 'outage@system.test' }), 'mail after outage')).status,
          ).to.equal(200);
        }
        const status = await until(
          async () => {
            const outbox = await json(
              await within(fetch(`${api.url}/api/email/outbox?to=outage@system.test`, { headers: auth }), 'outbox'),
            );
            return (outbox.body.data as { items: Array<{ status: string }> }).items[0]?.status ?? '';
          },
          (s) => s === 'stored',
          30_000,
        );
        expect(status, `worker output: ${worker.output.join('').slice(-1500)}`).to.equal('stored');
        if (mode === 'open') {
          const leads = await until(
            async () => {
              const res = await json(
                await within(fetch(`${api.url}/api/crm/leads?search=outage.lead@system.test`, { headers: auth }), 'leads'),
              );
              return (res.body.data as { total: number }).total;
            },
            (n) => n === 1,
            30_000,
          );
          expect(leads).to.equal(1);
        }
      } finally {
        await within(Promise.all([api.stop(), worker.stop()]), 'stop');
        await proxy.close();
      }
    });
  }

  it('drains on SIGTERM under load: every request the server took is answered whole, and it exits 0', async () => {
    const env = await deploymentEnv({ LOG_LEVEL: 'debug' });
    const api = await startApi(env);
    const target = new URL(`${api.url}/api/settings`);
    let completed = 0;
    let unserved = 0;
    const cut: string[] = [];
    let stopping = false;
    const one = () =>
      new Promise<void>((resolve) => {
        const req = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => {
            if (res.statusCode === 200 && body.endsWith('}') && JSON.parse(body).success === true) completed++;
            else cut.push(`status ${res.statusCode}`);
            resolve();
          });
          res.on('aborted', () => cut.push('response aborted'));
          res.on('error', (e) => {
            cut.push(`response ${e.message}`);
            resolve();
          });
        });
        // Refused or reset before any answer: the connection never reached the application
        // (the listener had closed, or it sat in the kernel's accept queue). Checked below
        // against the server's own count of the requests it handled.
        req.on('error', () => {
          unserved++;
          resolve();
        });
        req.end();
      });
    const loop = async () => {
      while (!stopping) await one();
    };
    const loops = Array.from({ length: 20 }, loop);
    await new Promise((r) => setTimeout(r, 1500));
    const code = await api.stop('SIGTERM');
    stopping = true;
    await Promise.all(loops);
    const handled = api.output
      .join('')
      .split('\n')
      .filter((line) => line.includes('"msg":"request"') && line.includes('"path":"/api/settings"')).length;
    expect(code).to.equal(0);
    expect(cut, cut.slice(0, 5).join(', ')).to.deep.equal([]);
    expect(completed).to.be.greaterThan(50);
    // Every request the server handled reached its client whole.
    expect(handled).to.equal(completed);
    expect(unserved).to.be.greaterThan(0);
  });

  it('redelivers a job whose worker was killed mid-job; the lead is still made exactly once', async () => {
    const graph = await new FakeGraph().start();
    const env = await deploymentEnv({ META_GRAPH_URL: graph.url, CRM_INGEST_BACKOFF_MS: '200' });
    const api = await startApi(env);
    const first = await startWorker(env);
    let second: ServiceProcess | null = null;
    try {
      const auth = await loginRoot(api, env);
      const page = pageId();
      graph.page(page, 'EAAB-system');
      const secret = 'app-secret-system';
      const integration = await fetch(`${api.url}/api/crm/integrations/meta`, {
        method: 'PUT',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          verify_token: 'verify-token-system',
          app_secret: secret,
          access_token: 'EAAB-system',
          page_id: page,
          enabled: true,
        }),
      });
      expect(integration.status).to.equal(200);
      const id = leadgenId();
      graph.lead(id, { full_name: 'Slow Lead', phone_number: '081234567890', email: 'slow@system.test' });
      graph.delays.set(id, 3000);
      const raw = metaNotification(page, [id]);
      const hook = await fetch(`${api.url}/api/crm/webhooks/meta`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': metaSignature(raw, secret) },
        body: raw,
      });
      expect(hook.status).to.equal(200);

      // The first worker is inside the (slow) Graph call: kill it without a chance to finish.
      await until(
        async () => graph.calls.get(id) ?? 0,
        (n) => n >= 1,
        15_000,
      );
      first.child.kill('SIGKILL');
      await first.exited;
      second = await startWorker(env);

      const leads = await until(
        async () => {
          const res = await json(await fetch(`${api.url}/api/crm/leads?search=slow@system.test`, { headers: auth }));
          return (res.body.data as { total: number }).total;
        },
        (n) => n >= 1,
        60_000,
      );
      expect(leads).to.equal(1);
      expect(graph.calls.get(id)).to.be.at.least(2);
      await new Promise((r) => setTimeout(r, 1500));
      const again = await json(await fetch(`${api.url}/api/crm/leads?search=slow@system.test`, { headers: auth }));
      expect((again.body.data as { total: number }).total).to.equal(1);
    } finally {
      await Promise.all([api.stop(), first.child.exitCode === null ? first.stop() : Promise.resolve(null), second?.stop()]);
      await graph.close();
    }
  });

  it('allocates a Google lead posted to one of two API processes exactly once', async () => {
    const env = await deploymentEnv();
    const [a, b, worker] = await Promise.all([startApi(env), startApi(env), startWorker(env)]);
    try {
      const auth = await loginRoot(a, env);
      const key = `key-${Date.now()}`;
      expect(
        (
          await fetch(`${a.url}/api/crm/integrations/google`, {
            method: 'PUT',
            headers: { ...auth, 'Content-Type': 'application/json' },
            body: JSON.stringify({ webhook_key: key, enabled: true }),
          })
        ).status,
      ).to.equal(200);
      const member = await json(
        await post(
          a.url,
          '/api/users',
          { name: 'Sales', email: 'sales@system.test', password: 'sales password', role: 30, status: 1 },
          auth,
        ),
      );
      const memberId = (member.body.data as { id: string }).id;
      expect(
        (
          await fetch(`${a.url}/api/crm/automation`, {
            method: 'PUT',
            headers: { ...auth, 'Content-Type': 'application/json' },
            body: JSON.stringify({ mode: 'round_robin', members: [{ user_id: memberId, active: true, regions: [], categories: [] }] }),
          })
        ).status,
      ).to.equal(200);
      const lead = googleLead(key, 'G-SYSTEM-1', { FULL_NAME: 'Once Only', PHONE_NUMBER: '+6281200000001', EMAIL: 'once@system.test' });
      // The same delivery reaches both processes (a gateway retry): still one lead, one assignment.
      const [r1, r2] = await Promise.all([post(a.url, '/api/crm/webhooks/google', lead), post(b.url, '/api/crm/webhooks/google', lead)]);
      expect([r1.status, r2.status]).to.deep.equal([200, 200]);
      const found = await until(
        async () => {
          const res = await json(await fetch(`${b.url}/api/crm/leads?search=once@system.test`, { headers: auth }));
          return res.body.data as { total: number; items: Array<{ id: string; assigned_to: string }> };
        },
        (d) => d.total >= 1 && Boolean(d.items[0]?.assigned_to),
      );
      expect(found.total).to.equal(1);
      expect(found.items[0]!.assigned_to).to.equal(memberId);
      await new Promise((r) => setTimeout(r, 1500));
      const detail = await json(await fetch(`${a.url}/api/crm/leads/${found.items[0]!.id}`, { headers: auth }));
      const history = (detail.body.data as { history: Array<{ type?: string; assigned_to?: string; to_assigned_to?: string }> }).history;
      expect(history.filter((e) => JSON.stringify(e).includes(memberId))).to.have.length(1);
    } finally {
      await Promise.all([a.stop(), b.stop(), worker.stop()]);
    }
  });
});
