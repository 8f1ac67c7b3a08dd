import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type supertest from 'supertest';
import { extraApplication, harness, type Harness, type TestTenant, type TestUser } from '../../support/harness.js';
import { statementsOf } from '../../support/statement-counter.js';
import { FakeGraph, crmApplication, googleLead, leadgenId, metaNotification, metaSignature, pageId } from '../../support/crm.js';
import type { Application } from '../../../composition/container.js';
import { Role } from '../../../domain/identity/role.js';
import type { makeUpdateIntegration } from '../../../application/crm/use-cases/update-integration.usecase.js';

type UpdateIntegration = ReturnType<typeof makeUpdateIntegration>;

describe('HTTP CRM webhooks: Meta handshake and signed leads, Google lead forms', () => {
  let h: Harness;
  let graph: FakeGraph;
  let crm: { app: Application; http: ReturnType<typeof supertest>; jobsIdle: () => Promise<void> };

  before(async () => {
    h = await harness();
    graph = await new FakeGraph().start();
    crm = await crmApplication(graph.url);
  });
  after(async () => {
    await crm?.app.close();
    await graph?.close();
  });

  interface MetaSetup {
    t: TestTenant;
    admin: TestUser;
    page: string;
    appSecret: string;
    verifyToken: string;
    accessToken: string;
  }
  const connectMeta = async (): Promise<MetaSetup> => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const setup = {
      t,
      admin,
      page: pageId(),
      appSecret: `app-secret-${randomUUID()}`,
      verifyToken: `verify-${randomUUID()}`,
      accessToken: `EAAB-${randomUUID()}`,
    };
    graph.page(setup.page, setup.accessToken);
    const res = await crm.http.put('/api/crm/integrations/meta').set(admin.headers).send({
      verify_token: setup.verifyToken,
      app_secret: setup.appSecret,
      access_token: setup.accessToken,
      page_id: setup.page,
      enabled: true,
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return setup;
  };
  const postMeta = (raw: string, signature: string) =>
    crm.http.post('/api/crm/webhooks/meta').set('Content-Type', 'application/json').set('X-Hub-Signature-256', signature).send(raw);
  const leadsOf = async (s: { admin: TestUser }, query: Record<string, string> = {}) =>
    (await crm.http.get('/api/crm/leads').query(query).set(s.admin.headers).expect(200)).body.data;
  const deliveriesOf = async (s: { admin: TestUser }, query: Record<string, string> = {}) =>
    (await crm.http.get('/api/crm/webhook-deliveries').query(query).set(s.admin.headers).expect(200)).body.data;

  it('answers the verification challenge as plain text for the right token, 403 otherwise', async () => {
    const s = await connectMeta();
    const ok = await crm.http
      .get('/api/crm/webhooks/meta')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': s.verifyToken, 'hub.challenge': '1158201444' });
    expect(ok.status).to.equal(200);
    expect(ok.headers['content-type']).to.match(/^text\/plain/);
    expect(ok.text).to.equal('1158201444');

    for (const query of [
      { 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': 'x' },
      { 'hub.mode': 'unsubscribe', 'hub.verify_token': s.verifyToken, 'hub.challenge': 'x' },
      { 'hub.mode': 'subscribe', 'hub.challenge': 'x' },
    ]) {
      const res = await crm.http.get('/api/crm/webhooks/meta').query(query);
      expect(res.status).to.equal(403);
      expect(res.body.success).to.equal(false);
    }
    // A disabled integration no longer answers.
    await crm.http.put('/api/crm/integrations/meta').set(s.admin.headers).send({ enabled: false }).expect(200);
    expect(
      (
        await crm.http
          .get('/api/crm/webhooks/meta')
          .query({ 'hub.mode': 'subscribe', 'hub.verify_token': s.verifyToken, 'hub.challenge': '1' })
      ).status,
    ).to.equal(403);
  });

  it('takes a signed Meta lead: 200 at once, then the job fetches it from Graph with name, phone, email and custom answers', async () => {
    const s = await connectMeta();
    const id = leadgenId();
    graph.lead(id, {
      full_name: 'Siti Rahmawati',
      phone_number: '0812-3456-7890',
      email: 'Siti@Example.com',
      city: 'Jakarta Selatan',
      province: 'DKI Jakarta',
      'which_program_are_you_interested_in?': 'UTBK intensive',
      preferred_schedule: ['weekend', 'evening'],
    });
    const raw = metaNotification(s.page, [id]);
    const res = await postMeta(raw, metaSignature(raw, s.appSecret));
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({ accepted: 1 });
    await crm.jobsIdle();

    const list = await leadsOf(s);
    expect(list.total).to.equal(1);
    const lead = list.items[0];
    expect(lead).to.include({
      provider: 'meta',
      external_id: id,
      name: 'Siti Rahmawati',
      phone: '+6281234567890',
      email: 'siti@example.com',
      form_id: '4444',
      ad_id: '5555',
      campaign_id: null,
      city: 'Jakarta Selatan',
      region: 'DKI Jakarta',
      status: 'new',
      is_test: false,
      value: null,
      closed_at: null,
    });
    expect(lead.answers).to.deep.equal([
      { question: 'which_program_are_you_interested_in?', answer: 'UTBK intensive' },
      { question: 'preferred_schedule', answer: 'weekend, evening' },
    ]);
    expect(graph.tokens.at(-1)).to.equal(s.accessToken);

    const detail = (await crm.http.get(`/api/crm/leads/${lead.id}`).set(s.admin.headers).expect(200)).body.data;
    expect(detail.history.map((e: { type: string }) => e.type)).to.deep.equal(['created']);
    const deliveries = await deliveriesOf(s);
    expect(deliveries.items).to.have.length(1);
    expect(deliveries.items[0]).to.include({ provider: 'meta', external_id: id, status: 'processed', lead_id: lead.id, raw_body: raw });
  });

  it('refuses a bad signature with 403 and stores nothing', async () => {
    const s = await connectMeta();
    const id = leadgenId();
    graph.lead(id, { full_name: 'Forged' });
    const raw = metaNotification(s.page, [id]);
    for (const signature of [metaSignature(raw, 'not-the-app-secret'), metaSignature(`${raw} `, s.appSecret), 'sha256=zz', '']) {
      const res = await postMeta(raw, signature);
      expect(res.status, signature).to.equal(403);
      expect(res.body).to.deep.equal({ success: false, message: 'Invalid signature', code: 'INVALID_SIGNATURE' });
    }
    // A malformed body cannot be verified either: 403 before any shape error.
    expect((await postMeta('{not json', metaSignature('{not json', s.appSecret))).status).to.equal(403);
    await crm.jobsIdle();
    expect((await leadsOf(s)).total).to.equal(0);
    expect((await deliveriesOf(s)).total).to.equal(0);
    expect(graph.calls.get(id)).to.equal(undefined);
  });

  it('makes one lead of the same leadgen id delivered twice (and of a replay after processing)', async () => {
    const s = await connectMeta();
    const id = leadgenId();
    graph.lead(id, { full_name: 'Budi Santoso', phone_number: '+62 811 222 333' });
    const raw = metaNotification(s.page, [id]);
    const signature = metaSignature(raw, s.appSecret);
    await Promise.all([postMeta(raw, signature).expect(200), postMeta(raw, signature).expect(200)]);
    await crm.jobsIdle();
    await postMeta(raw, signature).expect(200);
    await crm.jobsIdle();
    const leads = await leadsOf(s);
    expect(leads.total).to.equal(1);
    const deliveries = await deliveriesOf(s);
    expect(deliveries.total).to.equal(3);
    expect(deliveries.items.map((d: { status: string }) => d.status).sort()).to.deep.equal(['duplicate', 'duplicate', 'processed']);
    expect(deliveries.items.every((d: { lead_id: string }) => d.lead_id === leads.items[0].id)).to.equal(true);
  });

  it('retries a Graph API that fails twice, and the lead arrives', async () => {
    const s = await connectMeta();
    const id = leadgenId();
    graph.lead(id, { first_name: 'Andi', last_name: 'Wijaya', phone_number: '081298765432' });
    graph.failures.set(id, 2);
    const raw = metaNotification(s.page, [id]);
    await postMeta(raw, metaSignature(raw, s.appSecret)).expect(200);
    await crm.jobsIdle();
    expect(graph.calls.get(id)).to.equal(3);
    const leads = await leadsOf(s);
    expect(leads.items.map((l: { name: string; phone: string }) => [l.name, l.phone])).to.deep.equal([['Andi Wijaya', '+6281298765432']]);
    const [delivery] = (await deliveriesOf(s)).items;
    expect(delivery).to.include({ status: 'processed', attempts: 3 });
  });

  it('keeps a lead that still fails after the retries as a failed delivery, retriable by an admin', async () => {
    const s = await connectMeta();
    const id = leadgenId();
    graph.lead(id, { full_name: 'Dewi Lestari' });
    graph.failures.set(id, 100);
    const raw = metaNotification(s.page, [id]);
    await postMeta(raw, metaSignature(raw, s.appSecret)).expect(200);
    await crm.jobsIdle();
    expect(graph.calls.get(id)).to.equal(5); // CRM_INGEST_ATTEMPTS default: 1 try + 4 retries
    const failed = await deliveriesOf(s, { status: 'failed' });
    expect(failed.total).to.equal(1);
    expect(failed.items[0]).to.include({ status: 'failed', attempts: 5, lead_id: null });
    expect(failed.items[0].last_error).to.match(/Graph API unavailable: HTTP 500/);
    expect((await leadsOf(s)).total).to.equal(0);
    expect((await deliveriesOf(s, { status: 'processed' })).total).to.equal(0);

    // Only admins, only failed deliveries, only this tenant's.
    const student = await h.user(s.t, Role.Student);
    expect((await crm.http.post(`/api/crm/webhook-deliveries/${failed.items[0].id}/retry`).set(student.headers)).status).to.equal(403);
    const other = await connectMeta();
    expect((await crm.http.post(`/api/crm/webhook-deliveries/${failed.items[0].id}/retry`).set(other.admin.headers)).status).to.equal(404);

    graph.failures.delete(id);
    const retry = await crm.http.post(`/api/crm/webhook-deliveries/${failed.items[0].id}/retry`).set(s.admin.headers);
    expect(retry.status).to.equal(200);
    expect(retry.body.data).to.include({ status: 'pending', retries: 1 });
    await crm.jobsIdle();
    expect((await leadsOf(s)).items.map((l: { name: string }) => l.name)).to.deep.equal(['Dewi Lestari']);
    const [after] = (await deliveriesOf(s)).items;
    expect(after).to.include({ status: 'processed', retries: 1 });
    const again = await crm.http.post(`/api/crm/webhook-deliveries/${after.id}/retry`).set(s.admin.headers);
    expect(again.status).to.equal(400);
    expect(again.body.message).to.equal('Only failed deliveries can be retried');
  });

  it('fails a delivery at once when Graph rejects the token (no pointless retries)', async () => {
    const s = await connectMeta();
    const id = leadgenId();
    graph.rejections.add(id);
    const raw = metaNotification(s.page, [id]);
    await postMeta(raw, metaSignature(raw, s.appSecret)).expect(200);
    await crm.jobsIdle();
    expect(graph.calls.get(id)).to.equal(1);
    const [d] = (await deliveriesOf(s)).items;
    expect(d.status).to.equal('failed');
    expect(d.last_error).to.match(/rejected: HTTP 400 Invalid OAuth access token/);
  });

  it("marks leads of Meta's testing tool as test leads", async () => {
    const s = await connectMeta();
    const id = leadgenId();
    graph.lead(id, {
      full_name: '<test lead: dummy data for full_name>',
      email: 'test@fb.com',
      phone_number: '<test lead: dummy data for phone_number>',
    });
    const raw = metaNotification(s.page, [id]);
    await postMeta(raw, metaSignature(raw, s.appSecret)).expect(200);
    await crm.jobsIdle();
    const [lead] = (await leadsOf(s)).items;
    expect(lead).to.include({ is_test: true, email: 'test@fb.com', phone: null });
    expect((await leadsOf(s, { is_test: 'false' })).total).to.equal(0);
  });

  it('refuses a Meta verify token saved before the rule in the handshake (403), and says to rotate it', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const actor = { userId: admin.id, role: Role.Admin, tenantId: t.id, homeTenantId: t.id };
    const short = randomUUID().slice(0, 10);
    expect(
      (
        await crm.app.container.resolve<UpdateIntegration>('updateIntegration')(actor, { ip: null, userAgent: null }, 'meta', {
          verify_token: short,
          enabled: false,
        })
      ).ok,
    ).to.equal(true);
    const page = pageId();
    graph.page(page, 'EAAB-short');
    await h
      .agent(crm.app)
      .put('/api/crm/integrations/meta')
      .set(admin.headers)
      .send({ app_secret: 'app-secret', access_token: 'EAAB-short', page_id: page, enabled: true })
      .expect(200);
    const handshake = await h
      .agent(crm.app)
      .get('/api/crm/webhooks/meta')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': short, 'hub.challenge': '42' });
    expect(handshake.status).to.equal(403);
    const [meta] = (await h.agent(crm.app).get('/api/crm/integrations').set(admin.headers).expect(200)).body.data as Array<{
      rotate: string[];
    }>;
    expect(meta!.rotate).to.deep.equal(['verify_token']);
  });

  describe('Google lead forms', () => {
    const connectGoogle = async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const key = `gkey-${randomUUID()}`;
      await crm.http.put('/api/crm/integrations/google').set(admin.headers).send({ webhook_key: key }).expect(200);
      return { t, admin, key };
    };

    it('takes a lead with the right google_key and extracts its columns', async () => {
      const s = await connectGoogle();
      const body = googleLead(
        s.key,
        `TeSter-${randomUUID()}`,
        {
          FULL_NAME: 'Rina Kusuma',
          PHONE_NUMBER: '0813 1111 2222',
          EMAIL: 'rina@example.com',
          CITY: 'Bandung',
          REGION: 'Jawa Barat',
          POSTAL_CODE: '40111',
        },
        { is_test: true },
      );
      const res = await crm.http.post('/api/crm/webhooks/google').send(body);
      expect(res.status).to.equal(200);
      await crm.jobsIdle();
      const [lead] = (await leadsOf(s)).items;
      expect(lead).to.include({
        provider: 'google',
        external_id: body.lead_id,
        name: 'Rina Kusuma',
        phone: '+6281311112222',
        email: 'rina@example.com',
        city: 'Bandung',
        region: 'Jawa Barat',
        is_test: true,
      });
      // The ad it came from (the dashboard's by_source): numbers as Google sends them, kept as text.
      expect(lead).to.include({ campaign_id: '5678', form_id: '1234', ad_id: null });
      expect(lead.answers).to.deep.equal([{ question: 'postal code', answer: '40111' }]);
      // The stored delivery keeps the body, but never the key.
      const [delivery] = (await deliveriesOf(s)).items;
      expect(delivery.raw_body).to.not.include(s.key);
      expect(delivery.raw_body).to.include('[redacted]');
      expect(delivery.payload).to.not.have.property('google_key');
    });

    it('refuses a wrong or missing key with 403 and stores nothing', async () => {
      const s = await connectGoogle();
      for (const body of [
        googleLead('wrong-key', 'L-1', { FULL_NAME: 'X' }),
        googleLead(`${s.key}x`, 'L-2', { FULL_NAME: 'X' }),
        { lead_id: 'L-3', user_column_data: [] },
      ]) {
        const res = await crm.http.post('/api/crm/webhooks/google').send(body);
        expect(res.status).to.equal(403);
        expect(res.body.message).to.equal('Invalid webhook key');
      }
      await crm.jobsIdle();
      expect((await leadsOf(s)).total).to.equal(0);
      expect((await deliveriesOf(s)).total).to.equal(0);
    });

    it("files the lead under the key's tenant, whatever X-Tenant-ID names (the header is not resolved: no 404 for an unknown one)", async () => {
      const s = await connectGoogle();
      const other = await connectGoogle();
      const named = googleLead(s.key, `lead-${randomUUID()}`, { FULL_NAME: 'Sari' });
      await crm.http.post('/api/crm/webhooks/google').set('X-Tenant-ID', other.t.slug).send(named).expect(200);
      await crm.http
        .post('/api/crm/webhooks/google')
        .set('X-Tenant-ID', `no-such-${randomUUID()}`)
        .send(googleLead(s.key, `lead-${randomUUID()}`, { FULL_NAME: 'Budi' }))
        .expect(200);
      await crm.jobsIdle();
      expect((await leadsOf(s)).total).to.equal(2);
      expect((await leadsOf(other)).total).to.equal(0);
    });

    it('refuses a key saved before the 16-character rule like a wrong one (403, nothing stored), and its integration says to rotate it', async () => {
      const t = await h.tenant();
      const admin = await h.user(t, Role.Admin);
      const actor = { userId: admin.id, role: Role.Admin, tenantId: t.id, homeTenantId: t.id };
      // What PUT refuses today, saved as it was before the rule (the use case itself takes any length).
      const short = randomUUID().slice(0, 12);
      const saved = await crm.app.container.resolve<UpdateIntegration>('updateIntegration')(
        actor,
        { ip: null, userAgent: null },
        'google',
        { webhook_key: short, enabled: true },
      );
      expect(saved.ok).to.equal(true);

      const refused = await h
        .agent(crm.app)
        .post('/api/crm/webhooks/google')
        .send(googleLead(short, `lead-${randomUUID()}`, { FULL_NAME: 'Old Key' }));
      expect(refused.status).to.equal(403);
      expect(refused.body.message).to.equal('Invalid webhook key');
      await crm.jobsIdle();
      expect((await leadsOf({ admin })).total).to.equal(0);
      expect((await deliveriesOf({ admin })).total).to.equal(0);
      const listed = (await h.agent(crm.app).get('/api/crm/integrations').set(admin.headers).expect(200)).body.data as Array<{
        provider: string;
        rotate: string[];
      }>;
      expect(listed.map((i) => [i.provider, i.rotate])).to.deep.equal([
        ['meta', []],
        ['google', ['webhook_key']],
      ]);

      const key = `gkey-${randomUUID()}`;
      const rotated = await h.agent(crm.app).put('/api/crm/integrations/google').set(admin.headers).send({ webhook_key: key });
      expect(rotated.status).to.equal(200);
      expect(rotated.body.data.rotate).to.deep.equal([]);
      await h
        .agent(crm.app)
        .post('/api/crm/webhooks/google')
        .send(googleLead(key, `lead-${randomUUID()}`, { FULL_NAME: 'New Key' }))
        .expect(200);
    });

    it("stores a lead in one statement (the key's integration found by the insert itself); a refusal costs one look-up at most", async () => {
      // An application without job workers: an in-process worker would run the lead's job in the request's async context.
      const api = await extraApplication({}, {}, { runWorkers: false });
      try {
        const t = await h.tenant();
        const admin = await h.user(t, Role.Admin);
        const key = `gkey-${randomUUID()}`;
        // Through this application: its key hashes are its own.
        await h.agent(api).put('/api/crm/integrations/google').set(admin.headers).send({ webhook_key: key }).expect(200);
        const leadId = `lead-${randomUUID()}`;
        const counted = [];
        for (const [body, status] of [
          [googleLead(key, leadId, { FULL_NAME: 'Dewi' }), 200],
          [googleLead(`${key}x`, `lead-${randomUUID()}`, { FULL_NAME: 'Wrong' }), 403],
          [{ google_key: key, user_column_data: [] }, 400], // the right key, no lead_id
          [{ google_key: `${key}x`, user_column_data: [] }, 403], // a wrong key is refused before the payload is judged
          [{ lead_id: 'L-1', user_column_data: [] }, 403], // no key: nothing to look up
        ] as const) {
          const { statements, result } = await statementsOf(h, (http) => http.post('/api/crm/webhooks/google').send(body), api);
          expect(result.status, JSON.stringify(result.body)).to.equal(status);
          counted.push(statements);
        }
        expect(counted).to.deep.equal([1, 1, 1, 1, 0]);
        const stored = (await h.http.get('/api/crm/webhook-deliveries').set(admin.headers).expect(200)).body.data;
        expect(stored.items.map((d: { external_id: string }) => d.external_id)).to.deep.equal([leadId]);
      } finally {
        await api.close();
      }
    });

    it('dedupes a Google lead sent twice', async () => {
      const s = await connectGoogle();
      const body = googleLead(s.key, `lead-${randomUUID()}`, { FULL_NAME: 'Joko', PHONE_NUMBER: '+628551234567' });
      await crm.http.post('/api/crm/webhooks/google').send(body).expect(200);
      await crm.http.post('/api/crm/webhooks/google').send(body).expect(200);
      await crm.jobsIdle();
      expect((await leadsOf(s)).total).to.equal(1);
    });
  });

  it('answers 404 for an unknown provider, and 405 for a handshake Google has not', async () => {
    const unknown = await crm.http.post('/api/crm/webhooks/tiktok').send({});
    expect([unknown.status, unknown.body.message, unknown.body.code]).to.deep.equal([404, 'Record not found', 'NOT_FOUND']);
    // Each provider is a literal route: Google's takes POST only, like every other path of the API.
    const handshake = await crm.http.get('/api/crm/webhooks/google').query({ 'hub.mode': 'subscribe' });
    expect([handshake.status, handshake.body.code]).to.deep.equal([405, 'METHOD_NOT_ALLOWED']);
  });
});
