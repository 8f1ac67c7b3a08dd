import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { randomUUID } from 'node:crypto';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import type { LeadRepository } from '../../../application/crm/ports/lead-repository.js';
import type { Lead, LeadStatus } from '../../../domain/crm/lead.js';

/**
 * A hand-computed fixture (all times UTC):
 *
 *  # provider status       value      created      closed
 *  1 meta     new                     01-05
 *  2 meta     contacted               01-06
 *  3 google   qualified               01-07
 *  4 google   converted               01-08
 *  5 manual   closed_won   1,000,000  01-10 00:00  01-13 12:00  (3.5 days)
 *  6 meta     closed_won   2,500,000  01-11 00:00  01-12 00:00  (1 day)
 *  7 google   closed_won   (none)     01-12 00:00  01-22 00:00  (10 days)
 *  8 meta     closed_lost    500,000  01-15        01-16
 *  9 meta     unqualified             01-20
 * 10 meta     new          test lead  01-21                     (left out unless include_test)
 * 11 google   new                     02-01
 *
 * All time: 10 leads; active = new + contacted = 3; converted = converted + closed_won = 4 → 40.00 %;
 * average deal size = (1,000,000 + 2,500,000) / 2 = 1,750,000 (a won deal without value is not a 0);
 * sales velocity = (3.5 + 1 + 10) / 3 = 4.8333… → 4.83 days.
 * January (from 2026-01-01 to 2026-01-31): 9 leads, active 2, 4/9 = 44.44 %.
 * Up to 2026-01-10 (leads 1–5): 5 leads, active 2, 2/5 = 40.00 %, deal 1,000,000, velocity 3.5.
 */
describe('HTTP CRM dashboard: KPIs against a hand-computed fixture', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const seed = async (tenantId: string) => {
    const repo = h.resolve<LeadRepository>('leadRepository');
    const rows: Array<[string, LeadStatus, number | null, string, string | null, boolean?]> = [
      ['meta', 'new', null, '2026-01-05T09:00:00Z', null],
      ['meta', 'contacted', null, '2026-01-06T09:00:00Z', null],
      ['google', 'qualified', null, '2026-01-07T09:00:00Z', null],
      ['google', 'converted', null, '2026-01-08T09:00:00Z', null],
      ['manual', 'closed_won', 1_000_000, '2026-01-10T00:00:00Z', '2026-01-13T12:00:00Z'],
      ['meta', 'closed_won', 2_500_000, '2026-01-11T00:00:00Z', '2026-01-12T00:00:00Z'],
      ['google', 'closed_won', null, '2026-01-12T00:00:00Z', '2026-01-22T00:00:00Z'],
      ['meta', 'closed_lost', 500_000, '2026-01-15T09:00:00Z', '2026-01-16T09:00:00Z'],
      ['meta', 'unqualified', null, '2026-01-20T09:00:00Z', null],
      ['meta', 'new', null, '2026-01-21T09:00:00Z', null, true],
      ['google', 'new', null, '2026-02-01T09:00:00Z', null],
    ];
    for (const [provider, status, value, created, closed, isTest] of rows) {
      const at = new Date(created);
      const lead: Lead = {
        id: randomUUID(),
        tenantId,
        provider,
        externalId: randomUUID(),
        name: 'Fixture',
        phone: null,
        email: null,
        city: null,
        region: null,
        category: null,
        answers: [],
        isTest: isTest ?? false,
        status,
        assignedTo: null,
        value: value === null ? null : toMinor(value),
        createdAt: at,
        updatedAt: at,
        statusChangedAt: closed ? new Date(closed) : at,
        closedAt: closed ? new Date(closed) : null,
        userId: null,
        suggestedUserId: null,
        linkCandidates: null,
        campaignId: null,
        formId: null,
        adId: null,
      };
      expect(await repo.insertIfAbsent(lead)).to.equal(true);
    }
  };

  it("answers the contract's figures over all leads and over date ranges", async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    await seed(t.id);
    const get = async (query: Record<string, string>) => {
      const res = await h.http.get('/api/crm/dashboard').query(query).set(admin.headers);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body.data;
    };

    expect(await get({})).to.deep.equal({
      total_leads: 10,
      total_active_leads: 3,
      conversion_rate: 40,
      average_deal_size: 1_750_000,
      sales_velocity_days: 4.83,
      leads_by_status: { new: 2, contacted: 1, qualified: 1, unqualified: 1, converted: 1, closed_won: 3, closed_lost: 1 },
      leads_by_provider: { meta: 5, google: 4, manual: 1 },
      // Nobody in this fixture is a user: the funnel stops at the leads (see crm-funnel.test.ts).
      funnel: { leads: 10, linked: 0, paid: 0, completed: 0, linked_rate: 0, paid_rate: 0, completed_rate: 0, revenue: 0 },
      by_source: [
        ['meta', 5],
        ['google', 4],
        ['manual', 1],
      ].map(([provider, leads]) => ({
        provider,
        campaign_id: null,
        form_id: null,
        ad_id: null,
        leads,
        linked: 0,
        paid: 0,
        completed: 0,
        revenue: 0,
        conversion_rate: 0,
      })),
    });
    expect(await get({ from: '2026-01-01', to: '2026-01-31' })).to.deep.include({
      total_leads: 9,
      total_active_leads: 2,
      conversion_rate: 44.44,
      average_deal_size: 1_750_000,
      sales_velocity_days: 4.83,
    });
    expect(await get({ to: '2026-01-10' })).to.deep.include({
      total_leads: 5,
      total_active_leads: 2,
      conversion_rate: 40,
      average_deal_size: 1_000_000,
      sales_velocity_days: 3.5,
    });
    expect(await get({ from: '2026-01-10T12:00:00Z', to: '2026-01-12T00:00:00Z' })).to.deep.include({
      total_leads: 1,
      conversion_rate: 100,
      average_deal_size: 2_500_000,
      sales_velocity_days: 1,
    });
    expect((await get({ include_test: 'true' })).total_leads).to.equal(11);
    expect(await get({ from: '2030-01-01' })).to.deep.include({
      total_leads: 0,
      total_active_leads: 0,
      conversion_rate: 0,
      average_deal_size: 0,
      sales_velocity_days: 0,
    });

    // Another tenant sees none of it.
    const other = await h.user(await h.tenant(), Role.Admin);
    expect((await h.http.get('/api/crm/dashboard').set(other.headers)).body.data.total_leads).to.equal(0);
    expect((await h.http.get('/api/crm/dashboard').query({ from: 'yesterday' }).set(admin.headers)).status).to.equal(400);
    expect((await h.http.get('/api/crm/dashboard').set((await h.user(t, Role.Mentor)).headers)).status).to.equal(403);
  });

  it('adds a CRM section to the dashboard overview for Admins only', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    await seed(t.id);
    const overview = (await h.http.get('/api/dashboard/overview').set(admin.headers).expect(200)).body.data;
    expect(overview.crm).to.deep.include({ total_leads: 10, total_active_leads: 3, conversion_rate: 40, failed_webhook_deliveries: 0 });
    const student = await h.user(t, Role.Student);
    expect((await h.http.get('/api/dashboard/overview').set(student.headers).expect(200)).body.data).to.not.have.property('crm');
  });
});

describe('HTTP CRM OpenAPI', () => {
  it('documents the CRM routes from their zod schemas', async () => {
    const h = await harness();
    const res = await h.http.get('/api/openapi.json').expect(200);
    const paths = Object.keys(res.body.paths ?? res.body.data?.paths ?? {});
    for (const p of [
      '/api/crm/dashboard',
      '/api/crm/leads',
      '/api/crm/leads/{id}',
      '/api/crm/automation',
      '/api/crm/integrations/{provider}',
      '/api/crm/webhooks/meta',
      '/api/crm/webhooks/google',
      '/api/crm/webhook-deliveries/{id}/retry',
    ]) {
      expect(paths, p).to.include(p);
    }
  });
});
