import { expect } from 'chai';
import { harness, type Harness, type TestTenant } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP registration and email verification', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const setSettings = async (t: TestTenant, values: Record<string, unknown>) => {
    const admin = await h.user(t, Role.Admin);
    await h.http.put('/api/settings').set(admin.headers).send(values).expect(200);
  };
  const body = (email: string, extra: Record<string, unknown> = {}) => ({
    username: 'new.student',
    email,
    password: 'a long password',
    display_name: 'New Student',
    ...extra,
  });

  it('registers a student and answers {id, username, display_name, email}; role in the body is ignored', async () => {
    const t = await h.tenant();
    const res = await h.http
      .post('/api/auth/register')
      .set(t.headers)
      .send(body('New@Example.test', { role: 100, status: 2 }));
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({
      id: res.body.data.id,
      username: 'new.student',
      display_name: 'New Student',
      email: 'new@example.test',
    });
    const login = await h.http.post('/api/auth/login').set(t.headers).send({ email: 'new@example.test', password: 'a long password' });
    expect(login.status).to.equal(200);
    expect(login.body.data.user).to.include({ id: res.body.data.id, role: 1, status: 1 });
  });

  it('refuses a duplicate email, a short or overlong password, and bad fields with 400', async () => {
    const t = await h.tenant();
    await h.http.post('/api/auth/register').set(t.headers).send(body('dup@example.test')).expect(200);
    const dup = await h.http.post('/api/auth/register').set(t.headers).send(body('dup@example.test'));
    expect(dup.status).to.equal(400);
    for (const bad of [
      body('a@example.test', { password: 'short' }),
      body('b@example.test', { password: 'x'.repeat(129) }),
      body('not-an-email'),
      { email: 'c@example.test' },
    ]) {
      const res = await h.http.post('/api/auth/register').set(t.headers).send(bad);
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('Invalid parameters');
    }
  });

  it('refuses registration when RegisterEnabled or PasswordRegisterEnabled is off', async () => {
    for (const flag of ['RegisterEnabled', 'PasswordRegisterEnabled']) {
      const t = await h.tenant();
      await setSettings(t, { [flag]: false });
      const res = await h.http.post('/api/auth/register').set(t.headers).send(body('off@example.test'));
      expect(res.status).to.equal(403);
      expect(res.body.message).to.equal('Registration has been disabled');
      const admin = await h.user(t, Role.Admin);
      const users = await h.http.get('/api/users').query({ search: 'off@example.test' }).set(admin.headers);
      expect(users.body.data.total).to.equal(0);
    }
  });

  it('with email verification: requires the mailed code, refuses a wrong one, accepts the right one once', async () => {
    const t = await h.tenant();
    await setSettings(t, { EmailVerificationEnabled: true });
    const email = 'verify.me@example.test';
    const missing = await h.http.post('/api/auth/register').set(t.headers).send(body(email));
    expect(missing.status).to.equal(400);
    expect(missing.body.message).to.equal('Verification code is required');

    const sent = await h.http.post('/api/auth/verification-code').set(t.headers).send({ email });
    expect(sent.status).to.equal(200);
    await h.jobsIdle();
    const mails = await h.mailsTo(t, email);
    expect(mails).to.have.length(1);
    const code = /\b(\d{6})\b/.exec(mails[0]!.text ?? '')![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';

    const wrong = await h.http
      .post('/api/auth/register')
      .set(t.headers)
      .send(body(email, { verification_code: wrongCode }));
    expect(wrong.status).to.equal(400);
    expect(wrong.body.message).to.equal('Verification code is invalid or expired');
    const right = await h.http
      .post('/api/auth/register')
      .set(t.headers)
      .send(body(email, { verification_code: code }));
    expect(right.status).to.equal(200);
    // Single use: the same code cannot register a second account.
    const reuse = await h.http
      .post('/api/auth/register')
      .set(t.headers)
      .send(body('verify.me@example.test', { verification_code: code }));
    expect(reuse.status).to.equal(400);
  });

  it('refuses a verification code after 10 minutes', async () => {
    const t = await h.tenant();
    await setSettings(t, { EmailVerificationEnabled: true });
    const email = 'late@example.test';
    await h.http.post('/api/auth/verification-code').set(t.headers).send({ email }).expect(200);
    await h.jobsIdle();
    const code = /\b(\d{6})\b/.exec((await h.mailsTo(t, email))[0]!.text ?? '')![1]!;
    h.clock.advance(10 * 60 * 1000 + 1000);
    try {
      const res = await h.http
        .post('/api/auth/register')
        .set(t.headers)
        .send(body(email, { verification_code: code }));
      expect(res.status).to.equal(400);
    } finally {
      h.clock.reset();
    }
  });

  it('locks a code after five wrong tries', async () => {
    const t = await h.tenant();
    await setSettings(t, { EmailVerificationEnabled: true });
    const email = 'brute@example.test';
    await h.http.post('/api/auth/verification-code').set(t.headers).send({ email }).expect(200);
    await h.jobsIdle();
    const code = /\b(\d{6})\b/.exec((await h.mailsTo(t, email))[0]!.text ?? '')![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await h.http
        .post('/api/auth/register')
        .set(t.headers)
        .send(body(email, { verification_code: wrongCode }))
        .expect(400);
    const res = await h.http
      .post('/api/auth/register')
      .set(t.headers)
      .send(body(email, { verification_code: code }));
    expect(res.status).to.equal(400);
  });

  it('answers 400 for a verification code request when verification is off', async () => {
    const t = await h.tenant();
    const res = await h.http.post('/api/auth/verification-code').set(t.headers).send({ email: 'x@example.test' });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.equal('Email verification is not enabled');
  });
});
