import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { applyLeadChanges, newLead } from '../../../domain/crm/lead.js';

const t0 = new Date('2026-01-01T00:00:00Z');
const t1 = new Date('2026-01-02T00:00:00Z');
const base = () =>
  newLead({
    id: 'l',
    tenantId: 't',
    provider: 'manual',
    externalId: null,
    at: t0,
    details: { name: 'A', phone: null, email: null, city: null, region: null, category: null, answers: [], isTest: false },
  });

describe('domain/crm lead stage changes', () => {
  it('moves status_changed_at on a real change, sets closed_at on closing and clears it on reopening', () => {
    const won = applyLeadChanges(base(), { status: 'closed_won', value: toMinor(10) }, 'u', t1);
    expect(won.lead).to.include({ status: 'closed_won', value: toMinor(10) });
    expect(won.lead.statusChangedAt).to.equal(t1);
    expect(won.lead.closedAt).to.equal(t1);
    expect(won.events.map((e) => e.type)).to.deep.equal(['status_changed', 'value_changed']);
    const reopened = applyLeadChanges(won.lead, { status: 'contacted' }, 'u', new Date('2026-01-03T00:00:00Z'));
    expect(reopened.lead.closedAt).to.equal(null);
    const same = applyLeadChanges(won.lead, { status: 'closed_won', value: toMinor(10) }, 'u', new Date('2026-01-04T00:00:00Z'));
    expect(same.events).to.deep.equal([]);
    expect(same.lead.statusChangedAt).to.equal(t1);
  });

  it('a confirmed user links the lead, clears its suggestion and candidates, as one linked entry by the actor; the same user again changes nothing', () => {
    const suggested = { ...base(), suggestedUserId: 'p', linkCandidates: null };
    const linked = applyLeadChanges(suggested, { userId: 'p' }, 'u', t1);
    expect(linked.lead).to.include({ userId: 'p', suggestedUserId: null, linkCandidates: null, updatedAt: t1 });
    expect(linked.events).to.deep.equal([
      {
        type: 'linked',
        fromStatus: null,
        toStatus: null,
        fromUserId: null,
        toUserId: 'p',
        value: null,
        note: null,
        actorId: 'u',
        reason: 'manual',
      },
    ]);
    expect(applyLeadChanges({ ...base(), linkCandidates: ['p', 'q'] }, { userId: 'q' }, 'u', t1).lead).to.include({
      userId: 'q',
      linkCandidates: null,
    });
    expect(applyLeadChanges(linked.lead, { userId: 'p' }, 'u', t1).events).to.deep.equal([]);
    expect(applyLeadChanges(linked.lead, { userId: 'r' }, 'u', t1).events[0]).to.include({ fromUserId: 'p', toUserId: 'r' });
  });

  it('records notes on the first change, or alone', () => {
    expect(applyLeadChanges(base(), { status: 'contacted', note: ' hi ' }, 'u', t1).events[0]).to.include({
      type: 'status_changed',
      note: 'hi',
    });
    expect(applyLeadChanges(base(), { note: 'just a note' }, 'u', t1).events).to.deep.equal([
      {
        type: 'note',
        fromStatus: null,
        toStatus: null,
        fromUserId: null,
        toUserId: null,
        value: null,
        note: 'just a note',
        actorId: 'u',
        reason: null,
      },
    ]);
    expect(applyLeadChanges(base(), { note: '   ' }, 'u', t1).events).to.deep.equal([]);
  });

  it('a lead created closed is closed from the start', () => {
    const l = newLead({ id: 'l', tenantId: 't', provider: 'manual', externalId: null, at: t0, status: 'closed_lost', details: base() });
    expect(l.closedAt).to.equal(t0);
  });
});
