import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { randomUUID } from 'node:crypto';
import { harness } from '../../support/harness.js';
import {
  MemoryAutomationRepository,
  MemoryDeliveryRepository,
  MemoryIntegrationRepository,
  MemoryLeadRepository,
  MemoryPeopleDirectory,
} from '../../../adapters/persistence/memory/crm.memory.js';
import { MemoryUserRepository } from '../../../adapters/persistence/memory/identity.memory.js';
import type { PeopleDirectory } from '../../../application/crm/ports/customers.js';
import type { AutomationRepository } from '../../../application/crm/ports/automation-repository.js';
import type { DeliveryRepository, WebhookDelivery } from '../../../application/crm/ports/delivery-repository.js';
import type { Integration, IntegrationRepository } from '../../../application/crm/ports/integration-repository.js';
import type { LeadRepository } from '../../../application/crm/ports/lead-repository.js';
import type { Lead, LeadEvent } from '../../../domain/crm/lead.js';
import { Role } from '../../../domain/identity/role.js';

interface Ctx {
  tenantId: string;
  otherTenantId: string;
  userId: string;
  leads: LeadRepository;
  deliveries: DeliveryRepository;
  integrations: IntegrationRepository;
  automation: AutomationRepository;
  people: PeopleDirectory;
  /** A user of the tenant with this email and phone: its id. */
  addUser(email: string, phone: string | null): Promise<string>;
}

const lead = (ctx: Ctx, over: Partial<Lead> = {}): Lead => {
  const at = over.createdAt ?? new Date('2026-02-01T10:00:00Z');
  return {
    id: randomUUID(),
    tenantId: ctx.tenantId,
    provider: 'meta',
    externalId: randomUUID(),
    name: 'Rina',
    phone: '+628111',
    email: 'rina@example.com',
    city: 'Bandung',
    region: null,
    category: null,
    answers: [{ question: 'q', answer: 'a' }],
    isTest: false,
    status: 'new',
    assignedTo: null,
    value: null,
    userId: null,
    suggestedUserId: null,
    linkCandidates: null,
    campaignId: null,
    formId: null,
    adId: null,
    createdAt: at,
    updatedAt: at,
    statusChangedAt: at,
    closedAt: null,
    ...over,
  };
};

const delivery = (ctx: Ctx, over: Partial<WebhookDelivery> = {}): WebhookDelivery => {
  const at = new Date('2026-02-01T10:00:00Z');
  return {
    id: randomUUID(),
    tenantId: ctx.tenantId,
    provider: 'meta',
    externalId: randomUUID(),
    status: 'pending',
    rawBody: '{"object":"page"}',
    payload: { leadgen_id: '1' },
    attempts: 0,
    retries: 0,
    lastError: null,
    leadId: null,
    receivedAt: at,
    processedAt: null,
    updatedAt: at,
    ...over,
  };
};

function contract(name: string, make: () => Promise<Ctx>) {
  describe(`CRM repositories contract: ${name}`, () => {
    let ctx: Ctx;
    beforeEach(async () => {
      ctx = await make();
    });

    it('finds unlinked leads by email (without case) or phone, linked leads by user, and filters by linked', async () => {
      const open = lead(ctx, { email: 'Mixed.Case@Example.test', phone: '+6281234500001' });
      const done = lead(ctx, { email: 'other@example.test', phone: null });
      for (const l of [open, done, { ...open, id: randomUUID(), tenantId: ctx.otherTenantId }])
        expect(await ctx.leads.insertIfAbsent(l)).to.equal(true);
      const linked = { ...done, userId: ctx.userId, linkCandidates: null, campaignId: 'c1', formId: 'f1', adId: 'a1' };
      await ctx.leads.update(linked);
      expect(await ctx.leads.findById(ctx.tenantId, done.id)).to.deep.equal(linked);
      const ids = (ls: Lead[]) => ls.map((l) => l.id);
      expect(ids(await ctx.leads.findUnlinkedFor(ctx.tenantId, { email: 'mixed.case@example.test', phone: null }))).to.deep.equal([
        open.id,
      ]);
      expect(ids(await ctx.leads.findUnlinkedFor(ctx.tenantId, { email: null, phone: '+6281234500001' }))).to.deep.equal([open.id]);
      expect(ids(await ctx.leads.findUnlinkedFor(ctx.tenantId, { email: 'other@example.test', phone: null }))).to.deep.equal([]);
      expect(ids(await ctx.leads.findByUser(ctx.tenantId, ctx.userId))).to.deep.equal([done.id]);
      expect(ids(await ctx.leads.findByUser(ctx.otherTenantId, ctx.userId))).to.deep.equal([]);
      const ambiguous = { ...open, linkCandidates: [randomUUID(), randomUUID()].sort() };
      await ctx.leads.update(ambiguous);
      expect((await ctx.leads.findById(ctx.tenantId, open.id))?.linkCandidates).to.deep.equal(ambiguous.linkCandidates);
      expect(ids((await ctx.leads.list(ctx.tenantId, { linked: true }, { page: 1, pageSize: 10 })).items)).to.deep.equal([done.id]);
      expect(ids((await ctx.leads.list(ctx.tenantId, { linked: false }, { page: 1, pageSize: 10 })).items)).to.deep.equal([open.id]);
    });

    it("matches the tenant's users by email (without case) or phone, with what matched", async () => {
      const ana = await ctx.addUser('ana@example.test', null);
      const beni = await ctx.addUser('beni@example.test', '+6281299990000');
      const matches = await ctx.people.matching(ctx.tenantId, { email: 'ANA@example.test', phone: '+6281299990000' });
      expect(matches.sort((a, b) => a.userId.localeCompare(b.userId))).to.deep.equal(
        [
          { userId: ana, byEmail: true, byPhone: false },
          { userId: beni, byEmail: false, byPhone: true },
        ].sort((a, b) => a.userId.localeCompare(b.userId)),
      );
      expect(await ctx.people.matching(ctx.otherTenantId, { email: 'ana@example.test', phone: null })).to.deep.equal([]);
      expect(await ctx.people.matching(ctx.tenantId, { email: null, phone: null })).to.deep.equal([]);
      expect(await ctx.people.contactOf(ctx.tenantId, beni)).to.deep.equal({ email: 'beni@example.test', phone: '+6281299990000' });
      expect((await ctx.people.findManyByIds(ctx.tenantId, [ana])).map((p) => p.id)).to.deep.equal([ana]);
    });

    it('inserts a lead once per (tenant, provider, external id) and reads it back whole', async () => {
      const l = lead(ctx, { value: toMinor(1234.5) });
      expect(await ctx.leads.insertIfAbsent(l)).to.equal(true);
      expect(await ctx.leads.insertIfAbsent({ ...l, id: randomUUID(), name: 'Other' })).to.equal(false);
      expect(await ctx.leads.insertIfAbsent({ ...l, id: randomUUID(), provider: 'google' })).to.equal(true);
      expect(await ctx.leads.insertIfAbsent({ ...l, id: randomUUID(), tenantId: ctx.otherTenantId })).to.equal(true);
      // Leads without an external id never collide.
      expect(await ctx.leads.insertIfAbsent(lead(ctx, { externalId: null, provider: 'manual' }))).to.equal(true);
      expect(await ctx.leads.insertIfAbsent(lead(ctx, { externalId: null, provider: 'manual' }))).to.equal(true);
      expect(await ctx.leads.findById(ctx.tenantId, l.id)).to.deep.equal(l);
      expect(await ctx.leads.findByExternalId(ctx.tenantId, 'meta', l.externalId!)).to.deep.equal(l);
      expect(await ctx.leads.findById(ctx.otherTenantId, l.id)).to.equal(null);
    });

    it('updates, lists with filters newest first, and keeps history in order', async () => {
      const a = lead(ctx, { createdAt: new Date('2026-02-01T00:00:00Z'), name: 'Ayu', email: 'ayu@x.test' });
      const b = lead(ctx, { createdAt: new Date('2026-02-02T00:00:00Z'), provider: 'google', status: 'contacted', assignedTo: ctx.userId });
      const c = lead(ctx, { createdAt: new Date('2026-02-03T00:00:00Z'), isTest: true, phone: '+62899' });
      for (const l of [a, b, c]) await ctx.leads.insertIfAbsent(l);
      const ids = async (f: Parameters<LeadRepository['list']>[1]) =>
        (await ctx.leads.list(ctx.tenantId, f, { page: 1, pageSize: 10 })).items.map((l) => l.id);
      expect(await ids({})).to.deep.equal([c.id, b.id, a.id]);
      expect(await ids({ status: 'contacted' })).to.deep.equal([b.id]);
      expect(await ids({ assignedTo: ctx.userId })).to.deep.equal([b.id]);
      expect(await ids({ assignedTo: null })).to.deep.equal([c.id, a.id]);
      expect(await ids({ provider: 'google' })).to.deep.equal([b.id]);
      expect(await ids({ isTest: true })).to.deep.equal([c.id]);
      expect(await ids({ search: 'AYU@' })).to.deep.equal([a.id]);
      expect(await ids({ search: '62899' })).to.deep.equal([c.id]);
      expect(await ids({ from: new Date('2026-02-02T00:00:00Z'), to: new Date('2026-02-03T00:00:00Z') })).to.deep.equal([b.id]);
      const page = await ctx.leads.list(ctx.tenantId, {}, { page: 2, pageSize: 2 });
      expect([page.total, page.items.length]).to.deep.equal([3, 1]);

      const updated = {
        ...a,
        status: 'closed_won' as const,
        value: toMinor(99),
        closedAt: new Date('2026-02-05T00:00:00Z'),
        updatedAt: new Date('2026-02-05T00:00:00Z'),
      };
      await ctx.leads.update(updated);
      expect(await ctx.leads.findById(ctx.tenantId, a.id, { forUpdate: false })).to.deep.equal(updated);

      const at = new Date('2026-02-05T00:00:00Z');
      const ev = (type: LeadEvent['type']): LeadEvent => ({
        id: randomUUID(),
        tenantId: ctx.tenantId,
        leadId: a.id,
        type,
        fromStatus: null,
        toStatus: null,
        fromUserId: null,
        toUserId: null,
        value: type === 'value_changed' ? toMinor(99) : null,
        note: null,
        actorId: null,
        reason: null,
        createdAt: at,
      });
      const events = [ev('status_changed'), ev('value_changed'), ev('note')];
      await ctx.leads.addEvents(events);
      expect(await ctx.leads.events(ctx.tenantId, a.id)).to.deep.equal(events);
      expect(await ctx.leads.events(ctx.otherTenantId, a.id)).to.deep.equal([]);
    });

    it('aggregates by status and provider with the won sums, excluding test leads unless asked', async () => {
      await ctx.leads.insertIfAbsent(lead(ctx, { status: 'new' }));
      await ctx.leads.insertIfAbsent(lead(ctx, { status: 'new', isTest: true }));
      await ctx.leads.insertIfAbsent(lead(ctx, { status: 'closed_won', value: toMinor(100), closedAt: new Date('2026-02-02T10:00:00Z') }));
      await ctx.leads.insertIfAbsent(lead(ctx, { status: 'closed_won', value: null, closedAt: new Date('2026-02-01T22:00:00Z') }));
      await ctx.leads.insertIfAbsent(
        lead(ctx, {
          status: 'closed_won',
          provider: 'google',
          value: toMinor(50.25),
          createdAt: new Date('2026-03-01T00:00:00Z'),
          closedAt: null,
        }),
      );
      const sorted = (rows: Awaited<ReturnType<LeadRepository['aggregate']>>) =>
        [...rows].sort((x, y) => `${x.status}${x.provider}`.localeCompare(`${y.status}${y.provider}`));
      expect(sorted(await ctx.leads.aggregate(ctx.tenantId, {}, false))).to.deep.equal([
        {
          status: 'closed_won',
          provider: 'google',
          count: 1,
          wonValueSum: toMinor(50.25),
          wonValueCount: 1,
          wonSecondsSum: 0,
          wonClosedCount: 0,
        },
        {
          status: 'closed_won',
          provider: 'meta',
          count: 2,
          wonValueSum: toMinor(100),
          wonValueCount: 1,
          wonSecondsSum: 86_400 + 43_200,
          wonClosedCount: 2,
        },
        { status: 'new', provider: 'meta', count: 1, wonValueSum: 0n, wonValueCount: 0, wonSecondsSum: 0, wonClosedCount: 0 },
      ]);
      expect((await ctx.leads.aggregate(ctx.tenantId, {}, true)).find((r) => r.status === 'new')!.count).to.equal(2);
      expect(await ctx.leads.aggregate(ctx.tenantId, { from: new Date('2026-02-15T00:00:00Z') }, false)).to.have.length(1);
      expect(await ctx.leads.aggregate(ctx.otherTenantId, {}, true)).to.deep.equal([]);
    });

    it('advances a pool cursor one turn per call, per tenant and pool, even under concurrency', async () => {
      const turns = await Promise.all(Array.from({ length: 12 }, () => ctx.automation.nextPosition(ctx.tenantId, 'all:a,b,c')));
      expect([...turns].sort((x, y) => x - y)).to.deep.equal(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(await ctx.automation.nextPosition(ctx.tenantId, 'match:a')).to.equal(1);
      expect(await ctx.automation.nextPosition(ctx.otherTenantId, 'all:a,b,c')).to.equal(1);
      expect(await ctx.automation.get(ctx.tenantId)).to.equal(null);
      const rules = {
        mode: 'geographic' as const,
        members: [{ userId: ctx.userId, active: true, regions: ['Jakarta'], categories: [] }],
        fallbackUserId: null,
        closeOnPayment: true,
      };
      await ctx.automation.save(ctx.tenantId, rules, new Date());
      await ctx.automation.save(ctx.tenantId, { ...rules, mode: 'round_robin' }, new Date());
      expect(await ctx.automation.get(ctx.tenantId)).to.deep.equal({ ...rules, mode: 'round_robin' });
    });

    it('moves deliveries pending → failed → pending → processed, conditionally', async () => {
      const d = delivery(ctx);
      await ctx.deliveries.insert(d);
      expect(await ctx.deliveries.findById(ctx.tenantId, d.id)).to.deep.equal(d);
      expect(await ctx.deliveries.findById(ctx.otherTenantId, d.id)).to.equal(null);
      const at = new Date('2026-02-01T11:00:00Z');
      await ctx.deliveries.recordFailure(ctx.tenantId, d.id, 'boom', false, at);
      expect(await ctx.deliveries.findById(ctx.tenantId, d.id)).to.deep.include({ status: 'pending', attempts: 1, lastError: 'boom' });
      // Pending since `at`: not stuck before `at`, so not retried by hand.
      expect(await ctx.deliveries.requeue(ctx.tenantId, d.id, at, at)).to.equal(null);
      await ctx.deliveries.recordFailure(ctx.tenantId, d.id, 'boom again', true, at);
      expect(await ctx.deliveries.countByStatus(ctx.tenantId, 'failed')).to.equal(1);
      const requeued = await ctx.deliveries.requeue(ctx.tenantId, d.id, at, at);
      expect(requeued).to.deep.include({ status: 'pending', retries: 1, attempts: 2 });
      expect(requeued!.payload).to.deep.equal(d.payload);
      await ctx.deliveries.finish(ctx.tenantId, d.id, 'processed', null, null, at);
      await ctx.deliveries.finish(ctx.tenantId, d.id, 'duplicate', null, null, at);
      expect(await ctx.deliveries.findById(ctx.tenantId, d.id)).to.deep.include({ status: 'processed', attempts: 3, processedAt: at });
      await ctx.deliveries.insert(delivery(ctx, { receivedAt: new Date('2026-02-02T00:00:00Z'), provider: 'google' }));
      const list = await ctx.deliveries.list(ctx.tenantId, {}, { page: 1, pageSize: 10 });
      expect(list.items.map((x) => x.provider)).to.deep.equal(['google', 'meta']);
      expect((await ctx.deliveries.list(ctx.tenantId, { status: 'processed' }, { page: 1, pageSize: 10 })).total).to.equal(1);
      expect((await ctx.deliveries.list(ctx.tenantId, { provider: 'google' }, { page: 1, pageSize: 10 })).total).to.equal(1);
    });

    it("requeues a delivery stuck pending since before the given time, once; not another tenant's", async () => {
      const d = delivery(ctx);
      await ctx.deliveries.insert(d);
      const at = new Date('2026-02-01T11:00:00Z');
      await ctx.deliveries.recordFailure(ctx.tenantId, d.id, 'boom', false, at);
      const later = new Date(at.getTime() + 1);
      expect(await ctx.deliveries.requeue(ctx.otherTenantId, d.id, later, later)).to.equal(null);
      expect(await ctx.deliveries.requeue(ctx.tenantId, d.id, later, later)).to.deep.include({ status: 'pending', retries: 1 });
      // Its updated time is now `later`: a second hand retry at once finds it recent.
      expect(await ctx.deliveries.requeue(ctx.tenantId, d.id, later, later)).to.equal(null);
    });

    it('saves integrations, refuses a page id or Google key used by another tenant, and finds them across tenants', async () => {
      const now = new Date('2026-02-01T00:00:00Z');
      const page = String(Date.now()) + String(Math.floor(Math.random() * 1e6));
      const hash = randomUUID().replace(/-/g, '');
      const meta: Integration = {
        tenantId: ctx.tenantId,
        provider: 'meta',
        enabled: true,
        pageId: page,
        verifyTokenHash: `vt${hash}`,
        googleKeyHash: null,
        sealedSecrets: 'v1.x',
        createdAt: now,
        updatedAt: now,
      };
      const google: Integration = { ...meta, provider: 'google', pageId: null, verifyTokenHash: null, googleKeyHash: `gk${hash}` };
      expect(await ctx.integrations.save(meta)).to.equal('saved');
      expect(await ctx.integrations.save(google)).to.equal('saved');
      expect(await ctx.integrations.save({ ...meta, sealedSecrets: 'v1.y' })).to.equal('saved');
      expect(await ctx.integrations.get(ctx.tenantId, 'meta')).to.deep.equal({ ...meta, sealedSecrets: 'v1.y' });
      expect((await ctx.integrations.list(ctx.tenantId)).map((i) => i.provider)).to.deep.equal(['google', 'meta']);
      expect(await ctx.integrations.save({ ...meta, tenantId: ctx.otherTenantId })).to.equal('page_id_taken');
      expect(await ctx.integrations.save({ ...google, tenantId: ctx.otherTenantId })).to.equal('google_key_taken');
      expect((await ctx.integrations.findMetaByPageIds([page, '1'])).map((i) => i.tenantId)).to.deep.equal([ctx.tenantId]);
      expect((await ctx.integrations.findMetaByVerifyTokenHash(`vt${hash}`)).map((i) => i.tenantId)).to.deep.equal([ctx.tenantId]);
      expect(await ctx.integrations.tenantOfGoogleKeyHash(`gk${hash}`)).to.equal(ctx.tenantId);
      // A Google delivery is stored for the tenant its key's hash finds, and only for a hash found.
      const { tenantId: _tenant, ...lead } = delivery(ctx, {
        provider: 'google',
        payload: { lead_id: 'G-1' },
        rawBody: '{"lead_id":"G-1"}',
      });
      expect(await ctx.deliveries.insertForGoogleKeyHash(`gk${hash}`, lead)).to.equal(ctx.tenantId);
      expect(await ctx.deliveries.findById(ctx.tenantId, lead.id)).to.deep.equal({ ...lead, tenantId: ctx.tenantId });
      const stray = { ...lead, id: randomUUID() };
      expect(await ctx.deliveries.insertForGoogleKeyHash(`vt${hash}`, stray)).to.equal(null);
      await ctx.integrations.save({ ...google, enabled: false });
      expect(await ctx.integrations.tenantOfGoogleKeyHash(`gk${hash}`)).to.equal(null);
      expect(await ctx.deliveries.insertForGoogleKeyHash(`gk${hash}`, stray)).to.equal(null);
      expect(await ctx.deliveries.findById(ctx.tenantId, stray.id)).to.equal(null);
    });
  });
}

contract('PostgreSQL (pg adapters on the test database)', async () => {
  const h = await harness();
  const t = await h.tenant();
  const other = await h.tenant();
  const user = await h.user(t, Role.Mentor);
  return {
    tenantId: t.id,
    otherTenantId: other.id,
    userId: user.id,
    leads: h.resolve('leadRepository'),
    deliveries: h.resolve('deliveryRepository'),
    integrations: h.resolve('integrationRepository'),
    automation: h.resolve('automationRepository'),
    people: h.resolve('peopleDirectory'),
    addUser: async (email, phone) => (await h.user(t, Role.Student, { email, phone })).id,
  };
});

contract('memory', async () => {
  const users = new MemoryUserRepository();
  const integrations = new MemoryIntegrationRepository();
  const tenantId = randomUUID();
  return {
    tenantId,
    otherTenantId: randomUUID(),
    userId: randomUUID(),
    leads: new MemoryLeadRepository(),
    deliveries: new MemoryDeliveryRepository(integrations),
    integrations,
    automation: new MemoryAutomationRepository(),
    people: new MemoryPeopleDirectory(users),
    addUser: async (email, phone) => {
      const now = new Date();
      const id = randomUUID();
      await users.insert({
        id,
        tenantId,
        username: id.slice(0, 8),
        email,
        phone,
        displayName: 'U',
        avatar: null,
        role: Role.Student,
        status: 1,
        passwordHash: null,
        emailVerifiedAt: null,
        lastLoginAt: null,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      return id;
    },
  };
});
