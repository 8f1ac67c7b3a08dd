import { expect } from 'chai';
import autocannon from 'autocannon';
import pg from 'pg';
import { json, post, deploymentEnv, startApi, startWorker, TcpProxy, until, type ServiceProcess } from './support/processes.js';
import { googleLead } from '../support/crm.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Issue 29, "Nothing acknowledged is lost": a dependency that is away answers 503, never 500, and
 * costs no acknowledged work. Outages are a TCP proxy cut (the shared servers are never stopped)
 * or a role's connection limit (exhaustion), on a database of the test's own.
 */

const viaProxy = (url: string, proxyPort: number) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxyPort);
  return u.toString();
};

async function asSuperuser<T>(work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(process.env.DATABASE_URL!);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function loginRoot(api: ServiceProcess, env: Record<string, string>) {
  const res = await json(await post(api.url, '/api/auth/login', { email: env.ROOT_ADMIN_EMAIL, password: env.ROOT_ADMIN_PASSWORD }));
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return { Authorization: `Bearer ${(res.body.data as { access_token: string }).access_token}` };
}

describe('system: outages answer 503 and lose nothing acknowledged', function () {
  this.timeout(120_000);

  it('an API process started while PostgreSQL is away waits for it (logged) and serves once it is back', async () => {
    const env = await deploymentEnv({ LOG_LEVEL: 'warn' });
    const target = new URL(env.DATABASE_URL!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    await proxy.cut();
    const output: string[] = [];
    const starting = startApi({ ...env, DATABASE_URL: viaProxy(env.DATABASE_URL!, port) }, output);
    let api: ServiceProcess | null = null;
    try {
      const waiting = await until(
        async () => output.join('').split('database unavailable at start-up; waiting').length - 1,
        (n) => n >= 2,
        60_000,
      );
      expect(waiting, output.join('')).to.be.at.least(2);
      await proxy.restore();
      api = await starting;
      await loginRoot(api, env);
    } finally {
      await (api ?? (await starting.catch(() => null)))?.stop();
      await proxy.close();
    }
  });

  it('answers 503, never 500, while the database has no connection left or terminates ours, and recovers', async () => {
    const env = await deploymentEnv({ DATABASE_POOL_MAX: '3' });
    const database = new URL(env.DATABASE_URL!).pathname.slice(1);
    const role = `${database}_app`;
    await asSuperuser(async (c) => {
      await c.query(`create role "${role}" login password 'outage'`);
      await c.query(`alter database "${database}" owner to "${role}"`);
    });
    const url = new URL(env.DATABASE_URL!);
    url.username = role;
    url.password = 'outage';
    const api = await startApi({ ...env, DATABASE_URL: url.toString() });
    try {
      const auth = await loginRoot(api, env);
      const register = (n: number) =>
        post(api.url, '/api/auth/register', {
          username: `outage${n}`,
          display_name: 'Outage',
          email: `outage-${n}@system.test`,
          password: 'outage password',
        });
      expect((await fetch(`${api.url}/api/user/self`, { headers: auth })).status).to.equal(200);

      // No connection left for the role (53300), and the ones it holds are terminated (57P01).
      await asSuperuser(async (c) => {
        await c.query(`alter role "${role}" connection limit 0`);
        await c.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [role]);
      });
      const statuses: number[] = [];
      const bodies: string[] = [];
      for (let i = 0; i < 6; i++) {
        for (const res of [
          await fetch(`${api.url}/api/user/self`, { headers: auth }),
          await register(i),
          await post(api.url, '/api/auth/login', { email: env.ROOT_ADMIN_EMAIL, password: env.ROOT_ADMIN_PASSWORD }),
        ]) {
          statuses.push(res.status);
          bodies.push(await res.text());
        }
      }
      expect([...new Set(statuses)], bodies.join('\n')).to.deep.equal([503]);
      expect(JSON.parse(bodies[0]!).message).to.equal('Service unavailable');
      const output = api.output.join('');
      expect(output).not.to.include('unhandled error');

      await asSuperuser((c) => c.query(`alter role "${role}" connection limit -1`));
      const back = await until(
        () => fetch(`${api.url}/api/user/self`, { headers: auth }).then((r) => r.status),
        (s) => s === 200,
      );
      expect(back).to.equal(200);
    } finally {
      await api.stop();
      await asSuperuser(async (c) => {
        await c.query(`alter database "${database}" owner to current_user`);
        await c.query(`drop owned by "${role}"`, []).catch(() => undefined);
      }, database).catch(() => undefined);
      await asSuperuser((c) => c.query(`drop role if exists "${role}"`)).catch(() => undefined);
    }
  });

  it('fails open fast while Redis is away: every read answers within 1 s, and the outage logs one warning', async () => {
    const env = await deploymentEnv({ LOG_LEVEL: 'info', RATE_LIMIT_ON_STORE_FAILURE: 'open' });
    const target = new URL(env.REDIS_URL!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    const port = await proxy.start();
    const api = await startApi({ ...env, REDIS_URL: viaProxy(env.REDIS_URL!, port) });
    try {
      const auth = await loginRoot(api, env);
      await proxy.cut();
      const slow: string[] = [];
      for (let i = 0; i < 12; i++) {
        for (const path of ['/api/user/self', '/api/lms/courses', '/api/settings']) {
          const started = Date.now();
          const res = await fetch(`${api.url}${path}`, { headers: auth });
          const ms = Date.now() - started;
          if (res.status !== 200 || ms >= 1000) slow.push(`${path}: ${res.status} in ${ms} ms`);
        }
      }
      expect(slow).to.deep.equal([]);
      // One warning for the outage, whatever the requests and reconnection tries meanwhile. It is
      // logged on ioredis's first failed reconnection, which may come after the reads above.
      const warnings = () =>
        api.output
          .join('')
          .split('\n')
          .filter((line) => line.includes('"level":40'));
      await until(
        async () => warnings().length,
        (n) => n > 0,
        5_000,
      );
      expect(warnings()).to.have.length(1);
      expect(warnings()[0]).to.include('redis unavailable');
      await proxy.restore();
      const back = await until(
        async () => api.output.join('').includes('redis available again'),
        (b) => b,
        30_000,
      );
      expect(back).to.equal(true);
      expect((await fetch(`${api.url}/api/user/self`, { headers: auth })).status).to.equal(200);
      expect(warnings()).to.have.length(1);
    } finally {
      await api.stop();
      await proxy.close();
    }
  });

  it('keeps leads, outbound deliveries and mails acknowledged during a PostgreSQL outage longer than all their tries: all done after it', async () => {
    const receiver = await new WebhookReceiver().start();
    const env = await deploymentEnv({
      WEBHOOK_ALLOW_PRIVATE: 'true',
      CRM_INGEST_ATTEMPTS: '4',
      CRM_INGEST_BACKOFF_MS: '100',
      WEBHOOK_ATTEMPTS: '2',
      WEBHOOK_BACKOFF_MS: '100',
    });
    const target = new URL(env.DATABASE_URL!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    // The API reaches PostgreSQL directly and acknowledges; only the worker meets the outage.
    const api = await startApi(env);
    const worker = await startWorker({ ...env, DATABASE_URL: viaProxy(env.DATABASE_URL!, port) });
    try {
      const auth = await loginRoot(api, env);
      const key = `outage-${Date.now()}`;
      expect(
        (
          await fetch(`${api.url}/api/crm/integrations/google`, {
            method: 'PUT',
            headers: { ...auth, 'Content-Type': 'application/json' },
            body: JSON.stringify({ webhook_key: key, enabled: true }),
          })
        ).status,
      ).to.equal(200);
      expect(
        (
          await fetch(`${api.url}/api/settings`, {
            method: 'PUT',
            headers: { ...auth, 'Content-Type': 'application/json' },
            body: JSON.stringify({ EmailVerificationEnabled: true }),
          })
        ).status,
      ).to.equal(200);
      const endpoint = await json(await post(api.url, '/api/webhooks/endpoints', { url: receiver.url, events: ['lead.created'] }, auth));
      expect(endpoint.status, JSON.stringify(endpoint.body)).to.equal(200);

      await proxy.cut();
      for (let i = 0; i < 10; i++) {
        const res = await post(
          api.url,
          '/api/crm/webhooks/google',
          googleLead(key, `G-OUTAGE-${i}`, { FULL_NAME: `Outage ${i}`, EMAIL: `lead${i}@outage.test` }),
        );
        expect(res.status).to.equal(200);
      }
      const manual = await json(await post(api.url, '/api/crm/leads', { name: 'Typed In During Outage' }, auth));
      expect(manual.status).to.equal(200);
      const manualId = (manual.body.data as { id: string }).id;
      expect((await post(api.url, '/api/auth/verification-code', { email: 'mail@outage.test' })).status).to.equal(200);
      // Far longer than every try of every job (ingest: 100 + 200 + 400 ms; webhook: 100 ms; mail: 2 + 4 + 8 + 16 s is not reached).
      await new Promise((r) => setTimeout(r, 6000));
      const waiting = await json(await fetch(`${api.url}/api/crm/webhook-deliveries?status=failed`, { headers: auth }));
      expect((waiting.body.data as { total: number }).total).to.equal(0);
      await proxy.restore();
      const restoredAt = Date.now();

      const leads = await until(
        async () => {
          const res = await json(await fetch(`${api.url}/api/crm/leads?search=outage.test&page_size=50`, { headers: auth }));
          return (res.body.data as { total: number }).total;
        },
        (n) => n === 10,
        60_000,
      );
      expect(leads, `worker output: ${worker.output.join('').slice(-1500)}`).to.equal(10);
      const delivered = await until(
        async () => receiver.received.some((r) => r.body.includes(manualId)),
        (b) => b,
        60_000 - (Date.now() - restoredAt),
      );
      expect(delivered).to.equal(true);
      const mail = await until(
        async () => {
          const outbox = await json(await fetch(`${api.url}/api/email/outbox?to=mail@outage.test`, { headers: auth }));
          return (outbox.body.data as { items: Array<{ status: string }> }).items[0]?.status ?? '';
        },
        (st) => st === 'stored',
        Math.max(1000, 60_000 - (Date.now() - restoredAt)),
      );
      expect(mail).to.equal('stored');
      const failed = await json(await fetch(`${api.url}/api/crm/webhook-deliveries?status=failed`, { headers: auth }));
      expect((failed.body.data as { total: number }).total).to.equal(0);
    } finally {
      await Promise.all([api.stop(), worker.stop()]);
      await proxy.close();
      await receiver.stop();
    }
  });

  it('drains on SIGTERM under keep-alive load (autocannon, 40 connections): no client error, exit 0', async () => {
    const env = await deploymentEnv({ SHUTDOWN_DRAIN_MS: '4000' });
    const api = await startApi(env);
    // Clients behind a load balancer leave within the lame-duck period (the balancer stops sending
    // to a draining backend): every answer meanwhile closes its connection, none is cut.
    const load = autocannon({ url: `${api.url}/api/settings`, connections: 40, duration: 3 });
    await new Promise((r) => setTimeout(r, 800));
    const exited = api.stop('SIGTERM');
    const result = await load;
    expect({ errors: result.errors, timeouts: result.timeouts, resets: result.resets, non2xx: result.non2xx }).to.deep.equal({
      errors: 0,
      timeouts: 0,
      resets: 0,
      non2xx: 0,
    });
    expect(result.requests.total).to.be.greaterThan(100);
    expect(await exited).to.equal(0);
  });
});
