import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { asValue } from 'awilix';
import { Webhook } from 'standardwebhooks';
import { extraApplication, harness, type Harness, type TestUser } from '../../support/harness.js';
import { signatureHeaders, WebhookReceiver } from '../../support/webhook-receiver.js';
import { StreamReader } from '../../support/sse-reader.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP webhooks: outbound endpoints, signed deliveries, retries, SSRF guard, live lead assignment', function () {
  this.timeout(60_000);
  let h: Harness;
  let receiver: WebhookReceiver;
  before(async () => {
    h = await harness();
  });
  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterEach(async () => {
    await receiver.stop();
  });

  const register = (admin: TestUser, body: Record<string, unknown>) => h.http.post('/api/webhooks/endpoints').set(admin.headers).send(body);
  const deliveries = async (admin: TestUser, endpointId: string) =>
    (await h.http.get(`/api/webhooks/endpoints/${endpointId}/deliveries`).set(admin.headers).expect(200)).body.data;

  it('registers an endpoint (Admin), shows its secret once, rotates it; others get 403 or 404', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const res = await register(admin, {
      url: receiver.url,
      events: ['lead.created', 'order.paid', 'lead.created'],
      description: 'CRM sync',
      tenant_id: 'x',
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const endpoint = res.body.data;
    expect(endpoint).to.include({ url: receiver.url, enabled: true, description: 'CRM sync' });
    expect(endpoint.events).to.deep.equal(['lead.created', 'order.paid']);
    expect(endpoint.secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = (await h.http.get('/api/webhooks/endpoints').set(admin.headers).expect(200)).body.data;
    expect(list.total).to.equal(1);
    expect(list.items[0]).to.not.have.property('secret');
    expect(JSON.stringify(list)).to.not.include(endpoint.secret.slice(6));

    const rotated = (await h.http.post(`/api/webhooks/endpoints/${endpoint.id}/rotate-secret`).set(admin.headers).expect(200)).body.data;
    expect(rotated.secret)
      .to.match(/^whsec_/)
      .and.not.equal(endpoint.secret);
    const updated = (await h.http.put(`/api/webhooks/endpoints/${endpoint.id}`).set(admin.headers).send({ enabled: false }).expect(200))
      .body.data;
    expect(updated).to.include({ enabled: false, url: receiver.url });
    expect(updated).to.not.have.property('secret');

    const mentor = await h.user(t, Role.Mentor);
    expect((await h.http.get('/api/webhooks/endpoints').set(mentor.headers)).status).to.equal(403);
    expect((await register(mentor, { url: receiver.url, events: ['lead.created'] })).status).to.equal(403);
    const stranger = await h.user(await h.tenant(), Role.Admin);
    for (const res2 of [
      await h.http.put(`/api/webhooks/endpoints/${endpoint.id}`).set(stranger.headers).send({ enabled: true }),
      await h.http.post(`/api/webhooks/endpoints/${endpoint.id}/rotate-secret`).set(stranger.headers),
      await h.http.get(`/api/webhooks/endpoints/${endpoint.id}/deliveries`).set(stranger.headers),
      await h.http.delete(`/api/webhooks/endpoints/${endpoint.id}`).set(stranger.headers),
    ])
      expect(res2.status).to.equal(404);
    for (const body of [
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['lead.deleted'] },
      { url: 'ftp://example.com/x', events: ['lead.created'] },
      { events: ['lead.created'] },
    ]) {
      expect((await register(admin, body)).status, JSON.stringify(body)).to.equal(400);
    }
    await h.http.delete(`/api/webhooks/endpoints/${endpoint.id}`).set(admin.headers).expect(200);
    expect((await h.http.get('/api/webhooks/endpoints').set(admin.headers)).body.data.total).to.equal(0);
  });

  it('delivers lead.created from lead intake, signed as Standard Webhooks says, with the current secret after a rotation', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const endpoint = (await register(admin, { url: receiver.url, events: ['lead.created'] }).expect(200)).body.data;
    const lead = (await h.http.post('/api/crm/leads').set(admin.headers).send({ name: 'Wulan', phone: '081234567890' }).expect(200)).body
      .data;
    await h.jobsIdle();
    const [got] = await receiver.waitFor(1);
    const verified = new Webhook(endpoint.secret).verify(got!.body, signatureHeaders(got!.headers)) as {
      type: string;
      timestamp: string;
      data: { lead: { id: string; phone: string } };
    };
    expect(verified.type).to.equal('lead.created');
    expect(verified.data.lead).to.include({ id: lead.id, phone: '+6281234567890' });
    expect(new Date(verified.timestamp).toISOString()).to.equal(verified.timestamp);
    expect(got!.headers['content-type']).to.equal('application/json');

    const page = await deliveries(admin, endpoint.id);
    expect(page.total).to.equal(1);
    expect(page.items[0]).to.include({
      status: 'delivered',
      attempts: 1,
      retries: 0,
      last_status_code: 200,
      last_error: null,
      event_type: 'lead.created',
      event_id: got!.headers['webhook-id'],
    });

    const rotated = (await h.http.post(`/api/webhooks/endpoints/${endpoint.id}/rotate-secret`).set(admin.headers).expect(200)).body.data;
    await h.http.post('/api/crm/leads').set(admin.headers).send({ name: 'Dimas' }).expect(200);
    await h.jobsIdle();
    const second = (await receiver.waitFor(2))[1]!;
    expect(() => new Webhook(endpoint.secret).verify(second.body, signatureHeaders(second.headers))).to.throw();
    expect((new Webhook(rotated.secret).verify(second.body, signatureHeaders(second.headers)) as { type: string }).type).to.equal(
      'lead.created',
    );
  });

  it('sends nothing to a disabled endpoint or for an event it did not choose, and a slow endpoint never slows the request', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const other = await new WebhookReceiver().start();
    try {
      await register(admin, { url: other.url, events: ['lead.created'], enabled: false }).expect(200);
      await register(admin, { url: other.url, events: ['order.paid'] }).expect(200);
      const slow = (await register(admin, { url: receiver.url, events: ['lead.created'] }).expect(200)).body.data;
      receiver.delayMs = 3000;
      const started = Date.now();
      await h.http.post('/api/crm/leads').set(admin.headers).send({ name: 'Sari' }).expect(200);
      expect(Date.now() - started).to.be.below(2000);
      await h.jobsIdle();
      await receiver.waitFor(1);
      expect(other.received).to.have.length(0);
      expect((await deliveries(admin, slow.id)).items[0]).to.include({ status: 'delivered' });
    } finally {
      await other.stop();
    }
  });

  it('retries a failing endpoint with exponential backoff, marks the delivery failed after the last try, and an admin retries it', async () => {
    // Sealed secrets are opened by whichever process runs the job: the processes share the key (ENCRYPTION_KEY).
    const app = await extraApplication(
      { WEBHOOK_ATTEMPTS: '3', WEBHOOK_BACKOFF_MS: '100' },
      { secretBox: asValue(h.resolve('secretBox')) },
    );
    try {
      const http = h.agent(app);
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      receiver.status = 503;
      const endpoint = (
        await http
          .post('/api/webhooks/endpoints')
          .set(admin.headers)
          .send({ url: receiver.url, events: ['lead.created'] })
          .expect(200)
      ).body.data;
      await http.post('/api/crm/leads').set(admin.headers).send({ name: 'Ayu' }).expect(200);
      const tries = await receiver.waitFor(3);
      await app.jobQueue.whenIdle();
      await h.jobsIdle();
      expect(new Set(tries.map((r) => r.headers['webhook-id'])).size).to.equal(1);
      expect(tries[1]!.at - tries[0]!.at).to.be.at.least(90);
      expect(tries[2]!.at - tries[1]!.at).to.be.at.least(190);
      let delivery = (
        await http.get(`/api/webhooks/endpoints/${endpoint.id}/deliveries`).query({ status: 'failed' }).set(admin.headers).expect(200)
      ).body.data.items[0];
      expect(delivery).to.include({ status: 'failed', attempts: 3, last_status_code: 503, last_error: 'HTTP 503' });
      expect(receiver.received).to.have.length(3);

      receiver.status = 204;
      const retried = await http.post(`/api/webhooks/deliveries/${delivery.id}/retry`).set(admin.headers).expect(200);
      expect(retried.body.data).to.include({ status: 'pending', attempts: 0, retries: 1 });
      await receiver.waitFor(4);
      await app.jobQueue.whenIdle();
      await h.jobsIdle();
      delivery = (await http.get(`/api/webhooks/endpoints/${endpoint.id}/deliveries`).set(admin.headers).expect(200)).body.data.items[0];
      expect(delivery).to.include({ status: 'delivered', attempts: 1, retries: 1, last_status_code: 204, last_error: null });
      expect(receiver.received[3]!.headers['webhook-id']).to.equal(tries[0]!.headers['webhook-id']);

      const stranger = await h.user(await h.tenant(), Role.Admin);
      expect((await http.post(`/api/webhooks/deliveries/${delivery.id}/retry`).set(stranger.headers)).status).to.equal(404);
    } finally {
      await app.close();
    }
  });

  it('refuses private, loopback and link-local targets unless WEBHOOK_ALLOW_PRIVATE, and stores nothing', async () => {
    const app = await extraApplication({ WEBHOOK_ALLOW_PRIVATE: 'false' });
    try {
      const http = h.agent(app);
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      for (const url of [
        'http://127.0.0.1:8080/x',
        'http://10.1.2.3/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/x',
        'http://localhost/x',
        'http://[::ffff:127.0.0.1]/x',
        receiver.url,
      ]) {
        const res = await http
          .post('/api/webhooks/endpoints')
          .set(admin.headers)
          .send({ url, events: ['lead.created'] });
        expect(res.status, url).to.equal(400);
        expect(res.body.message).to.equal('Webhook URL not allowed');
      }
      expect((await http.get('/api/webhooks/endpoints').set(admin.headers)).body.data.total).to.equal(0);
      const allowed = (
        await h.http
          .post('/api/webhooks/endpoints')
          .set(admin.headers)
          .send({ url: receiver.url, events: ['lead.created'] })
          .expect(200)
      ).body.data;
      const moved = await http.put(`/api/webhooks/endpoints/${allowed.id}`).set(admin.headers).send({ url: 'http://192.168.1.1/x' });
      expect(moved.status).to.equal(400);
      expect((await http.get('/api/webhooks/endpoints').set(admin.headers)).body.data.items[0].url).to.equal(receiver.url);
    } finally {
      await app.close();
    }
  });

  describe('the assignee hears at once', () => {
    let server: Server;
    let base: string;
    before(async () => {
      server = await h.app.listen(0, '127.0.0.1');
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });

    const openStream = async (user: TestUser, signal: AbortSignal) => {
      const res = await fetch(`${base}/api/lms/chat/stream`, { headers: { ...user.headers, Accept: 'text/event-stream' }, signal });
      const stream = new StreamReader(res.body!.getReader());
      await stream.until((e) => e.comment);
      return stream;
    };

    it('sends lead.assigned on the event stream to the assignee only, and as a webhook', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const rep = await h.user(t, Role.Mentor);
      const other = await h.user(t, Role.Mentor);
      await register(admin, { url: receiver.url, events: ['lead.assigned', 'lead.status_changed'] }).expect(200);
      const abort = new AbortController();
      try {
        const repStream = await openStream(rep, abort.signal);
        const otherStream = await openStream(other, abort.signal);
        const lead = (await h.http.post('/api/crm/leads').set(admin.headers).send({ name: 'Rina' }).expect(200)).body.data;
        await h.http.patch(`/api/crm/leads/${lead.id}`).set(admin.headers).send({ assigned_to: rep.id, status: 'contacted' }).expect(200);
        const event = await repStream.until((e) => e.event === 'lead.assigned');
        expect(event.id).to.equal(null);
        expect(JSON.parse(event.data)).to.deep.include({ to_user_id: rep.id, from_user_id: null, reason: 'manual' });
        expect(JSON.parse(event.data).lead).to.include({ id: lead.id, assigned_to: rep.id });
        // The other user's stream is read for a while: nothing about the lead arrives there.
        await otherStream.until((e) => e.event === 'lead.assigned', 500).catch(() => undefined);
        expect(otherStream.events.filter((e) => e.event === 'lead.assigned')).to.have.length(0);

        await h.jobsIdle();
        const got = await receiver.waitFor(2);
        expect(got.map((r) => (JSON.parse(r.body) as { type: string }).type).sort()).to.deep.equal([
          'lead.assigned',
          'lead.status_changed',
        ]);
        const status = got
          .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
          .find((b) => b.type === 'lead.status_changed')!;
        expect(status.data).to.include({ from_status: 'new', to_status: 'contacted' });
      } finally {
        abort.abort();
      }
    });
  });
});
