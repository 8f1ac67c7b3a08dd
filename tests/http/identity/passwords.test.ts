import { expect } from 'chai';
import supertest from 'supertest';
import { Role } from '../../../domain/identity/role.js';
import { extraApplication, harness, TEST_PASSWORD, type Harness, type TestTenant, type TestUser } from '../../support/harness.js';

const MIN = 60_000;

describe('HTTP identity: passwords are changed, recovered and set by admins', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const login = (t: TestTenant, email: string, password: string) => h.http.post('/api/auth/login').set(t.headers).send({ email, password });
  const refresh = (t: TestTenant, token: string) => h.http.post('/api/auth/refresh').set(t.headers).send({ refresh_token: token });
  const resetMails = async (t: TestTenant, u: TestUser) => (await h.mailsTo(t, u.email)).filter((m) => m.template === 'password_reset');
  const tokenOf = (text: string | null) => /token=([0-9a-f]{64})/.exec(text ?? '')![1]!;

  it('PUT /api/user/self/password: wrong current 400, short new 400, success ends every other login (tokens and sessions) but this one; audited', async () => {
    const t = await h.tenant();
    const u = await h.user(t, Role.Student);
    const other = await login(t, u.email, TEST_PASSWORD);
    expect(other.status).to.equal(200);
    const cookie = other.headers['set-cookie'] as unknown as string[];

    const wrong = await h.http
      .put('/api/user/self/password')
      .set(u.headers)
      .send({ current_password: 'not my password', new_password: 'a brand new secret' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body).to.include({ success: false, message: 'Current password is incorrect' });
    const short = await h.http
      .put('/api/user/self/password')
      .set(u.headers)
      .send({ current_password: TEST_PASSWORD, new_password: 'short' });
    expect(short.status).to.equal(400);
    expect(short.body.message).to.equal('Invalid parameters');
    expect(short.body.error).to.match(/^new_password/);
    expect((await login(t, u.email, TEST_PASSWORD)).status, 'nothing changed yet').to.equal(200);

    const changed = await h.http
      .put('/api/user/self/password')
      .set(u.headers)
      .send({ current_password: TEST_PASSWORD, new_password: 'a brand new secret' });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect(changed.body).to.deep.equal({ success: true, message: 'Password changed', data: null });
    // This login goes on; the other one (its refresh token, its access token and its session) ended.
    expect((await h.http.get('/api/user/self').set(u.headers)).status).to.equal(200);
    expect((await refresh(t, u.refreshToken)).status).to.equal(200);
    expect((await refresh(t, other.body.data.refresh_token)).status).to.equal(401);
    expect(
      (await h.http.get('/api/user/self').set({ ...t.headers, Authorization: `Bearer ${other.body.data.access_token}` })).status,
    ).to.equal(401);
    expect((await h.http.get('/api/user/self').set(t.headers).set('Cookie', cookie)).status).to.equal(401);
    expect((await login(t, u.email, TEST_PASSWORD)).status).to.equal(400);
    expect((await login(t, u.email, 'a brand new secret')).status).to.equal(200);

    const admin = await h.user(t, Role.Admin);
    const audit = await h.http.get('/api/audit-logs').query({ user_id: u.id }).set(admin.headers);
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).to.include.members([
      'user.password_change',
      'user.password_change_failed',
    ]);
    expect(JSON.stringify(audit.body)).to.not.contain('a brand new secret');
  });

  it('a Super Admin changes their own password from any tenant', async () => {
    const home = await h.tenant();
    const root = await h.user(home, Role.SuperAdmin);
    const visited = await h.tenant();
    const res = await h.http
      .put('/api/user/self/password')
      .set({ ...visited.headers, Authorization: `Bearer ${root.token}` })
      .send({ current_password: TEST_PASSWORD, new_password: 'root changed it' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect((await login(visited, root.email, 'root changed it')).status).to.equal(200);
  });

  it('forgot-password answers the same for any address; the mailed token resets once, ends every login, and is withheld from the outbox listing', async () => {
    const t = await h.tenant();
    const u = await h.user(t, Role.Mentor);
    const admin = await h.user(t, Role.Admin);
    const known = await h.http.post('/api/auth/forgot-password').set(t.headers).send({ email: u.email.toUpperCase() });
    const unknown = await h.http.post('/api/auth/forgot-password').set(t.headers).send({ email: 'nobody-here@example.test' });
    expect(known.status).to.equal(200);
    expect(unknown.body).to.deep.equal(known.body);
    const bad = await h.http.post('/api/auth/forgot-password').set(t.headers).send({ email: 'not an email' });
    expect(bad.status).to.equal(400);

    const [mail] = await resetMails(t, u);
    expect(mail!.subject).to.contain('reset your password');
    const token = tokenOf(mail!.text);
    expect(mail!.text).to.contain(`/reset-password?token=${token}`);
    const outbox = await h.http.get('/api/email/outbox').query({ to: u.email }).set(admin.headers);
    const listed = outbox.body.data.items.find((m: { template: string }) => m.template === 'password_reset');
    expect(listed.text).to.match(/^\[withheld/);
    expect(JSON.stringify(outbox.body)).to.not.contain(token);

    const weak = await h.http.post('/api/auth/reset-password').set(t.headers).send({ token, new_password: 'short' });
    expect(weak.status).to.equal(400);
    const done = await h.http.post('/api/auth/reset-password').set(t.headers).send({ token, new_password: 'recovered password' });
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    expect(done.body.message).to.equal('Password reset');
    expect((await h.http.get('/api/user/self').set(u.headers)).status).to.equal(401);
    expect((await refresh(t, u.refreshToken)).status).to.equal(401);
    expect((await login(t, u.email, TEST_PASSWORD)).status).to.equal(400);
    expect((await login(t, u.email, 'recovered password')).status).to.equal(200);

    const again = await h.http.post('/api/auth/reset-password').set(t.headers).send({ token, new_password: 'once more please' });
    expect(again.status).to.equal(400);
    expect(again.body.message).to.equal('Reset token is invalid or expired');
    const unknownToken = await h.http
      .post('/api/auth/reset-password')
      .set(t.headers)
      .send({ token: 'a'.repeat(64), new_password: 'once more please' });
    expect(unknownToken.body).to.deep.equal(again.body);

    const audit = await h.http.get('/api/audit-logs').query({ action: 'auth.password_reset' }).set(admin.headers);
    expect(audit.body.data.items[0]).to.include({ user_id: u.id, resource_id: u.id });
  });

  it('a reset token expires after 30 minutes, and a newer one voids the older', async () => {
    const t = await h.tenant();
    const u = await h.user(t, Role.Student);
    await h.http.post('/api/auth/forgot-password').set(t.headers).send({ email: u.email }).expect(200);
    const first = tokenOf((await resetMails(t, u))[0]!.text);
    await h.http.post('/api/auth/forgot-password').set(t.headers).send({ email: u.email }).expect(200);
    const second = tokenOf((await resetMails(t, u)).map((m) => m.text).find((x) => !x!.includes(first))!);
    expect(
      (await h.http.post('/api/auth/reset-password').set(t.headers).send({ token: first, new_password: 'voided token pw' })).status,
    ).to.equal(400);
    h.clock.advance(30 * MIN);
    try {
      const expired = await h.http
        .post('/api/auth/reset-password')
        .set(t.headers)
        .send({ token: second, new_password: 'expired token pw' });
      expect(expired.status).to.equal(400);
      expect(expired.body.message).to.equal('Reset token is invalid or expired');
    } finally {
      h.clock.reset();
    }
    expect((await login(t, u.email, TEST_PASSWORD)).status).to.equal(200);
  });

  it('concurrent resets with one token: exactly one succeeds', async () => {
    const t = await h.tenant();
    const u = await h.user(t, Role.Student);
    await h.http.post('/api/auth/forgot-password').set(t.headers).send({ email: u.email }).expect(200);
    const token = tokenOf((await resetMails(t, u))[0]!.text);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.http
          .post('/api/auth/reset-password')
          .set(t.headers)
          .send({ token, new_password: `racing password ${i}` }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).to.deep.equal([200, 400, 400, 400, 400, 400]);
    const winner = answers.findIndex((r) => r.status === 200);
    expect((await login(t, u.email, `racing password ${winner}`)).status).to.equal(200);
  });

  it('forgot-password and reset-password are under the critical rate limit', async () => {
    const app = await extraApplication({ RATE_LIMIT_CRITICAL: '2' });
    try {
      const http = supertest(app.callback);
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await http.post('/api/auth/forgot-password').send({ email: 'someone@example.test' })).status);
      expect(statuses).to.deep.equal([200, 200, 429]);
      expect((await http.post('/api/auth/reset-password').send({ token: 'x'.repeat(64), new_password: 'whatever pw' })).status).to.equal(
        429,
      );
    } finally {
      await app.close();
    }
  });

  it('an Admin sets the password of a lower user (their logins end), never of a peer or a Super Admin', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const mentor = await h.user(t, Role.Mentor);
    const peer = await h.user(t, Role.Admin);
    const root = await h.user(t, Role.SuperAdmin);
    const set = await h.http.put(`/api/users/${mentor.id}`).set(admin.headers).send({ password: 'set by the admin' });
    expect(set.status).to.equal(200);
    expect((await refresh(t, mentor.refreshToken)).status).to.equal(401);
    expect((await login(t, mentor.email, 'set by the admin')).status).to.equal(200);
    for (const target of [peer, root]) {
      const refused = await h.http.put(`/api/users/${target.id}`).set(admin.headers).send({ password: 'set by the admin' });
      expect(refused.status).to.equal(403);
      expect(refused.body.message).to.equal('Insufficient permission');
      expect((await login(t, target.email, TEST_PASSWORD)).status).to.equal(200);
    }
    expect((await h.http.put(`/api/users/${mentor.id}`).set(admin.headers).send({ password: 'short' })).status).to.equal(400);
    const audit = await h.http.get('/api/audit-logs').query({ user_id: admin.id, action: 'user.update' }).set(admin.headers);
    expect(audit.body.data.items[0].metadata.fields).to.deep.equal(['password']);
  });
});
