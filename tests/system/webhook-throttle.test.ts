import { expect } from 'chai';
import { createHash, randomUUID } from 'node:crypto';
import { json, post, deploymentEnv, startApi, type ServiceProcess } from './support/processes.js';

/**
 * Issue 16: failed webhook proofs are counted in Redis, so a guesser spreading its attempts over
 * two API processes meets one budget of RATE_LIMIT_WEBHOOK_FAILURES a minute.
 */
describe('system: webhook proof throttling across two API processes', function () {
  this.timeout(180_000);
  let env: Record<string, string>;
  let a: ServiceProcess;
  let b: ServiceProcess;
  const googleKey = `system-google-key-${randomUUID()}`;

  before(async () => {
    env = await deploymentEnv({ RATE_LIMIT_WEBHOOK_FAILURES: '10', TRUST_PROXY: 'true' });
    [a, b] = await Promise.all([startApi(env), startApi(env)]);
    const login = await json(await post(a.url, '/api/auth/login', { email: env.ROOT_ADMIN_EMAIL, password: env.ROOT_ADMIN_PASSWORD }));
    expect(login.status, JSON.stringify(login.body)).to.equal(200);
    const root = { Authorization: `Bearer ${(login.body.data as { access_token: string }).access_token}` };
    const res = await fetch(`${b.url}/api/crm/integrations/google`, {
      method: 'PUT',
      headers: { ...root, 'Content-Type': 'application/json' },
      body: JSON.stringify({ webhook_key: googleKey, enabled: true }),
    });
    expect(res.status).to.equal(200);
  });

  after(async () => {
    await Promise.all([a, b].filter(Boolean).map((p) => p.stop()));
  });

  const google = (url: string, ip: string, key: string) =>
    post(
      url,
      '/api/crm/webhooks/google',
      { lead_id: `lead-${randomUUID()}`, google_key: key, user_column_data: [{ column_id: 'FULL_NAME', string_value: 'System Lead' }] },
      { 'X-Forwarded-For': ip },
    );
  const paygate = (url: string, ip: string) =>
    post(
      url,
      '/api/paygate/webhook',
      {
        order_id: randomUUID(),
        status_code: '200',
        gross_amount: '1000.00',
        transaction_status: 'settlement',
        signature_key: createHash('sha512').update('forged').digest('hex'),
      },
      { 'X-Forwarded-For': ip },
    );
  const metaVerify = (url: string, ip: string) =>
    fetch(`${url}/api/crm/webhooks/meta?hub.mode=subscribe&hub.verify_token=wrong-verify-token&hub.challenge=1`, {
      headers: { 'X-Forwarded-For': ip },
    });
  /** A wrong Google key, a forged payment notification, a wrong Meta verify token. */
  const failures = [(url: string, ip: string) => google(url, ip, 'a wrong google key'), paygate, metaVerify];

  it('ten failed proofs spread over both processes add up: the 11th is 429 on either; a valid proof from another IP goes through', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 10; i++) {
      const res = await failures[i % 3]!(i % 2 ? b.url : a.url, ip);
      expect(res.status, `failure ${i + 1}`).to.equal(403);
    }
    for (const url of [a.url, b.url]) {
      const res = await json(await failures[0]!(url, ip));
      expect(res.status).to.equal(429);
      expect(res.body.message).to.equal('Rate limit exceeded');
    }
    expect((await google(a.url, ip, googleKey)).status).to.equal(429);
    expect((await google(b.url, '203.0.113.8', googleKey)).status).to.equal(200);
  });

  it('valid proofs never count: many of them, then ten failures still answer 403, and only the 11th is 429', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 25; i++) expect((await google(i % 2 ? b.url : a.url, ip, googleKey)).status, `valid ${i + 1}`).to.equal(200);
    for (let i = 0; i < 10; i++) expect((await failures[i % 3]!(i % 2 ? a.url : b.url, ip)).status, `failure ${i + 1}`).to.equal(403);
    expect((await failures[1]!(b.url, ip)).status).to.equal(429);
  });
});
