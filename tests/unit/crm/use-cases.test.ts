import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { createHmac, randomUUID } from 'node:crypto';
import { makeUpdateAutomation } from '../../../application/crm/use-cases/update-automation.usecase.js';
import { makeUpdateIntegration } from '../../../application/crm/use-cases/update-integration.usecase.js';
import { makeReceiveMetaWebhook } from '../../../application/crm/use-cases/receive-meta-webhook.usecase.js';
import { makeReceiveGoogleWebhook } from '../../../application/crm/use-cases/receive-google-webhook.usecase.js';
import { makeIngestLeadDelivery, RetryLater } from '../../../application/crm/use-cases/ingest-lead-delivery.usecase.js';
import { makeGetCrmDashboard } from '../../../application/crm/use-cases/get-crm-dashboard.usecase.js';
import { makeUpdateLead } from '../../../application/crm/use-cases/update-lead.usecase.js';
import { Role } from '../../../domain/identity/role.js';
import type { LeadDetails } from '../../../domain/crm/lead.js';
import { memoryWorld, meta } from './memory-world.js';

const details = (name: string, place: Partial<LeadDetails> = {}): LeadDetails => ({
  name,
  phone: null,
  email: null,
  city: null,
  region: null,
  category: null,
  answers: [],
  isTest: false,
  ...place,
});

describe('application/crm use cases on memory adapters', () => {
  it('allocates 30 concurrent leads round-robin over 3 active members (10 each), never to the inactive one, and alerts each', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    const [a, b, c, d] = await Promise.all([w.user(), w.user(), w.user(), w.user()]);
    const update = makeUpdateAutomation(w);
    const saved = await update(w.actor(admin), meta, {
      mode: 'round_robin',
      members: [a!, b!, c!, d!].map((u, i) => ({ userId: u.id, active: i !== 2, regions: [], categories: [] })),
    });
    expect(saved.ok).to.equal(true);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        w.leadIntake({
          tenantId: w.tenantId,
          provider: 'google',
          externalId: `L${i}`,
          details: details(`Lead ${i}`),
          actorId: null,
          receivedAt: new Date(),
        }),
      ),
    );
    const leads = [...w.leadRepository.rows.values()];
    expect([a!, b!, c!, d!].map((u) => leads.filter((l) => l.assignedTo === u.id).length)).to.deep.equal([10, 10, 0, 10]);
    expect([a!, b!, c!, d!].map((u) => w.mailer.to(u.email).length)).to.deep.equal([10, 10, 0, 10]);
    expect(w.leadRepository.history.filter((e) => e.type === 'assigned' && e.reason === 'round_robin')).to.have.length(30);
  });

  it('never makes a second lead or a second assignment for the same external id', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    const rep = await w.user();
    await makeUpdateAutomation(w)(w.actor(admin), meta, { members: [{ userId: rep.id, active: true, regions: [], categories: [] }] });
    const first = await w.leadIntake({
      tenantId: w.tenantId,
      provider: 'meta',
      externalId: 'X',
      details: details('A'),
      actorId: null,
      receivedAt: new Date(),
    });
    const again = await w.leadIntake({
      tenantId: w.tenantId,
      provider: 'meta',
      externalId: 'X',
      details: details('B'),
      actorId: null,
      receivedAt: new Date(),
    });
    expect(first.created).to.equal(true);
    expect(again).to.deep.include({ created: false });
    expect(again.lead.id).to.equal(first.lead.id);
    expect(w.leadRepository.rows.size).to.equal(1);
    expect(w.mailer.sent).to.have.length(1);
    expect(w.automationRepository.cursors.size).to.equal(1);
    expect([...w.automationRepository.cursors.values()]).to.deep.equal([1]);
  });

  it('publishes lead.created and lead.assigned with the lead, and tells the assignee live after commit; a duplicate publishes nothing', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    const rep = await w.user();
    await makeUpdateAutomation(w)(w.actor(admin), meta, { members: [{ userId: rep.id, active: true, regions: [], categories: [] }] });
    const { lead } = await w.leadIntake({
      tenantId: w.tenantId,
      provider: 'google',
      externalId: 'E1',
      details: details('Ayu'),
      actorId: null,
      receivedAt: new Date(),
    });
    await w.leadIntake({
      tenantId: w.tenantId,
      provider: 'google',
      externalId: 'E1',
      details: details('Ayu'),
      actorId: null,
      receivedAt: new Date(),
    });
    expect(w.domainEvents.published.map((e) => e.type)).to.deep.equal(['lead.created', 'lead.assigned']);
    expect(w.domainEvents.of('lead.created')[0]!.data.lead).to.include({ id: lead.id, assigned_to: rep.id, name: 'Ayu' });
    expect(w.domainEvents.of('lead.assigned')[0]!.data).to.deep.include({ from_user_id: null, to_user_id: rep.id, reason: 'round_robin' });
    expect(w.chatEvents.published).to.have.length(1);
    expect(w.chatEvents.published[0]).to.deep.include({ tenantId: w.tenantId, recipientIds: [rep.id], type: 'lead.assigned' });

    // A change of assignee and of status: one event each; a note alone publishes nothing.
    const other = await w.user();
    const update = makeUpdateLead(w);
    await update(w.actor(admin), meta, lead.id, { assignedTo: other.id, status: 'contacted' });
    await update(w.actor(admin), meta, lead.id, { note: 'called' });
    expect(w.domainEvents.published.map((e) => e.type)).to.deep.equal([
      'lead.created',
      'lead.assigned',
      'lead.assigned',
      'lead.status_changed',
    ]);
    expect(w.domainEvents.published[2]!.data).to.deep.include({ from_user_id: rep.id, to_user_id: other.id, reason: 'manual' });
    expect(w.domainEvents.published[3]!.data).to.deep.include({ from_status: 'new', to_status: 'contacted' });
    expect(w.chatEvents.published.map((e) => e.recipientIds)).to.deep.equal([[rep.id], [other.id]]);
  });

  it('sends a Jakarta lead to the Jakarta member under geographic rules', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    const [jkt, bdg] = await Promise.all([w.user(), w.user()]);
    await makeUpdateAutomation(w)(w.actor(admin), meta, {
      mode: 'geographic',
      members: [
        { userId: bdg!.id, active: true, regions: ['Bandung'], categories: [] },
        { userId: jkt!.id, active: true, regions: ['Jakarta'], categories: [] },
      ],
    });
    const { lead } = await w.leadIntake({
      tenantId: w.tenantId,
      provider: 'google',
      externalId: 'J',
      details: details('J', { city: 'Jakarta Barat' }),
      actorId: null,
      receivedAt: new Date(),
    });
    expect(lead.assignedTo).to.equal(jkt!.id);
  });

  it('refuses rules naming users of another tenant', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    const outsider = await w.user(Role.Mentor, { tenantId: randomUUID() });
    const res = await makeUpdateAutomation(w)(w.actor(admin), meta, {
      members: [{ userId: outsider.id, active: true, regions: [], categories: [] }],
    });
    expect(res).to.deep.include({ ok: false, error: 'UNKNOWN_RULE_USER' });
    expect(await w.automationRepository.get(w.tenantId)).to.equal(null);
  });

  it('ingests a signed Meta notification: Graph failing twice is retried, the third try makes the lead', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    w.metaGraph.pages.set('123', new Set(['tok']));
    expect(
      await makeUpdateIntegration(w)(w.actor(admin), meta, 'meta', {
        verify_token: 'vt',
        app_secret: 'shh',
        access_token: 'tok',
        page_id: '123',
      }),
    ).to.deep.include({ ok: true });
    const raw = JSON.stringify({
      object: 'page',
      entry: [{ id: '123', changes: [{ field: 'leadgen', value: { leadgen_id: '999', page_id: '123' } }] }],
    });
    const bytes = new TextEncoder().encode(raw);
    const receive = makeReceiveMetaWebhook(w);
    expect(await receive({ rawBody: bytes, body: JSON.parse(raw), signature: 'sha256=00' })).to.deep.include({
      ok: false,
      error: 'INVALID_SIGNATURE',
    });
    expect(w.deliveryRepository.rows.size).to.equal(0);
    const signature = `sha256=${createHmac('sha256', 'shh').update(raw).digest('hex')}`;
    expect(await receive({ rawBody: bytes, body: JSON.parse(raw), signature })).to.deep.equal({ ok: true, value: { accepted: 1 } });
    const [job] = w.jobs.queued;
    expect(job!.options).to.deep.include({ attempts: 5, backoffMs: 10 });

    w.metaGraph.leads.set('999', {
      id: '999',
      createdTime: null,
      formId: null,
      adId: null,
      isOrganic: null,
      isTest: null,
      fieldData: [
        { name: 'full_name', values: ['Rudi'] },
        { name: 'phone_number', values: ['0812 9999 0000'] },
      ],
    });
    w.metaGraph.failures.set('999', 2);
    const ingest = makeIngestLeadDelivery(w);
    const { deliveryId } = job!.payload as { deliveryId: string };
    for (const attempt of [1, 2]) {
      let thrown: unknown = null;
      await ingest(w.tenantId, deliveryId, { final: false }).catch((e: unknown) => (thrown = e));
      expect(thrown, `attempt ${attempt}`).to.be.instanceOf(RetryLater);
    }
    await ingest(w.tenantId, deliveryId, { final: false });
    const [lead] = [...w.leadRepository.rows.values()];
    expect(lead).to.deep.include({ name: 'Rudi', phone: '+6281299990000', provider: 'meta', externalId: '999' });
    expect(await w.deliveryRepository.findById(w.tenantId, deliveryId)).to.deep.include({
      status: 'processed',
      attempts: 3,
      leadId: lead!.id,
    });
    // A redelivered job changes nothing.
    await ingest(w.tenantId, deliveryId, { final: false });
    expect(w.metaGraph.calls).to.equal(3);
    expect(w.leadRepository.rows.size).to.equal(1);
  });

  it('leaves a delivery failed after the final try', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    w.metaGraph.pages.set('123', new Set(['tok']));
    expect(
      await makeUpdateIntegration(w)(w.actor(admin), meta, 'meta', {
        verify_token: 'vt',
        app_secret: 'shh',
        access_token: 'tok',
        page_id: '123',
      }),
    ).to.deep.include({ ok: true });
    const raw = JSON.stringify({ object: 'page', entry: [{ id: '123', changes: [{ field: 'leadgen', value: { leadgen_id: '1' } }] }] });
    await makeReceiveMetaWebhook(w)({
      rawBody: new TextEncoder().encode(raw),
      body: JSON.parse(raw),
      signature: `sha256=${createHmac('sha256', 'shh').update(raw).digest('hex')}`,
    });
    w.metaGraph.failures.set('1', 99);
    const { deliveryId } = w.jobs.queued[0]!.payload as { deliveryId: string };
    await makeIngestLeadDelivery(w)(w.tenantId, deliveryId, { final: true });
    expect(await w.deliveryRepository.findById(w.tenantId, deliveryId)).to.deep.include({ status: 'failed', attempts: 1 });
  });

  it("connects a page only when Graph says the access token reads it; another tenant's page or key gets the same answer as an unprovable one", async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    const update = makeUpdateIntegration(w);
    const fields = { verify_token: 'a verify token here', app_secret: 'shh', access_token: 'tok-a', page_id: '123' };
    const unprovable = await update(w.actor(admin), meta, 'meta', fields);
    expect(unprovable).to.deep.equal({ ok: false, error: 'PAGE_NOT_VERIFIED', detail: 'page_id: the access token cannot read this page' });
    expect(await w.integrationRepository.get(w.tenantId, 'meta')).to.equal(null);
    w.metaGraph.unavailable = true;
    expect(await update(w.actor(admin), meta, 'meta', fields)).to.deep.include({ ok: false, error: 'META_GRAPH_UNAVAILABLE' });
    w.metaGraph.unavailable = false;
    w.metaGraph.pages.set('123', new Set(['tok-a', 'tok-b']));
    expect(await update(w.actor(admin), meta, 'meta', fields)).to.deep.include({ ok: true });
    // Rotating the token proves the page again.
    expect(await update(w.actor(admin), meta, 'meta', { access_token: 'tok-unknown' })).to.deep.include({
      ok: false,
      error: 'PAGE_NOT_VERIFIED',
    });
    expect(await update(w.actor(admin), meta, 'meta', { enabled: false })).to.deep.include({ ok: true });

    // Another tenant whose token can read the page too: refused exactly like an unprovable page.
    const otherTenantId = randomUUID();
    const other = {
      ...w.actor(await w.user(Role.Admin, { tenantId: otherTenantId })),
      tenantId: otherTenantId,
      homeTenantId: otherTenantId,
    };
    expect(await update(other, meta, 'meta', { ...fields, access_token: 'tok-b' })).to.deep.equal(unprovable);
    await update(w.actor(admin), meta, 'google', { webhook_key: 'a google key, long enough' });
    expect(await update(other, meta, 'google', { webhook_key: 'a google key, long enough' })).to.deep.equal({
      ok: false,
      error: 'WEBHOOK_KEY_REFUSED',
      detail: 'webhook_key: refused, choose another key',
    });
  });

  it("finds a Google delivery's tenant by its key and refuses a wrong one, or one shorter than the rule saved before it", async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    await makeUpdateIntegration(w)(w.actor(admin), meta, 'google', { webhook_key: 'g-key-0123456789abcdef' });
    const receive = makeReceiveGoogleWebhook(w);
    const body = {
      lead_id: 'g1',
      google_key: 'g-key-0123456789abcdef',
      user_column_data: [{ column_id: 'FULL_NAME', string_value: 'Ani' }],
    };
    const bytes = new TextEncoder().encode(JSON.stringify(body));
    expect(await receive({ rawBody: bytes, body: { ...body, google_key: 'nope' } })).to.deep.include({
      ok: false,
      error: 'INVALID_WEBHOOK_KEY',
    });
    expect(await receive({ rawBody: bytes, body })).to.deep.include({ ok: true });
    const [delivery] = [...w.deliveryRepository.rows.values()];
    expect(delivery!.tenantId).to.equal(w.tenantId);
    expect(delivery!.rawBody).to.not.include('g-key-0123456789abcdef');

    await makeUpdateIntegration(w)(w.actor(admin), meta, 'google', { webhook_key: 'g-short' });
    expect(await receive({ rawBody: bytes, body: { ...body, google_key: 'g-short' } })).to.deep.include({
      ok: false,
      error: 'INVALID_WEBHOOK_KEY',
    });
    expect(w.deliveryRepository.rows.size).to.equal(1);
  });

  it('computes the dashboard from the repository aggregation', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    const a = await w.leadIntake({
      tenantId: w.tenantId,
      provider: 'manual',
      externalId: null,
      details: details('A'),
      actorId: null,
      receivedAt: new Date(Date.now() - 2 * 86_400_000),
    });
    await w.leadIntake({
      tenantId: w.tenantId,
      provider: 'manual',
      externalId: null,
      details: details('B'),
      actorId: null,
      receivedAt: new Date(),
    });
    await makeUpdateLead(w)(w.actor(admin), meta, a.lead.id, { status: 'closed_won', value: toMinor(300) });
    const k = (await makeGetCrmDashboard(w)(w.actor(admin), {})).kpis;
    expect(k).to.deep.include({
      totalLeads: 2,
      totalActiveLeads: 1,
      conversionRate: 50,
      averageDealSize: toMinor(300),
      salesVelocityDays: 2,
    });
  });
});
