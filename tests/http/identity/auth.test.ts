import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { harness, extraApplication, TEST_PASSWORD, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import supertest from 'supertest';

describe('HTTP auth: login, refresh, logout', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const login = (headers: Record<string, string>, email: string, password: string) =>
    h.http.post('/api/auth/login').set(headers).send({ email, password });

  it('logs in with the spec data shape and a session cookie', async () => {
    const t = await h.tenant();
    const u = await h.user(t, Role.Student);
    const res = await login(t.headers, u.email, TEST_PASSWORD);
    expect(res.status).to.equal(200);
    expect(res.body.success).to.equal(true);
    expect(res.body.data.user).to.deep.equal({ id: u.id, email: u.email, display_name: u.user.displayName, role: 1, status: 1 });
    expect(res.body.data.access_token).to.be.a('string');
    expect(res.body.data.refresh_token).to.be.a('string');
    const claims = jwt.decode(res.body.data.access_token) as Record<string, unknown>;
    expect(claims).to.include({ id: u.id, role: 1, tid: t.id, typ: 'access', iss: 'lms-crm-service' });
    expect(Number(claims.exp) - Number(claims.iat)).to.equal(300);
    expect(res.body.data).to.include({ expires_in: 300, refresh_expires_in: 7 * 24 * 3600 });
    const refreshClaims = jwt.decode(res.body.data.refresh_token) as Record<string, unknown>;
    expect(Number(refreshClaims.exp) - Number(refreshClaims.iat)).to.equal(7 * 24 * 3600);
    expect(String(res.headers['set-cookie'])).to.match(/lms_session=.+httponly/i);
  });

  it('refuses a wrong password and an unknown email with the same 400', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const wrong = await login(t.headers, u.email, 'not the password');
    const unknown = await login(t.headers, 'nobody@example.test', TEST_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ success: false, message: 'Invalid parameters', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('refuses a deactivated account with 403 after the password check', async () => {
    const t = await h.tenant();
    const u = await h.user(t, Role.Student, { status: 2 });
    const res = await login(t.headers, u.email, TEST_PASSWORD);
    expect(res.status).to.equal(403);
    expect(res.body.message).to.match(/^Your account has been deactivated/);
    // Order of checks: a wrong password on a deactivated account is still only "Invalid parameters".
    expect((await login(t.headers, u.email, 'wrong password')).status).to.equal(400);
  });

  it('refuses password login when the setting is off (400), after the other checks', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const u = await h.user(t);
    await h.http.put('/api/settings').set(admin.headers).send({ PasswordLoginEnabled: false }).expect(200);
    const res = await login(t.headers, u.email, TEST_PASSWORD);
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/^Password login has been disabled/);
    expect((await login(t.headers, u.email, 'wrong password')).body.message).to.equal('Invalid parameters');
  });

  it('answers Unauthorized without a token and Invalid token for a tampered, wrong-issuer or refresh token', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const none = await h.http.get('/api/user/self').set(t.headers);
    expect(none.status).to.equal(401);
    expect(none.body).to.deep.equal({ success: false, message: 'Unauthorized', code: 'UNAUTHORIZED' });

    const [head, payload, sig] = u.token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...(jwt.decode(u.token) as object), role: 100 })).toString('base64url');
    const secret = h.resolve<string>('jwtSecret');
    const claims = jwt.decode(u.token) as Record<string, unknown>;
    const wrongIssuer = jwt.sign({ ...claims, iss: 'someone-else' }, secret, { algorithm: 'HS256', noTimestamp: true });
    const noneAlg = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const token of [`${head}.${forged}.${sig}`, wrongIssuer, noneAlg, u.refreshToken, 'garbage']) {
      const res = await h.http.get('/api/user/self').set({ ...t.headers, Authorization: `Bearer ${token}` });
      expect(res.status, token).to.equal(401);
      expect(res.body.message).to.equal('Invalid token');
    }
  });

  it('answers 401 for an expired access token (clock moved past 5 minutes)', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    await h.http.get('/api/user/self').set(u.headers).expect(200);
    h.clock.advance(5 * 60 * 1000 + 1000);
    try {
      const res = await h.http.get('/api/user/self').set(u.headers);
      expect(res.status).to.equal(401);
      expect(res.body.message).to.equal('Unauthorized');
    } finally {
      h.clock.reset();
    }
  });

  it('rotates refresh tokens on both paths, and reuse revokes the whole family', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const first = await h.http.post('/api/auth/refresh').set(t.headers).send({ refresh_token: u.refreshToken });
    expect(first.status).to.equal(200);
    const { access_token, refresh_token } = first.body.data;
    expect(first.body.data).to.include({ expires_in: 300, refresh_expires_in: 7 * 24 * 3600 });
    expect(refresh_token).to.not.equal(u.refreshToken);
    const second = await h.http.post('/api/auth/refresh-token').set(t.headers).send({ refresh_token });
    expect(second.status).to.equal(200);

    // Replay of the first (already used) token: 401 and the family is gone.
    const replay = await h.http.post('/api/auth/refresh').set(t.headers).send({ refresh_token: u.refreshToken });
    expect(replay.status).to.equal(401);
    expect(replay.body.message).to.equal('Invalid token');
    expect((await h.http.post('/api/auth/refresh').set(t.headers).send({ refresh_token: second.body.data.refresh_token })).status).to.equal(
      401,
    );
    expect((await h.http.get('/api/user/self').set({ ...t.headers, Authorization: `Bearer ${access_token}` })).status).to.equal(401);
    expect(
      (await h.http.get('/api/user/self').set({ ...t.headers, Authorization: `Bearer ${second.body.data.access_token}` })).status,
    ).to.equal(401);

    const admin = await h.user(t, Role.Admin);
    const audit = await h.http.get('/api/audit-logs').query({ action: 'auth.refresh_reuse' }).set(admin.headers);
    expect(audit.body.data.items.map((e: { user_id: string }) => e.user_id)).to.include(u.id);
  });

  it('lets exactly one of 10 concurrent refreshes of one token succeed', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => h.http.post('/api/auth/refresh').set(t.headers).send({ refresh_token: u.refreshToken })),
    );
    expect(results.filter((r) => r.status === 200)).to.have.length(1);
    expect(results.filter((r) => r.status === 401)).to.have.length(9);
  });

  it('never accepts an access token as a refresh token', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const res = await h.http.post('/api/auth/refresh').set(t.headers).send({ refresh_token: u.token });
    expect(res.status).to.equal(401);
  });

  it('logs out with a bearer token (POST) revoking its access and refresh tokens', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const res = await h.http.post('/api/auth/logout').set(u.headers);
    expect(res.status).to.equal(200);
    expect(res.body.success).to.equal(true);
    expect((await h.http.get('/api/user/self').set(u.headers)).status).to.equal(401);
    expect((await h.http.post('/api/auth/refresh').set(t.headers).send({ refresh_token: u.refreshToken })).status).to.equal(401);
    // Logging out again, or with nothing, is still 200.
    expect((await h.http.get('/api/auth/logout').set(u.headers)).status).to.equal(200);
    expect((await h.http.get('/api/auth/logout')).status).to.equal(200);
  });

  it("keeps each device's login separate", async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const other = await login(t.headers, u.email, TEST_PASSWORD);
    await h.http.post('/api/auth/logout').set(u.headers).expect(200);
    const res = await h.http.get('/api/user/self').set({ ...t.headers, Authorization: `Bearer ${other.body.data.access_token}` });
    expect(res.status).to.equal(200);
  });

  it('authenticates by session cookie, guards cookie writes against CSRF, and GET logout destroys the session', async () => {
    const t = await h.tenant();
    const u = await h.user(t);
    const agent = supertest.agent(h.app.callback);
    await agent.post('/api/auth/login').set(t.headers).send({ email: u.email, password: TEST_PASSWORD }).expect(200);
    const self = await agent.get('/api/user/self').set(t.headers);
    expect(self.status).to.equal(200);
    expect(self.body.data.id).to.equal(u.id);
    const csrf = await agent.put('/api/user/self').set(t.headers).send({ display_name: 'Forged' });
    expect(csrf.status).to.equal(403);
    const okWrite = await agent
      .put('/api/user/self')
      .set({ ...t.headers, 'X-Requested-With': 'XMLHttpRequest' })
      .send({ display_name: 'Mine' });
    expect(okWrite.status).to.equal(200);
    expect(okWrite.body.data.display_name).to.equal('Mine');
    await agent.get('/api/auth/logout').set(t.headers).expect(200);
    expect((await agent.get('/api/user/self').set(t.headers)).status).to.equal(401);
  });

  it('refuses a tenant-A token in tenant B with 403, and keeps tenant-A records out of tenant B', async () => {
    const a = await h.tenant();
    const b = await h.tenant();
    const adminA = await h.user(a, Role.Admin);
    const studentA = await h.user(a);
    const res = await h.http.get('/api/user/self').set({ ...b.headers, Authorization: `Bearer ${adminA.token}` });
    expect(res.status).to.equal(403);
    const adminB = await h.user(b, Role.Admin);
    expect((await h.http.get(`/api/users/${studentA.id}/detail`).set(adminB.headers)).status).to.equal(404);
    const list = await h.http.get('/api/users').set(adminB.headers).query({ page_size: 100 });
    expect(list.body.data.items.map((x: { id: string }) => x.id)).to.not.include(studentA.id);
    // The same email may exist in two tenants; each login lands in its own tenant.
    expect((await login(a.headers, studentA.email, TEST_PASSWORD)).status).to.equal(200);
    expect((await login(b.headers, studentA.email, TEST_PASSWORD)).status).to.equal(400);
  });

  it('answers 404 Tenant not found for an unknown tenant', async () => {
    const res = await h.http.get('/api/settings').set('X-Tenant-ID', 'no-such-tenant');
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({ success: false, message: 'Tenant not found', code: 'UNKNOWN_TENANT' });
  });

  it('answers the 21st login of a minute from one IP with 429', async () => {
    const app = await extraApplication({ RATE_LIMIT_CRITICAL: '20' });
    try {
      const http = supertest(app.callback);
      const t = await h.tenant();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push((await http.post('/api/auth/login').set(t.headers).send({ email: 'x@example.test', password: 'whatever1' })).status);
      expect(statuses.slice(0, 20).every((s) => s === 400)).to.equal(true);
      expect(statuses[20]).to.equal(429);
      const res = await http.post('/api/auth/login').set(t.headers).send({ email: 'x@example.test', password: 'whatever1' });
      expect(res.body).to.include({ success: false, message: 'Rate limit exceeded' });
      expect(Number(res.headers['retry-after'])).to.be.greaterThan(0);
    } finally {
      await app.close();
    }
  });
});
