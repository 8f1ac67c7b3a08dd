import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { computeKpis, mean2, percentage, round2, type LeadAggregateRow } from '../../../domain/crm/kpi.js';

const row = (
  status: LeadAggregateRow['status'],
  provider: string,
  count: number,
  won: Partial<LeadAggregateRow> = {},
): LeadAggregateRow => ({
  status,
  provider,
  count,
  wonValueSum: 0n,
  wonValueCount: 0,
  wonSecondsSum: 0,
  wonClosedCount: 0,
  ...won,
});

describe('domain/crm KPI formulas', () => {
  it('rounds half away from zero to 2 decimals, without binary surprises', () => {
    expect(round2(1.005)).to.equal(1.01);
    expect(round2(2 / 3)).to.equal(0.67);
    expect(round2(44.444)).to.equal(44.44);
    expect(round2(-1.005)).to.equal(-1.01);
    expect(round2(Number.NaN)).to.equal(0);
    expect(percentage(1, 3)).to.equal(33.33);
    expect(percentage(2, 3)).to.equal(66.67);
    expect(percentage(0, 0)).to.equal(0);
    expect(mean2(10, 4)).to.equal(2.5);
    expect(mean2(5, 0)).to.equal(0);
  });

  it('computes active leads, conversion, deal size and velocity from grouped rows', () => {
    const day = 86_400;
    const k = computeKpis([
      row('new', 'meta', 4),
      row('contacted', 'google', 2),
      row('qualified', 'meta', 1),
      row('converted', 'manual', 1),
      row('closed_won', 'meta', 2, { wonValueSum: toMinor(3_000_000), wonValueCount: 2, wonSecondsSum: 3 * day, wonClosedCount: 2 }),
      row('closed_won', 'google', 1, { wonValueSum: 0n, wonValueCount: 0, wonSecondsSum: 0.5 * day, wonClosedCount: 1 }),
      row('closed_lost', 'referral', 1),
    ]);
    expect(k).to.deep.equal({
      totalLeads: 12,
      totalActiveLeads: 6,
      conversionRate: 33.33, // (1 converted + 3 won) / 12
      averageDealSize: toMinor(1_500_000), // a won lead without a value is left out, not counted as 0
      salesVelocityDays: 1.17, // (3 + 0.5) / 3
      leadsByStatus: { new: 4, contacted: 2, qualified: 1, unqualified: 0, converted: 1, closed_won: 3, closed_lost: 1 },
      leadsByProvider: { meta: 7, google: 3, manual: 1, referral: 1 },
    });
  });

  it('answers zeros for no leads', () => {
    expect(computeKpis([])).to.deep.include({
      totalLeads: 0,
      totalActiveLeads: 0,
      conversionRate: 0,
      averageDealSize: 0n,
      salesVelocityDays: 0,
    });
  });
});
