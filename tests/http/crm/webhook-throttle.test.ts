import { expect } from 'chai';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { harness, type Harness } from '../../support/harness.js';
import { FakeGraph, crmApplication, googleLead, metaNotification, metaSignature, pageId } from '../../support/crm.js';
import type { Application } from '../../../composition/container.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP webhooks: failed proofs are throttled per IP', () => {
  const LIMIT = 3;
  const PAYGATE_KEY = 'throttle-test-server-key';
  let h: Harness;
  let graph: FakeGraph;
  let crm: { app: Application };
  let googleKey: string;
  before(async () => {
    h = await harness();
    graph = await new FakeGraph().start();
    crm = await crmApplication(graph.url, {
      RATE_LIMIT_WEBHOOK_FAILURES: String(LIMIT),
      TRUST_PROXY: 'true',
      PAYGATE_SERVER_KEY: PAYGATE_KEY,
      MAILER_WEBHOOK_SECRET: 'throttle-test-mailer-secret',
    });
    const admin = await h.user(await h.tenant(), Role.Admin);
    googleKey = `throttle-${randomUUID()}`;
    await h.agent(crm.app).put('/api/crm/integrations/google').set(admin.headers).send({ webhook_key: googleKey }).expect(200);
  });
  after(async () => {
    await crm?.app.close();
    await graph?.close();
  });

  const anIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const http = () => h.agent(crm.app);
  const google = (ip: string, key: string) =>
    http()
      .post('/api/crm/webhooks/google')
      .set('X-Forwarded-For', ip)
      .send(googleLead(key, `lead-${randomUUID()}`, { FULL_NAME: 'Throttle Test' }));
  const metaPost = (ip: string) => {
    const raw = metaNotification(pageId(), ['123']);
    return http()
      .post('/api/crm/webhooks/meta')
      .set('X-Forwarded-For', ip)
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', metaSignature(raw, 'not the secret'))
      .send(raw);
  };
  const metaVerify = (ip: string) =>
    http()
      .get('/api/crm/webhooks/meta')
      .set('X-Forwarded-For', ip)
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'a wrong verify token', 'hub.challenge': '1' });
  const paygate = (ip: string, key: string) => {
    const n = { order_id: randomUUID(), status_code: '200', gross_amount: '1000.00', transaction_status: 'settlement' };
    const signature_key = createHash('sha512').update(`${n.order_id}${n.status_code}${n.gross_amount}${key}`).digest('hex');
    return http()
      .post('/api/paygate/webhook')
      .set('X-Forwarded-For', ip)
      .send({ ...n, signature_key });
  };

  it('after the limit of failed proofs (wrong key, signature, verify token) every webhook request of that IP answers 429; other IPs go on', async () => {
    const ip = anIp();
    expect((await google(ip, 'a wrong google key')).status).to.equal(403);
    expect((await metaPost(ip)).status).to.equal(403);
    expect((await metaVerify(ip)).status).to.equal(403);
    for (const res of [await paygate(ip, 'a wrong server key'), await google(ip, 'a wrong google key'), await metaVerify(ip)]) {
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.include({ success: false, message: 'Rate limit exceeded' });
      expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
    }
    // Blocked means blocked: a right key from that IP waits too, so 200 against 429 cannot tell a guesser they hit.
    expect((await google(ip, googleKey)).status).to.equal(429);
    expect((await google(anIp(), googleKey)).status).to.equal(200);
  });

  it('requests with a valid proof never count and are never limited', async () => {
    const ip = anIp();
    for (let i = 0; i < LIMIT * 3; i++) expect((await google(ip, googleKey)).status).to.equal(200);
    // A signed notification about an unknown order proves itself: 404, not a failed proof.
    for (let i = 0; i < LIMIT * 2; i++) expect((await paygate(ip, PAYGATE_KEY)).status).to.equal(404);
    for (let i = 0; i < LIMIT; i++) expect((await paygate(ip, 'a wrong server key')).status).to.equal(403);
    expect((await google(ip, 'a wrong google key')).status).to.equal(429);
  });

  it('counts a wrongly signed mail delivery callback as a failed proof', async () => {
    const ip = anIp();
    const raw = JSON.stringify({ message_id: '<m@localhost>', event: 'delivered', email: 'a@example.com', timestamp: 1 });
    for (let i = 0; i < LIMIT; i++) {
      const res = await http()
        .post('/api/webhooks/mailer-callback')
        .set('X-Forwarded-For', ip)
        .set('Content-Type', 'application/json')
        .set('X-Mailer-Signature', `sha256=${'0'.repeat(64)}`)
        .send(raw);
      expect(res.status).to.equal(403);
    }
    expect((await google(ip, googleKey)).status).to.equal(429);
  });
});
