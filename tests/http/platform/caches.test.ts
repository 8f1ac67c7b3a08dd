import { expect } from 'chai';
import supertest from 'supertest';
import { Role } from '../../../domain/identity/role.js';
import type { CacheInvalidationBus } from '../../../adapters/cache/cache-invalidation-bus.js';
import { extraApplication, harness, type Harness } from '../../support/harness.js';

/**
 * Cached values (tenant resolutions, settings, verified tokens) never outlive a change in the
 * process that made it; another process hears of it through Redis, or reads it once the entry's
 * time to live (5 s) has passed on the clock.
 */
describe('HTTP caches: a change counts from the very next request', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('refuses a disabled tenant on the very next request, and serves it again once enabled', async () => {
    const root = await h.user(await h.defaultTenant(), Role.SuperAdmin);
    const t = await h.tenant();
    const student = await h.user(t);
    expect((await h.http.get('/api/user/self').set(student.headers)).status).to.equal(200);
    expect((await h.http.put(`/api/tenants/${t.id}`).set(root.headers).send({ status: 'disabled' })).status).to.equal(200);
    const refused = await h.http.get('/api/user/self').set(student.headers);
    expect(refused.status).to.equal(404);
    expect(refused.body.message).to.equal('Tenant not found');
    expect((await h.http.put(`/api/tenants/${t.id}`).set(root.headers).send({ status: 'active' })).status).to.equal(200);
    expect((await h.http.get('/api/user/self').set(student.headers)).status).to.equal(200);
  });

  it('refuses a deactivated user on the very next request, with the same still-valid access token', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    expect((await h.http.get('/api/user/self').set(student.headers)).status).to.equal(200);
    expect((await h.http.put(`/api/users/${student.id}/status`).set(admin.headers).send({ status: 2 })).status).to.equal(200);
    expect((await h.http.get('/api/user/self').set(student.headers)).status).to.equal(401);
  });

  it('reads changed settings on the very next request', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const read = async () => (await h.http.get('/api/settings').set(t.headers)).body.data as Record<string, unknown>;
    const before = await read();
    const flipped = !(before.RegisterEnabled as boolean);
    expect((await h.http.put('/api/settings').set(admin.headers).send({ RegisterEnabled: flipped })).status).to.equal(200);
    expect((await read()).RegisterEnabled).to.equal(flipped);
  });

  it('tells another process at once through Redis; without Redis it reads the change within the time to live', async () => {
    const root = await h.user(await h.defaultTenant(), Role.SuperAdmin);
    const t = await h.tenant();
    const student = await h.user(t);
    const other = await extraApplication({});
    try {
      const elsewhere = () => supertest(other.callback).get('/api/user/self').set(student.headers);
      expect((await elsewhere()).status).to.equal(200);
      // What the other process's bus hears of the tenants cache (nothing without Redis).
      const heard = new Promise<void>((resolve) =>
        other.container.resolve<CacheInvalidationBus>('cacheBus').listen((cache) => cache === 'tenants' && resolve()),
      );
      expect((await h.http.put(`/api/tenants/${t.id}`).set(root.headers).send({ status: 'disabled' })).status).to.equal(200);
      if (process.env.REDIS_URL) {
        await heard;
        expect((await elsewhere()).status).to.equal(404);
      } else {
        expect((await elsewhere()).status, 'still cached there, for at most 5 s').to.equal(200);
        h.clock.advance(5_001);
        expect((await elsewhere()).status).to.equal(404);
      }
    } finally {
      h.clock.reset();
      await other.close();
    }
  });
});
