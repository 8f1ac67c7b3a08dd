import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { harness, type Harness, type TestTenant, type TestUser } from '../../support/harness.js';
import { googleLead } from '../../support/crm.js';
import { Role } from '../../../domain/identity/role.js';

interface Lead {
  id: string;
  name: string;
  assigned_to: string | null;
  city: string | null;
}

describe('HTTP CRM allocation: round-robin and geographic rules', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const setup = async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const key = `gkey-${randomUUID()}`;
    await h.http.put('/api/crm/integrations/google').set(admin.headers).send({ webhook_key: key }).expect(200);
    return { t, admin, key };
  };
  const send = (key: string, columns: Record<string, string>) =>
    h.http.post('/api/crm/webhooks/google').send(googleLead(key, `lead-${randomUUID()}`, columns));
  const allLeads = async (admin: TestUser): Promise<Lead[]> =>
    (await h.http.get('/api/crm/leads').query({ page_size: 100 }).set(admin.headers).expect(200)).body.data.items;
  const rules = (admin: TestUser, body: object) => h.http.put('/api/crm/automation').set(admin.headers).send(body);
  const sales = (t: TestTenant) => h.user(t, Role.Mentor);

  it('hands 30 concurrent leads in turn to 3 active members, 10 each, none to the inactive one, and alerts each', async () => {
    const { t, admin, key } = await setup();
    const [a, b, c, d] = await Promise.all([sales(t), sales(t), sales(t), sales(t)]);
    const res = await rules(admin, {
      mode: 'round_robin',
      members: [
        { user_id: a!.id, active: true },
        { user_id: b!.id, active: true },
        { user_id: c!.id, active: false },
        { user_id: d!.id, active: true },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data.members[2]).to.deep.equal({ user_id: c!.id, active: false, regions: [], categories: [] });

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => send(key, { FULL_NAME: `Lead ${i}`, PHONE_NUMBER: `0812000${String(i).padStart(5, '0')}` })),
    );
    expect(responses.map((r) => r.status)).to.deep.equal(Array(30).fill(200));
    await h.jobsIdle();

    const leads = await allLeads(admin);
    expect(leads).to.have.length(30);
    const count = (id: string) => leads.filter((l) => l.assigned_to === id).length;
    expect([count(a!.id), count(b!.id), count(c!.id), count(d!.id)]).to.deep.equal([10, 10, 0, 10]);
    for (const u of [a!, b!, d!])
      expect((await h.mailsTo(t, u.email)).filter((m) => m.template === 'crm_lead_assigned')).to.have.length(10);
    expect(await h.mailsTo(t, c!.email)).to.have.length(0);

    const detail = (await h.http.get(`/api/crm/leads/${leads[0]!.id}`).set(admin.headers).expect(200)).body.data;
    expect(detail.history.map((e: { type: string; reason: string | null }) => [e.type, e.reason])).to.deep.equal([
      ['created', null],
      ['assigned', 'round_robin'],
    ]);
    expect(detail.history[1].to_user_id).to.equal(detail.assigned_to);
  });

  it('skips members whose account is deactivated, and falls back when nobody is active', async () => {
    const { t, admin, key } = await setup();
    const active = await sales(t);
    const deactivated = await h.user(t, Role.Mentor, { status: 2 });
    const fallback = await sales(t);
    await rules(admin, { members: [{ user_id: active.id }, { user_id: deactivated.id }], fallback_user_id: fallback.id }).expect(200);
    await Promise.all([send(key, { FULL_NAME: 'One' }), send(key, { FULL_NAME: 'Two' })]);
    await h.jobsIdle();
    expect((await allLeads(admin)).map((l) => l.assigned_to)).to.deep.equal([active.id, active.id]);

    await rules(admin, { members: [{ user_id: active.id, active: false }] }).expect(200);
    await send(key, { FULL_NAME: 'Three' }).expect(200);
    await h.jobsIdle();
    const three = (await allLeads(admin)).find((l) => l.name === 'Three')!;
    expect(three.assigned_to).to.equal(fallback.id);
    const detail = (await h.http.get(`/api/crm/leads/${three.id}`).set(admin.headers)).body.data;
    expect(detail.history.at(-1)).to.include({ type: 'assigned', reason: 'fallback', to_user_id: fallback.id });

    await rules(admin, { fallback_user_id: null }).expect(200);
    await send(key, { FULL_NAME: 'Four' }).expect(200);
    await h.jobsIdle();
    expect((await allLeads(admin)).find((l) => l.name === 'Four')!.assigned_to).to.equal(null);
  });

  it('sends a Jakarta lead to the Jakarta member, rotates among several matches, and round-robins the unmatched', async () => {
    const { t, admin, key } = await setup();
    const [jakarta, jakarta2, bandung, surabaya] = await Promise.all([sales(t), sales(t), sales(t), sales(t)]);
    await rules(admin, {
      mode: 'geographic',
      members: [
        { user_id: jakarta!.id, regions: ['Jakarta'] },
        { user_id: bandung!.id, regions: ['Bandung', 'Jawa Barat'] },
        { user_id: surabaya!.id, regions: ['Surabaya'], categories: ['UTBK'] },
      ],
    }).expect(200);

    await send(key, { FULL_NAME: 'Jakarta city', CITY: 'Jakarta Selatan' }).expect(200);
    await h.jobsIdle();
    await send(key, { FULL_NAME: 'Jakarta region', REGION: 'DKI Jakarta' }).expect(200);
    await send(key, { FULL_NAME: 'Bekasi', CITY: 'Bekasi', REGION: 'Jawa Barat' }).expect(200);
    await send(key, { FULL_NAME: 'Medan UTBK', CITY: 'Medan', Kategori: 'utbk' }).expect(200);
    await h.jobsIdle();
    const byName = async () => Object.fromEntries((await allLeads(admin)).map((l) => [l.name, l.assigned_to]));
    expect(await byName()).to.deep.equal({
      'Jakarta city': jakarta!.id,
      'Jakarta region': jakarta!.id,
      Bekasi: bandung!.id,
      'Medan UTBK': surabaya!.id,
    });
    const jakartaLead = (await allLeads(admin)).find((l) => l.name === 'Jakarta city')!;
    const history = (await h.http.get(`/api/crm/leads/${jakartaLead.id}`).set(admin.headers)).body.data.history;
    expect(history.at(-1)).to.include({ type: 'assigned', reason: 'geographic' });
    expect((await h.mailsTo(t, jakarta!.email)).map((m) => m.subject)).to.include('New lead assigned: Jakarta city');

    // No match: every active member in turn.
    for (const name of ['Medan 1', 'Medan 2', 'Medan 3']) await send(key, { FULL_NAME: name, CITY: 'Medan' }).expect(200);
    await h.jobsIdle();
    const medan = (await allLeads(admin)).filter((l) => /^Medan \d$/.test(l.name)).map((l) => l.assigned_to);
    expect(new Set(medan)).to.deep.equal(new Set([jakarta!.id, bandung!.id, surabaya!.id]));

    // Two Jakarta members: they take Jakarta leads in turn.
    await rules(admin, {
      members: [
        { user_id: jakarta!.id, regions: ['Jakarta'] },
        { user_id: jakarta2!.id, regions: ['jakarta'] },
        { user_id: bandung!.id, regions: ['Bandung'] },
      ],
    }).expect(200);
    for (const name of ['JKT A', 'JKT B', 'JKT C', 'JKT D']) await send(key, { FULL_NAME: name, CITY: 'Kota Jakarta Pusat' }).expect(200);
    await h.jobsIdle();
    const jkt = (await allLeads(admin)).filter((l) => l.name.startsWith('JKT ')).map((l) => l.assigned_to);
    expect(jkt.filter((id) => id === jakarta!.id)).to.have.length(2);
    expect(jkt.filter((id) => id === jakarta2!.id)).to.have.length(2);
  });

  it('validates the rules: known users of the tenant, no duplicates, Admin only', async () => {
    const { t, admin } = await setup();
    const other = await h.tenant();
    const stranger = await h.user(other, Role.Mentor);
    const member = await sales(t);
    const bad = await rules(admin, { members: [{ user_id: stranger.id }] });
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.match(/members\.0\.user_id/);
    expect((await rules(admin, { members: [{ user_id: member.id }, { user_id: member.id }] })).status).to.equal(400);
    expect((await rules(admin, { fallback_user_id: stranger.id })).status).to.equal(400);
    expect((await rules(admin, { mode: 'random' })).status).to.equal(400);
    expect((await h.http.put('/api/crm/automation').set(member.headers).send({ mode: 'geographic' })).status).to.equal(403);
    expect((await h.http.get('/api/crm/automation').set(member.headers)).status).to.equal(403);
    // Nothing was saved by the refused calls.
    expect((await h.http.get('/api/crm/automation').set(admin.headers)).body.data).to.deep.equal({
      mode: 'round_robin',
      members: [],
      fallback_user_id: null,
      close_on_payment: true,
    });
    // Any subset: mode alone keeps the members.
    await rules(admin, { members: [{ user_id: member.id, regions: ['Bali'] }] }).expect(200);
    const after = (await rules(admin, { mode: 'geographic' }).expect(200)).body.data;
    expect(after).to.deep.equal({
      mode: 'geographic',
      members: [{ user_id: member.id, active: true, regions: ['Bali'], categories: [] }],
      fallback_user_id: null,
      close_on_payment: true,
    });
  });
});
