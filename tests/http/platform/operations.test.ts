import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import supertest from 'supertest';
import type { Lifecycle } from '../../../infrastructure/lifecycle.js';
import { DELIVER_WEBHOOK_JOB } from '../../../application/webhooks/ports.js';
import { extraApplication, harness, type Harness } from '../../support/harness.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const TOKEN = 'metrics-token-for-the-test';

/** The value of one sample line of the exposition (`name{labels} value`), or undefined. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('operations: liveness and readiness', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('GET /health/live answers 200 without checking anything', async () => {
    const res = await h.http.get('/health/live');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'ok' });
    expect(res.headers['cache-control']).to.equal('no-store');
  });

  it('GET /health/ready answers 200 when the database, Redis (when configured) and migrations are ready', async () => {
    const res = await h.http.get('/health/ready');
    expect(res.status).to.equal(200);
    const checks: Record<string, string> = { database: 'ok', migrations: 'ok', serving: 'ok' };
    if (process.env.REDIS_URL) checks.redis = 'ok';
    expect(res.body).to.deep.equal({ status: 'ready', checks, failed: [] });
  });

  it('GET /health/ready answers 503 naming the migrations when one has not run', async () => {
    const knex = h.app.db.knex;
    const [last] = await knex('knex_migrations').orderBy('id', 'desc').limit(1);
    await knex('knex_migrations').where({ id: last.id }).delete().returning('id');
    try {
      const res = await h.http.get('/health/ready');
      expect(res.status).to.equal(503);
      expect(res.body.status).to.equal('unavailable');
      expect(res.body.failed).to.deep.equal(['migrations']);
      expect(res.body.checks).to.include({ database: 'ok', migrations: 'failed' });
    } finally {
      await knex('knex_migrations').insert(last);
    }
  });

  it('GET /health/ready answers 503 naming `serving` once shutdown has begun, while /health/live still answers', async () => {
    const app = await extraApplication({});
    try {
      await app.container.resolve<Lifecycle>('lifecycle').shutdown();
      const http = h.agent(app);
      const ready = await http.get('/health/ready');
      expect(ready.status).to.equal(503);
      expect(ready.body.failed).to.deep.equal(['serving']);
      expect((await http.get('/health/live')).status).to.equal(200);
    } finally {
      await app.close();
    }
  });

  it('the OpenAPI document declares both probes', async () => {
    const doc = (await h.http.get('/api/openapi.json')).body;
    expect(doc.paths['/health/ready'].get.responses).to.have.keys('200', '503');
    expect(doc.paths['/health/live'].get.responses).to.have.keys('200');
  });
});

describe('operations: Prometheus metrics', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('serves no /metrics unless METRICS_TOKEN or METRICS_PORT is set', async () => {
    expect((await h.http.get('/metrics')).status).to.equal(404);
    expect(h.app.metrics).to.equal(null);
  });

  it(
    'GET /metrics refuses a missing or wrong token, and after traffic shows request histograms by route template, pool ' +
      'and queue gauges, job histograms and rate-limit refusals',
    async () => {
      // Its own queue and worker, so its jobs are timed by this application's metrics.
      const app = await extraApplication(
        { METRICS_TOKEN: TOKEN, RATE_LIMIT_GLOBAL: '3', QUEUE_PREFIX: `ops-${randomUUID().slice(0, 8)}` },
        {},
        { runWorkers: true },
      );
      try {
        const http = h.agent(app);
        expect((await http.get('/metrics')).status).to.equal(401);
        expect((await http.get('/metrics').set('Authorization', `Bearer ${TOKEN}x`)).status).to.equal(401);

        expect((await http.get('/api/regions/regencies/32')).status).to.equal(200);
        expect((await http.get('/api/regions/regencies/33')).status).to.equal(200);
        expect((await http.get('/api/regions/regencies/34')).status).to.equal(200);
        expect((await http.get('/api/regions/regencies/35')).status).to.equal(429);
        await app.jobQueue.enqueue(DELIVER_WEBHOOK_JOB, { tenantId: randomUUID(), deliveryId: randomUUID() });
        await app.jobQueue.whenIdle();

        const res = await http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
        expect(res.status).to.equal(200);
        expect(res.headers['content-type']).to.match(/^text\/plain/);
        const text = res.text;
        expect(
          sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/regions/regencies/:provinceID",status="200"}'),
        ).to.equal(3);
        expect(
          sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/regions/regencies/:provinceID",status="429"}'),
        ).to.equal(1);
        expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/metrics",status="401"}')).to.equal(2);
        expect(text, 'never the raw path').to.not.contain('route="/api/regions/regencies/32"');
        expect(sample(text, 'rate_limit_refusals_total{limiter="global"}')).to.equal(1);
        for (const state of ['in_use', 'idle', 'waiting'])
          expect(sample(text, `db_pool_connections{state="${state}"}`), state).to.be.a('number');
        const queue = process.env.REDIS_URL ? 'jobs' : 'in-process';
        expect(sample(text, `jobs{queue="${queue}",state="waiting"}`)).to.equal(0);
        expect(sample(text, `jobs{queue="${queue}",state="active"}`)).to.be.a('number');
        expect(sample(text, `job_duration_seconds_count{job="${DELIVER_WEBHOOK_JOB}",outcome="completed"}`)).to.equal(1);
        expect(sample(text, 'webhook_delivery_jobs_total{outcome="completed"}')).to.equal(1);
        expect(text, "Node's default metrics").to.contain('process_cpu_user_seconds_total');
      } finally {
        await app.close();
      }
    },
  );

  it('METRICS_PORT serves the same metrics on their own port, without a token, and not on the API port', async () => {
    const port = await freePort();
    const app = await extraApplication({ METRICS_PORT: String(port), HOST: '127.0.0.1' });
    try {
      expect((await h.agent(app).get('/metrics')).status).to.equal(404);
      await supertest(app.callback).get('/health/live');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).to.equal(200);
      expect(await res.text()).to.contain('http_request_duration_seconds_count{method="GET",route="/health/live",status="200"} 1');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).to.equal(404);
    } finally {
      await app.close();
    }
    let refused = false;
    await fetch(`http://127.0.0.1:${port}/metrics`).catch(() => (refused = true));
    expect(refused, 'the metrics port closes with the application').to.equal(true);
  });
});
