import { expect } from 'chai';
import { deploymentEnv, startApi, TcpProxy } from './support/processes.js';

const viaProxy = (url: string, proxyPort: number) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxyPort);
  return u.toString();
};

interface Readiness {
  status: number;
  body: { status: string; checks: Record<string, string>; failed: string[] };
}

const readiness = async (url: string): Promise<Readiness> => {
  const res = await fetch(`${url}/health/ready`);
  return { status: res.status, body: (await res.json()) as Readiness['body'] };
};

async function until(probe: () => Promise<Readiness>, ok: (r: Readiness) => boolean, timeoutMs = 20_000): Promise<Readiness> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!ok(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    last = await probe();
  }
  return last;
}

describe('system: operations', function () {
  this.timeout(180_000);

  // The machine's shared PostgreSQL and Redis are never stopped: this process reaches them
  // through its own proxies, and cutting a proxy is, for it, the server going away.
  it('/health/ready answers 503 naming the database, then Redis, while each is away, and 200 once it is back; /health/live answers throughout', async () => {
    const env = await deploymentEnv();
    const pgTarget = new URL(env.DATABASE_URL!);
    const redisTarget = new URL(env.REDIS_URL!);
    const pgProxy = new TcpProxy(pgTarget.hostname, Number(pgTarget.port || 5432));
    const redisProxy = new TcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
    const api = await startApi({
      ...env,
      DATABASE_URL: viaProxy(env.DATABASE_URL!, await pgProxy.start()),
      REDIS_URL: viaProxy(env.REDIS_URL!, await redisProxy.start()),
    });
    try {
      expect(await readiness(api.url)).to.deep.equal({ status: 200, body: { status: 'ready', checks: { database: 'ok', redis: 'ok', migrations: 'ok', serving: 'ok' }, failed: [] } });

      await pgProxy.cut();
      const noDatabase = await readiness(api.url);
      expect(noDatabase.status).to.equal(503);
      expect(noDatabase.body.failed).to.include('database').and.not.include('redis');
      expect((await fetch(`${api.url}/health/live`)).status).to.equal(200);
      await pgProxy.restore();
      expect((await until(() => readiness(api.url), (r) => r.status === 200)).body.failed).to.deep.equal([]);

      await redisProxy.cut();
      const noRedis = await readiness(api.url);
      expect(noRedis.status).to.equal(503);
      expect(noRedis.body.failed).to.deep.equal(['redis']);
      expect((await fetch(`${api.url}/health/live`)).status).to.equal(200);
      await redisProxy.restore();
      expect((await until(() => readiness(api.url), (r) => r.status === 200)).body.failed).to.deep.equal([]);
    } finally {
      await api.stop();
      await pgProxy.close();
      await redisProxy.close();
    }
  });
});
