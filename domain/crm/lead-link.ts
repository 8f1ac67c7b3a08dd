import { blankEvent, type Lead, type LeadEventDraft, type LinkReason } from './lead.js';

/**
 * A lead knows its person (issue 20): the tenant's user with the lead's email (compared without
 * case). Only an email links by itself: an account's email is the one it registered with (or an
 * admin gave it), while anyone can type any phone into their profile and no phone is verified
 * (issue 26: a student put a lead's phone in their profile and their payment closed that lead).
 * A phone matching one user is a suggestion sales confirms by hand; matching several users, the
 * lead keeps them as candidates. Either way the system never guesses whose order closes whose deal.
 */
export interface PersonMatch {
  userId: string;
  byEmail: boolean;
  byPhone: boolean;
}

export type LinkDecision =
  | { kind: 'linked'; userId: string; reason: LinkReason }
  | { kind: 'suggested'; userId: string }
  | { kind: 'ambiguous'; candidates: string[] }
  | { kind: 'none' };

const distinct = (matches: readonly PersonMatch[]) => [...new Set(matches.map((m) => m.userId))].sort();

export function decideLink(matches: readonly PersonMatch[]): LinkDecision {
  const byEmail = distinct(matches.filter((m) => m.byEmail));
  // Emails are unique per tenant: two email matches would be a broken invariant, never a link.
  if (byEmail.length > 1) return { kind: 'ambiguous', candidates: byEmail };
  if (byEmail.length === 1) {
    const userId = byEmail[0]!;
    return { kind: 'linked', userId, reason: matches.some((m) => m.userId === userId && m.byPhone) ? 'email_phone' : 'email' };
  }
  const byPhone = distinct(matches.filter((m) => m.byPhone));
  if (byPhone.length === 0) return { kind: 'none' };
  return byPhone.length === 1 ? { kind: 'suggested', userId: byPhone[0]! } : { kind: 'ambiguous', candidates: byPhone };
}

/**
 * Applies a decision to a lead that has no user yet. A linked lead stays linked (a later user
 * with the same phone does not take it over); an unlinked one carries the current suggestion or
 * candidates. Linking is a history entry (`type: linked`, the user in `to_user_id`); a suggestion is not.
 */
export function applyLink(lead: Lead, decision: LinkDecision, at: Date): { lead: Lead; events: LeadEventDraft[] } {
  if (lead.userId !== null) return { lead, events: [] };
  if (decision.kind === 'linked') {
    return {
      lead: { ...lead, userId: decision.userId, linkCandidates: null, suggestedUserId: null, updatedAt: at },
      events: [{ ...blankEvent('linked', null), toUserId: decision.userId, reason: decision.reason }],
    };
  }
  const candidates = decision.kind === 'ambiguous' ? decision.candidates : null;
  const suggested = decision.kind === 'suggested' ? decision.userId : null;
  if (JSON.stringify(candidates) === JSON.stringify(lead.linkCandidates) && suggested === lead.suggestedUserId) return { lead, events: [] };
  return { lead: { ...lead, linkCandidates: candidates, suggestedUserId: suggested, updatedAt: at }, events: [] };
}
