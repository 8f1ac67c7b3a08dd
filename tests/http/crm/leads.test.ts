import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP CRM leads: manual leads, list filters, stage changes with history', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const create = (admin: TestUser, body: Record<string, unknown>) => h.http.post('/api/crm/leads').set(admin.headers).send(body);
  const patch = (admin: TestUser, id: string, body: Record<string, unknown>) =>
    h.http.patch(`/api/crm/leads/${id}`).set(admin.headers).send(body);

  it('creates a manual lead with a normalised phone, custom answers and its history; the same external id answers the same lead', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const res = await create(admin, {
      name: '  Wulan Sari ',
      phone: '0857-1234-5678',
      email: 'Wulan@Example.com',
      city: 'Depok',
      region: 'Jawa Barat',
      category: 'SNBT',
      answers: { 'Preferred time': 'evening', Budget: 1500000 },
      external_id: 'walkin-1',
      provider: 'walk_in',
      role: 100,
      tenant_id: randomUUID(),
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const lead = res.body.data;
    expect(lead).to.include({
      name: 'Wulan Sari',
      phone: '+6285712345678',
      email: 'wulan@example.com',
      city: 'Depok',
      region: 'Jawa Barat',
      category: 'SNBT',
      provider: 'walk_in',
      external_id: 'walkin-1',
      status: 'new',
      assigned_to: null,
      value: null,
      is_test: false,
      closed_at: null,
    });
    expect(lead.status_changed_at).to.equal(lead.created_at);
    expect(lead.answers).to.deep.equal([
      { question: 'Preferred time', answer: 'evening' },
      { question: 'Budget', answer: '1500000' },
    ]);
    expect(lead.history).to.have.length(1);
    expect(lead.history[0]).to.include({ type: 'created', to_status: 'new', actor_id: admin.id });

    const again = await create(admin, { name: 'Someone else', external_id: 'walkin-1', provider: 'walk_in' });
    expect(again.status).to.equal(200);
    expect(again.body.message).to.equal('Lead already exists');
    expect(again.body.data.id).to.equal(lead.id);
    expect((await h.http.get('/api/crm/leads').set(admin.headers)).body.data.total).to.equal(1);
  });

  it('refuses invalid leads with 400 and writes nothing', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const stranger = await h.user(await h.tenant(), Role.Mentor);
    for (const body of [
      {},
      { name: '' },
      { name: 'X', provider: 'meta' },
      { name: 'X', phone: 'call me' },
      { name: 'X', status: 'won' },
      { name: 'X', value: -5 },
      { name: 'X', assigned_to: stranger.id },
      { name: 'X', email: 'nope' },
    ]) {
      const res = await create(admin, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.message).to.equal('Invalid parameters');
    }
    expect((await h.http.get('/api/crm/leads').set(admin.headers)).body.data.total).to.equal(0);
  });

  it('moves a lead through its stages: status_changed_at, closed_at and the stage history', async () => {
    const t = await h.tenant();
    let admin = await h.user(t, Role.Admin);
    const rep = await h.user(t, Role.Mentor);
    const lead = (await create(admin, { name: 'Dimas', phone: '+6281311112222' }).expect(200)).body.data;
    try {
      h.clock.advance(60_000);
      const contacted = (await patch(admin, lead.id, { status: 'contacted', note: 'Called, interested' }).expect(200)).body.data;
      expect(contacted.status).to.equal('contacted');
      expect(new Date(contacted.status_changed_at).getTime()).to.be.greaterThan(new Date(lead.status_changed_at).getTime());
      expect(contacted.closed_at).to.equal(null);

      // The same status again is no change: no history entry, status_changed_at unchanged.
      h.clock.advance(60_000);
      const same = (await patch(admin, lead.id, { status: 'contacted' }).expect(200)).body.data;
      expect(same.status_changed_at).to.equal(contacted.status_changed_at);
      expect(same.history).to.have.length(contacted.history.length);

      const assigned = (await patch(admin, lead.id, { assigned_to: rep.id }).expect(200)).body.data;
      expect(assigned.assigned_to).to.equal(rep.id);
      expect((await h.mailsTo(t, rep.email)).map((m) => m.subject)).to.deep.equal(['New lead assigned: Dimas']);

      // Access tokens live 5 minutes: a later day needs a fresh login.
      h.clock.advance(2 * 86_400_000);
      admin = await h.user(t, Role.Admin);
      const won = (await patch(admin, lead.id, { status: 'closed_won', value: 4_500_000 }).expect(200)).body.data;
      expect(won).to.include({ status: 'closed_won', value: 4_500_000 });
      expect(won.closed_at).to.equal(won.status_changed_at);

      h.clock.advance(60_000);
      const reopened = (await patch(admin, lead.id, { status: 'qualified', note: 'Payment bounced' }).expect(200)).body.data;
      expect(reopened.closed_at).to.equal(null);

      const detail = (await h.http.get(`/api/crm/leads/${lead.id}`).set(admin.headers).expect(200)).body.data;
      expect(
        detail.history.map((e: { type: string; from_status: string | null; to_status: string | null; note: string | null }) => [
          e.type,
          e.from_status,
          e.to_status,
          e.note,
        ]),
      ).to.deep.equal([
        ['created', null, 'new', null],
        ['status_changed', 'new', 'contacted', 'Called, interested'],
        ['assigned', null, null, null],
        ['status_changed', 'contacted', 'closed_won', null],
        ['value_changed', null, null, null],
        ['status_changed', 'closed_won', 'qualified', 'Payment bounced'],
      ]);
      expect(detail.history[2]).to.include({ to_user_id: rep.id, reason: 'manual' });
      expect(detail.history[1].actor_id).to.not.equal(detail.history[3].actor_id);
      expect(detail.history[4].value).to.equal(4_500_000);

      // A note alone is an entry of its own.
      const noted = (await patch(admin, lead.id, { note: 'Will call back Monday' }).expect(200)).body.data;
      expect(noted.history.at(-1)).to.include({ type: 'note', note: 'Will call back Monday' });
    } finally {
      h.clock.reset();
    }
  });

  it('filters the list by status, assignee, provider, search and dates; newest first', async () => {
    const t = await h.tenant();
    let admin = await h.user(t, Role.Admin);
    const rep = await h.user(t, Role.Mentor);
    try {
      const a = (await create(admin, { name: 'Ayu Lestari', email: 'ayu@example.com', provider: 'referral' }).expect(200)).body.data;
      h.clock.advance(86_400_000);
      admin = await h.user(t, Role.Admin);
      const b = (await create(admin, { name: 'Bayu', phone: '081234567890', assigned_to: rep.id }).expect(200)).body.data;
      h.clock.advance(86_400_000);
      admin = await h.user(t, Role.Admin);
      const c = (await create(admin, { name: 'Citra', status: 'contacted', is_test: true }).expect(200)).body.data;
      const ids = async (query: Record<string, string>) =>
        (await h.http.get('/api/crm/leads').query(query).set(admin.headers).expect(200)).body.data.items.map((l: { id: string }) => l.id);
      expect(await ids({})).to.deep.equal([c.id, b.id, a.id]);
      expect(await ids({ status: 'contacted' })).to.deep.equal([c.id]);
      expect(await ids({ assigned_to: rep.id })).to.deep.equal([b.id]);
      expect(await ids({ assigned_to: 'none' })).to.deep.equal([c.id, a.id]);
      expect(await ids({ provider: 'referral' })).to.deep.equal([a.id]);
      expect(await ids({ search: 'LESTARI' })).to.deep.equal([a.id]);
      expect(await ids({ search: '1234567' })).to.deep.equal([b.id]);
      expect(await ids({ is_test: 'true' })).to.deep.equal([c.id]);
      const day = (iso: string) => iso.slice(0, 10);
      expect(await ids({ from: day(b.created_at), to: day(b.created_at) })).to.deep.equal([b.id]);
      expect(await ids({ from: b.created_at })).to.deep.equal([c.id, b.id]);
      expect(await ids({ to: b.created_at })).to.deep.equal([a.id]);
      const paged = (await h.http.get('/api/crm/leads').query({ page: 2, page_size: 2 }).set(admin.headers)).body.data;
      expect(paged).to.deep.include({ total: 3, page: 2, page_size: 2 });
      expect(paged.items.map((l: { id: string }) => l.id)).to.deep.equal([a.id]);
      expect((await h.http.get('/api/crm/leads').query({ assigned_to: 'nobody' }).set(admin.headers)).status).to.equal(400);
    } finally {
      h.clock.reset();
    }
  });

  it("is Admin only, and another tenant's lead is not found", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const mentor = await h.user(t, Role.Mentor);
    const lead = (await create(admin, { name: 'Private' }).expect(200)).body.data;
    expect((await h.http.get('/api/crm/leads').set(mentor.headers)).status).to.equal(403);
    expect((await h.http.get(`/api/crm/leads/${lead.id}`).set(mentor.headers)).status).to.equal(403);
    expect((await h.http.get('/api/crm/leads').set(t.headers)).status).to.equal(401);
    const otherAdmin = await h.user(await h.tenant(), Role.Admin);
    for (const res of [
      await h.http.get(`/api/crm/leads/${lead.id}`).set(otherAdmin.headers),
      await patch(otherAdmin, lead.id, { status: 'contacted' }),
    ]) {
      expect(res.status).to.equal(404);
      expect(res.body.message).to.equal('Record not found');
    }
    expect((await h.http.get(`/api/crm/leads/${lead.id}`).set(admin.headers)).body.data.status).to.equal('new');
    expect((await h.http.get('/api/crm/leads/not-a-uuid').set(admin.headers)).status).to.equal(400);
    expect((await patch(admin, lead.id, { assigned_to: otherAdmin.id })).status).to.equal(400);
  });
});
