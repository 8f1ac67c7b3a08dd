import { expect } from 'chai';
import { memberAt, placeMatches, planAllocation, type AutomationRules } from '../../../domain/crm/allocation.js';

const member = (userId: string, extra: Partial<AutomationRules['members'][number]> = {}) => ({
  userId,
  active: true,
  regions: [],
  categories: [],
  ...extra,
});
const everyone = new Set(['a', 'b', 'c', 'd', 'f']);
const lead = (city: string | null, region: string | null = null, category: string | null = null) => ({ city, region, category });

describe('domain/crm allocation', () => {
  it('round-robin: active members only, in their order, by the pool position', () => {
    const rules: AutomationRules = {
      mode: 'round_robin',
      members: [member('a'), member('b'), member('c', { active: false }), member('d')],
      fallbackUserId: 'f',
      closeOnPayment: true,
    };
    const plan = planAllocation(rules, lead('Jakarta'), everyone);
    expect(plan).to.deep.include({ kind: 'pool', userIds: ['a', 'b', 'd'], reason: 'round_robin' });
    if (plan.kind !== 'pool') throw new Error('pool expected');
    const turns = Array.from({ length: 30 }, (_, i) => memberAt(plan.userIds, i + 1));
    expect(turns.slice(0, 4)).to.deep.equal(['a', 'b', 'd', 'a']);
    expect(['a', 'b', 'c', 'd'].map((id) => turns.filter((t) => t === id).length)).to.deep.equal([10, 10, 0, 10]);
  });

  it('treats members who cannot receive leads (deactivated accounts) as inactive, then falls back, then nobody', () => {
    const rules: AutomationRules = { mode: 'round_robin', members: [member('a'), member('x')], fallbackUserId: 'f', closeOnPayment: true };
    expect(planAllocation(rules, lead(null), everyone)).to.deep.include({ userIds: ['a'] });
    expect(planAllocation({ ...rules, members: [member('a', { active: false })] }, lead(null), everyone)).to.deep.equal({
      kind: 'user',
      userId: 'f',
      reason: 'fallback',
    });
    expect(planAllocation({ ...rules, members: [] }, lead(null), new Set(['a']))).to.deep.equal({ kind: 'none' });
    expect(
      planAllocation({ mode: 'round_robin', members: [], fallbackUserId: null, closeOnPayment: true }, lead(null), everyone),
    ).to.deep.equal({ kind: 'none' });
  });

  it('geographic: city or region matches, several matches take turns, no match round-robins over everyone', () => {
    const rules: AutomationRules = {
      mode: 'geographic',
      members: [
        member('a', { regions: ['Jakarta'] }),
        member('b', { regions: ['Jakarta', 'Bogor'] }),
        member('c', { regions: ['Bandung'], categories: ['UTBK'] }),
        member('d', { regions: ['Jakarta'], active: false }),
      ],
      fallbackUserId: 'f',
      closeOnPayment: true,
    };
    expect(planAllocation(rules, lead('Jakarta Selatan'), everyone)).to.deep.include({ userIds: ['a', 'b'], reason: 'geographic' });
    expect(planAllocation(rules, lead(null, 'DKI Jakarta'), everyone)).to.deep.include({ userIds: ['a', 'b'] });
    expect(planAllocation(rules, lead('Kabupaten Bogor'), everyone)).to.deep.include({ userIds: ['b'] });
    expect(planAllocation(rules, lead('Medan', null, 'utbk'), everyone)).to.deep.include({ userIds: ['c'], reason: 'category' });
    // Place and category both matching beat a single match.
    expect(
      planAllocation(
        { ...rules, members: [...rules.members, member('e', { regions: ['Jakarta'], categories: ['UTBK'] })] },
        lead('Jakarta', null, 'UTBK'),
        new Set([...everyone, 'e']),
      ),
    ).to.deep.include({ userIds: ['e'] });
    const none = planAllocation(rules, lead('Medan'), everyone);
    expect(none).to.deep.include({ userIds: ['a', 'b', 'c'], reason: 'round_robin' });
    // Pools have their own cursors: the key names the pool's members.
    const jkt = planAllocation(rules, lead('Jakarta'), everyone);
    if (none.kind !== 'pool' || jkt.kind !== 'pool') throw new Error('pools expected');
    expect(none.poolKey).to.not.equal(jkt.poolKey);
    // The round_robin mode ignores places.
    expect(planAllocation({ ...rules, mode: 'round_robin' }, lead('Jakarta'), everyone)).to.deep.include({ userIds: ['a', 'b', 'c'] });
  });

  it('matches places by whole words, ignoring case, accents and kind-of-place words', () => {
    expect(placeMatches('Jakarta', 'DKI JAKARTA')).to.equal(true);
    expect(placeMatches('jakarta selatan', 'Kota Jakarta Selatan')).to.equal(true);
    expect(placeMatches('Jakarta Selatan', 'Jakarta Utara')).to.equal(false);
    expect(placeMatches('Jawa', 'Jawa Barat')).to.equal(true);
    expect(placeMatches('Jawa Barat', 'Jawa Tengah')).to.equal(false);
    expect(placeMatches('Bali', 'Balikpapan')).to.equal(false);
    expect(placeMatches('Kota', 'Kota Bandung')).to.equal(false);
    expect(placeMatches('Bandung', null)).to.equal(false);
  });
});
