import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { randomUUID } from 'node:crypto';
import { makeLinkLeadsOfPerson } from '../../../application/crm/use-cases/link-leads-of-person.usecase.js';
import { makeMovePipelineOnPayment } from '../../../application/crm/use-cases/move-pipeline-on-payment.usecase.js';
import { makeLinkLeadsOfUser } from '../../../application/crm/use-cases/link-leads-of-user.usecase.js';
import { makeGetLead } from '../../../application/crm/use-cases/get-lead.usecase.js';
import { makeListLeads } from '../../../application/crm/use-cases/list-leads.usecase.js';
import { makeGetCrmDashboard } from '../../../application/crm/use-cases/get-crm-dashboard.usecase.js';
import { makeUpdateAutomation } from '../../../application/crm/use-cases/update-automation.usecase.js';
import { decideLink } from '../../../domain/crm/lead-link.js';
import { applyPaidTotal } from '../../../domain/crm/pipeline.js';
import { newLead, type LeadDetails } from '../../../domain/crm/lead.js';
import { Role } from '../../../domain/identity/role.js';
import { memoryWorld, meta } from './memory-world.js';

const details = (place: Partial<LeadDetails> = {}): LeadDetails => ({
  name: 'L',
  phone: null,
  email: null,
  city: null,
  region: null,
  category: null,
  answers: [],
  isTest: false,
  ...place,
});

describe('domain/crm lead linking and pipeline rules', () => {
  it('links by email only; a phone of one user is a suggestion, of several an ambiguity (issue 26)', () => {
    expect(decideLink([])).to.deep.equal({ kind: 'none' });
    expect(decideLink([{ userId: 'a', byEmail: true, byPhone: true }])).to.deep.equal({
      kind: 'linked',
      userId: 'a',
      reason: 'email_phone',
    });
    expect(decideLink([{ userId: 'a', byEmail: false, byPhone: true }])).to.deep.equal({ kind: 'suggested', userId: 'a' });
    expect(
      decideLink([
        { userId: 'b', byEmail: true, byPhone: false },
        { userId: 'a', byEmail: false, byPhone: true },
      ]),
    ).to.deep.equal({ kind: 'linked', userId: 'b', reason: 'email' });
    expect(
      decideLink([
        { userId: 'b', byEmail: false, byPhone: true },
        { userId: 'a', byEmail: false, byPhone: true },
      ]),
    ).to.deep.equal({ kind: 'ambiguous', candidates: ['a', 'b'] });
  });

  it('closes an open lead as won at the paid total, follows the total, leaves closed_lost, and reopens on a full refund', () => {
    const at = new Date('2026-03-01T00:00:00Z');
    const lead = newLead({
      id: 'l',
      tenantId: 't',
      provider: 'manual',
      externalId: null,
      details: details(),
      at: new Date('2026-02-01T00:00:00Z'),
    });
    const won = applyPaidTotal(lead, toMinor(500), 'payment', at);
    expect(won.lead).to.deep.include({ status: 'closed_won', value: toMinor(500), closedAt: at, statusChangedAt: at });
    expect(won.events).to.have.length(1);
    expect(applyPaidTotal(won.lead, toMinor(500), 'payment', at).events).to.deep.equal([]);
    expect(applyPaidTotal(won.lead, toMinor(800), 'payment', at).events[0]).to.include({
      type: 'value_changed',
      value: toMinor(800),
      reason: 'payment',
    });
    expect(applyPaidTotal({ ...lead, status: 'closed_lost' }, toMinor(500), 'payment', at).events).to.deep.equal([]);
    const refunded = applyPaidTotal(won.lead, 0n, 'refund', at);
    expect(refunded.lead).to.deep.include({ status: 'converted', value: null, closedAt: null });
    expect(refunded.events[0]).to.include({ fromStatus: 'closed_won', toStatus: 'converted', reason: 'refund' });
    expect(applyPaidTotal(lead, 0n, 'refund', at).events).to.deep.equal([]);
  });
});

describe('application/crm the CRM loop on memory adapters', () => {
  const intake = (w: ReturnType<typeof memoryWorld>, place: Partial<LeadDetails>) =>
    w.leadIntake({
      tenantId: w.tenantId,
      provider: 'manual',
      externalId: null,
      details: details(place),
      actorId: null,
      receivedAt: new Date(),
    });

  it('links a lead first, person later (by email, case-insensitively); person first, lead later by phone only suggests', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    const link = makeLinkLeadsOfPerson(w);
    const { lead } = await intake(w, { email: 'Sari@Example.com' });
    expect(lead.userId).to.equal(null);
    const sari = await w.user(Role.Student, { email: 'sari@example.com', displayName: 'Sari' });
    expect(await link(w.tenantId, { email: sari.email, phone: null })).to.equal(1);
    expect(await link(w.tenantId, { email: sari.email, phone: null })).to.equal(0);
    const got = await makeGetLead(w)(w.actor(admin), lead.id);
    if (!got.ok) throw new Error('lead not found');
    expect(got.value.lead.userId).to.equal(sari.id);
    expect(got.value.person.user).to.deep.equal({ id: sari.id, name: 'Sari', role: Role.Student });
    expect(got.value.history.filter((e) => e.type === 'linked')).to.have.length(1);

    const tono = await w.user(Role.Student, { phone: '+6281299998888' });
    const byPhone = await intake(w, { phone: '+6281299998888' });
    expect(byPhone.lead).to.deep.include({ userId: null, suggestedUserId: tono.id });
    expect(w.leadRepository.history.filter((e) => e.leadId === byPhone.lead.id).map((e) => [e.type, e.reason])).to.deep.equal([
      ['created', null],
    ]);
    const suggested = await makeGetLead(w)(w.actor(admin), byPhone.lead.id);
    expect(suggested.ok && suggested.value.person).to.deep.include({
      user: null,
      suggested: { id: tono.id, name: tono.displayName, role: Role.Student },
    });

    // After an edit, only the phone is looked at: a lead naming the edited email is not linked by it.
    const edited = await intake(w, { email: 'edited@example.com', phone: '+6281277776666' });
    const eve = await w.user(Role.Student, { email: 'edited@example.com', phone: '+6281277776666' });
    expect(await link(w.tenantId, { email: eve.email, phone: eve.phone }, { byEmail: false })).to.equal(0);
    expect(await w.leadRepository.findById(w.tenantId, edited.lead.id)).to.deep.include({ userId: null, suggestedUserId: eve.id });
  });

  it('keeps the candidates of an ambiguous match and filters by linked', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    const a = await w.user(Role.Student, { email: 'a@example.com', phone: '+6281200001111' });
    const b = await w.user(Role.Student, { phone: '+6281200001111' });
    const amb = await intake(w, { phone: '+6281200001111' });
    expect(amb.lead).to.deep.include({ userId: null, linkCandidates: [a.id, b.id].sort() });
    const got = await makeGetLead(w)(w.actor(admin), amb.lead.id);
    if (!got.ok) throw new Error('lead not found');
    expect(got.value.person.candidates.map((c) => c.id).sort()).to.deep.equal([a.id, b.id].sort());
    const linked = await intake(w, { email: 'a@example.com' });
    const list = makeListLeads(w);
    expect((await list(w.actor(admin), { linked: true }, { page: 1, pageSize: 10 })).items.map((l) => l.id)).to.deep.equal([
      linked.lead.id,
    ]);
    expect((await list(w.actor(admin), { linked: false }, { page: 1, pageSize: 10 })).items.map((l) => l.id)).to.deep.equal([amb.lead.id]);
  });

  it('a payment closes the linked lead once (replays change nothing), a refund reopens it, and close_on_payment false leaves it', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    const buyer = await w.user(Role.Student, { email: 'buyer@example.com' });
    const { lead } = await intake(w, { email: 'buyer@example.com' });
    const move = makeMovePipelineOnPayment({
      ...w,
      linkLeadsOfUser: makeLinkLeadsOfUser({ ...w, linkLeadsOfPerson: makeLinkLeadsOfPerson(w) }),
    });
    const order = {
      id: randomUUID(),
      tenantId: w.tenantId,
      userId: buyer.id,
      status: 'paid',
      total: toMinor(250000),
      currency: 'IDR',
      createdAt: new Date(),
      paidAt: new Date(),
    };
    w.customerRecords.orderRows.push(order);
    // Replayed (concurrency is the database's lock: see tests/http/crm/crm-loop.test.ts on both engines).
    await move(w.tenantId, buyer.id, 'payment');
    await move(w.tenantId, buyer.id, 'payment');
    expect(await w.leadRepository.findById(w.tenantId, lead.id)).to.deep.include({ status: 'closed_won', value: toMinor(250000) });
    expect(w.leadRepository.history.filter((e) => e.leadId === lead.id && e.type === 'status_changed')).to.have.length(1);

    order.status = 'refunded';
    await move(w.tenantId, buyer.id, 'refund');
    expect(await w.leadRepository.findById(w.tenantId, lead.id)).to.deep.include({ status: 'converted', value: null });
    // Each move is announced once, with what moved it.
    expect(w.domainEvents.of('lead.status_changed').map((e) => [e.data.from_status, e.data.to_status, e.data.reason])).to.deep.equal([
      [lead.status, 'closed_won', 'payment'],
      ['closed_won', 'converted', 'refund'],
    ]);

    expect((await makeUpdateAutomation(w)(w.actor(admin), meta, { closeOnPayment: false })).ok).to.equal(true);
    order.status = 'paid';
    await move(w.tenantId, buyer.id, 'payment');
    expect(await w.leadRepository.findById(w.tenantId, lead.id)).to.deep.include({ status: 'converted' });
  });

  it(
    'a lead that arrives after its person paid is linked and closed won at once, in the same unit of work; with ' +
      'close_on_payment false it stays new',
    async () => {
      const w = memoryWorld();
      const admin = await w.user(Role.Admin);
      const payer = await w.user(Role.Student, { email: 'paid.before@example.com' });
      w.customerRecords.orderRows.push({
        id: randomUUID(),
        tenantId: w.tenantId,
        userId: payer.id,
        status: 'paid',
        total: toMinor(150000),
        currency: 'IDR',
        createdAt: new Date(),
        paidAt: new Date(),
      });
      const { lead } = await intake(w, { email: 'paid.before@example.com' });
      expect(lead).to.deep.include({ userId: payer.id, status: 'closed_won', value: toMinor(150000) });
      expect(await w.leadRepository.findById(w.tenantId, lead.id)).to.deep.include({ status: 'closed_won', value: toMinor(150000) });
      expect(w.leadRepository.history.filter((e) => e.leadId === lead.id).map((e) => [e.type, e.reason])).to.deep.equal([
        ['created', null],
        ['linked', 'email'],
        ['status_changed', 'payment'],
      ]);
      expect(w.domainEvents.of('lead.status_changed').map((e) => [e.data.to_status, e.data.reason])).to.deep.equal([
        ['closed_won', 'payment'],
      ]);

      expect((await makeUpdateAutomation(w)(w.actor(admin), meta, { closeOnPayment: false })).ok).to.equal(true);
      const other = await w.user(Role.Student, { email: 'paid.too@example.com' });
      w.customerRecords.orderRows.push({
        id: randomUUID(),
        tenantId: w.tenantId,
        userId: other.id,
        status: 'paid',
        total: toMinor(1000),
        currency: 'IDR',
        createdAt: new Date(),
        paidAt: new Date(),
      });
      expect((await intake(w, { email: 'paid.too@example.com' })).lead).to.deep.include({ userId: other.id, status: 'new' });
    },
  );

  it('answers the funnel, its sources and a daily series in the tenant time zone', async () => {
    const w = memoryWorld();
    const admin = await w.user(Role.Admin);
    const payer = await w.user(Role.Student);
    w.customerRecords.orderRows.push({
      id: randomUUID(),
      tenantId: w.tenantId,
      userId: payer.id,
      status: 'paid',
      total: toMinor(70000),
      currency: 'IDR',
      createdAt: new Date(),
      paidAt: new Date(),
    });
    w.customerRecords.enrolmentRows.push({
      tenantId: w.tenantId,
      userId: payer.id,
      courseId: randomUUID(),
      courseTitle: 'C',
      status: 'active',
      progress: 100,
      completedAt: new Date(),
    });
    for (const [at, userId, ad] of [
      ['2026-03-01T18:00:00Z', payer.id, 'a1'],
      ['2026-03-01T10:00:00Z', null, 'a1'],
      ['2026-03-01T11:00:00Z', null, 'a2'],
    ] as const) {
      await w.leadRepository.insertIfAbsent({
        ...newLead({
          id: randomUUID(),
          tenantId: w.tenantId,
          provider: 'meta',
          externalId: randomUUID(),
          details: details(),
          source: { campaignId: 'c', formId: 'f', adId: ad },
          at: new Date(at),
        }),
        userId,
      });
    }
    await w.settingsReader.save(w.tenantId, { TimeZone: 'Asia/Jakarta' });
    const d = await makeGetCrmDashboard(w)(w.actor(admin), {}, false, 'day');
    expect(d.funnel).to.deep.equal({ leads: 3, linked: 1, paid: 1, completed: 1, revenue: toMinor(70000) });
    expect(d.bySource.find((s) => s.adId === 'a1')).to.deep.include({ leads: 2, paid: 1, revenue: toMinor(70000) });
    expect(d.series).to.deep.equal({
      period: 'day',
      timeZone: 'Asia/Jakarta',
      points: [
        { period: '2026-03-01', leads: 2, paid: 0, revenue: 0n },
        { period: '2026-03-02', leads: 1, paid: 1, revenue: toMinor(70000) },
      ],
    });
  });
});
