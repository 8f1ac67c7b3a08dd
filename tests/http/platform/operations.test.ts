import { expect } from 'chai';
import type { Lifecycle } from '../../../infrastructure/lifecycle.js';
import { extraApplication, harness, type Harness } from '../../support/harness.js';

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
