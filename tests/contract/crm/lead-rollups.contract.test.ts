import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { LEAD_STATUSES, type Lead } from '../../../domain/crm/lead.js';
import { toMinor } from '../../../domain/shared/money.js';
import type { LeadRepository } from '../../../application/crm/ports/lead-repository.js';

/** A small deterministic generator: a failure replays with the same writes. */
const generator = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/**
 * The dashboard's rollups (migration 0995) are kept by a trigger in the writing transaction: after
 * any mix of inserts, status and value changes, relinks, test flags and deletes they equal a full
 * count of the leads, and a range cut to the minute answers what a pass over its leads answers.
 * On the configured engine (PGlite, or PostgreSQL with DATABASE_URL).
 */
describe('contract: CRM lead rollups equal a full count of the leads', () => {
  let h: Harness;
  let knex: Knex;
  before(async () => {
    h = await harness();
    knex = h.app.db.knex;
  });

  const dailyFromLeads = async (tenantId: string) =>
    (
      (await knex.raw(
        `select to_char(date_bin('1 day', created_at, timestamptz '2000-01-01 00:00:00+00') at time zone 'UTC', 'YYYY-MM-DD') as day, provider,
            coalesce(campaign_id, '-') as campaign, coalesce(form_id, '-') as form, coalesce(ad_id, '-') as ad, status, is_test,
            count(*)::int as leads, count(user_id)::int as linked,
            coalesce(sum(value) filter (where status = 'closed_won'), 0)::numeric(20, 2)::text as won_value_sum,
            (count(value) filter (where status = 'closed_won'))::int as won_value_count,
            coalesce(sum(extract(epoch from (closed_at - created_at))) filter (where status = 'closed_won'), 0)::numeric(20, 6)::text as won_seconds_sum,
            (count(closed_at) filter (where status = 'closed_won'))::int as won_closed_count
       from crm_leads where tenant_id = ? group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`,
        [tenantId],
      )) as { rows: unknown[] }
    ).rows;
  const dailyRollup = async (tenantId: string) =>
    (
      (await knex.raw(
        `select to_char(day at time zone 'UTC', 'YYYY-MM-DD') as day, provider, coalesce(campaign_id, '-') as campaign, coalesce(form_id, '-') as form,
            coalesce(ad_id, '-') as ad, status, is_test, leads::int as leads, linked::int as linked, won_value_sum::numeric(20, 2)::text as won_value_sum,
            won_value_count::int as won_value_count, won_seconds_sum::numeric(20, 6)::text as won_seconds_sum, won_closed_count::int as won_closed_count
       from crm_lead_daily where tenant_id = ? and leads <> 0 order by 1, 2, 3, 4, 5, 6, 7`,
        [tenantId],
      )) as { rows: unknown[] }
    ).rows;
  const quartersFromLeads = async (tenantId: string) =>
    (
      (await knex.raw(
        `select date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') as quarter, is_test, count(*)::int as leads
       from crm_leads where tenant_id = ? group by 1, 2 order by 1, 2`,
        [tenantId],
      )) as { rows: unknown[] }
    ).rows;
  const quarterRollup = async (tenantId: string) =>
    (
      (await knex.raw(
        'select quarter, is_test, leads::int as leads from crm_lead_quarters where tenant_id = ? and leads <> 0 order by 1, 2',
        [tenantId],
      )) as { rows: unknown[] }
    ).rows;

  it('equals a full count after random inserts, changes and deletes, and answers ranges cut to the minute as the leads do', async () => {
    const random = generator(20_261_128);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const t = await h.tenant();
    const users = [await h.user(t, Role.Student), await h.user(t, Role.Student)];
    const repo = h.resolve<LeadRepository>('leadRepository');
    const start = Date.parse('2026-03-01T00:00:00Z');
    const ids: string[] = [];
    for (let i = 0; i < 160; i += 1) {
      // Times spread over ten days with minutes and milliseconds, so days, quarters and edges all matter.
      const at = new Date(start + Math.floor(random() * 10 * 86_400_000));
      const status = pick(LEAD_STATUSES);
      const lead: Lead = {
        id: randomUUID(),
        tenantId: t.id,
        provider: pick(['meta', 'google', 'manual']),
        externalId: randomUUID(),
        name: `Lead ${i}`,
        phone: null,
        email: null,
        city: null,
        region: null,
        category: null,
        answers: [],
        status,
        assignedTo: null,
        value: random() < 0.5 ? toMinor((Math.floor(random() * 10_000_000) / 100).toFixed(2)) : null,
        isTest: random() < 0.15,
        userId: random() < 0.3 ? pick(users).id : null,
        linkCandidates: null,
        suggestedUserId: null,
        campaignId: pick([null, 'c1', 'c2']),
        formId: pick([null, 'f1']),
        adId: pick([null, 'a1', 'a2']),
        createdAt: at,
        updatedAt: at,
        statusChangedAt: at,
        closedAt: random() < 0.6 ? new Date(at.getTime() + Math.floor(random() * 5 * 86_400_000)) : null,
      };
      expect(await repo.insertIfAbsent(lead)).to.equal(true);
      ids.push(lead.id);
    }
    for (let i = 0; i < 120; i += 1) {
      const lead = (await repo.findById(t.id, pick(ids)))!;
      const change = random();
      if (change < 0.5)
        await repo.update({
          ...lead,
          status: pick(LEAD_STATUSES),
          closedAt: random() < 0.5 ? null : new Date(lead.createdAt.getTime() + 3_600_000),
        });
      else if (change < 0.7)
        await repo.update({ ...lead, value: random() < 0.3 ? null : toMinor('1234.56'), userId: random() < 0.5 ? null : pick(users).id });
      else if (change < 0.85) await repo.update({ ...lead, isTest: !lead.isTest, campaignId: pick([null, 'c1', 'c3']) });
      else await repo.update({ ...lead, name: 'Renamed' });
    }
    for (let i = 0; i < 30; i += 1) {
      const id = ids.splice(Math.floor(random() * ids.length), 1)[0]!;
      await knex('crm_leads').where({ tenantId: t.id, id }).delete();
    }
    // Statements over many leads at once (the rollups are kept per statement since 1021): a bulk
    // status change, a bulk relink and test flag, a bulk delete.
    await knex('crm_leads')
      .where({ tenantId: t.id })
      .whereIn('id', ids.slice(10, 40))
      .update({ status: 'closed_won', closedAt: new Date(start + 12 * 86_400_000) });
    // Untyped: the typed row takes no raw expression for a column.
    await knex<Record<string, unknown>>('crm_leads')
      .where({ tenant_id: t.id })
      .whereIn('id', ids.slice(30, 60))
      .update({ user_id: users[0]!.id, is_test: knex.raw('not is_test') });
    await knex('crm_leads').where({ tenantId: t.id }).whereIn('id', ids.splice(60, 20)).delete();
    // Some changes inside one transaction, one of them undone by a rollback.
    await knex.transaction(async (trx) => {
      await trx('crm_leads')
        .where({ tenantId: t.id, id: ids[0]! })
        .update({ status: 'closed_won', value: '99.99', closedAt: new Date(start + 20 * 86_400_000) });
      await trx('crm_leads').where({ tenantId: t.id, id: ids[1]! }).delete();
    });
    await knex
      .transaction(async (trx) => {
        await trx('crm_leads').where({ tenantId: t.id, id: ids[2]! }).delete();
        throw new Error('rolled back');
      })
      .catch(() => undefined);

    expect(await dailyRollup(t.id)).to.deep.equal(await dailyFromLeads(t.id));
    expect(await quarterRollup(t.id)).to.deep.equal(await quartersFromLeads(t.id));

    // Ranges to the minute, the day and none: the rollup's answer equals a pass over the leads.
    const live = async (from: Date | undefined, to: Date | undefined, includeTest: boolean) =>
      (
        (await knex.raw(
          `select status, provider, count(*)::int as count, coalesce(sum(value) filter (where status = 'closed_won'), 0)::numeric(20, 2)::text as won_value_sum,
              (count(closed_at) filter (where status = 'closed_won'))::int as won_closed_count
         from crm_leads where tenant_id = ? and (? or not is_test) and created_at >= coalesce(?::timestamptz, ` +
            `'-infinity') and created_at < coalesce(?::timestamptz, 'infinity')
        group by 1, 2 order by 1, 2`,
          [t.id, includeTest, from ?? null, to ?? null],
        )) as { rows: Array<{ status: string; provider: string; count: number; won_value_sum: string; won_closed_count: number }> }
      ).rows;
    const ranges: Array<[Date | undefined, Date | undefined]> = [
      [undefined, undefined],
      [new Date(start + 2 * 86_400_000), new Date(start + 5 * 86_400_000)],
    ];
    for (let i = 0; i < 6; i += 1) {
      const a = start + Math.floor(random() * 11 * 86_400_000);
      const b = a + Math.floor(random() * 4 * 86_400_000);
      ranges.push([new Date(a), new Date(b)], [new Date(a), undefined], [undefined, new Date(b)], [new Date(a), new Date(a + 600_000)]);
    }
    for (const [from, to] of ranges) {
      for (const includeTest of [false, true]) {
        const rolled = (await repo.aggregate(t.id, { from, to }, includeTest))
          .map((r) => ({
            status: r.status,
            provider: r.provider,
            count: r.count,
            won_value_sum: (Number(r.wonValueSum) / 100).toFixed(2),
            won_closed_count: r.wonClosedCount,
          }))
          .sort((x, y) => x.status.localeCompare(y.status) || x.provider.localeCompare(y.provider));
        const expected = (await live(from, to, includeTest)).sort(
          (x, y) => x.status.localeCompare(y.status) || x.provider.localeCompare(y.provider),
        );
        expect(rolled, `${from?.toISOString()} – ${to?.toISOString()} test ${includeTest}`).to.deep.equal(expected);
      }
    }
  });
});
