import { blankEvent, type Lead, type LeadEventDraft, type LinkReason } from './lead.js';

/**
 * A lead knows its person (issue 20): the tenant's user with the lead's email (compared without
 * case) or its E.164 phone. When both point at the same user, or only one of them matches a
 * single user, the lead is linked. When they point at different users (or a phone is shared by
 * several users), nobody is linked: the lead keeps the candidates so a person can decide, and
 * the system never guesses whose order closes whose deal.
 */
export interface PersonMatch {
  userId: string;
  byEmail: boolean;
  byPhone: boolean;
}

export type LinkDecision =
  | { kind: 'linked'; userId: string; reason: LinkReason }
  | { kind: 'ambiguous'; candidates: string[] }
  | { kind: 'none' };

export function decideLink(matches: readonly PersonMatch[]): LinkDecision {
  const ids = [...new Set(matches.map((m) => m.userId))].sort();
  if (ids.length === 0) return { kind: 'none' };
  if (ids.length > 1) return { kind: 'ambiguous', candidates: ids };
  const byEmail = matches.some((m) => m.byEmail);
  const byPhone = matches.some((m) => m.byPhone);
  return { kind: 'linked', userId: ids[0]!, reason: byEmail && byPhone ? 'email_phone' : byEmail ? 'email' : 'phone' };
}

/**
 * Applies a decision to a lead that has no user yet. A linked lead stays linked (a later user
 * with the same phone does not take it over); an ambiguous one keeps its current candidates.
 * Linking is a history entry (`type: linked`, the user in `to_user_id`).
 */
export function applyLink(lead: Lead, decision: LinkDecision, at: Date): { lead: Lead; events: LeadEventDraft[] } {
  if (lead.userId !== null) return { lead, events: [] };
  if (decision.kind === 'linked') {
    return {
      lead: { ...lead, userId: decision.userId, linkCandidates: null, updatedAt: at },
      events: [{ ...blankEvent('linked', null), toUserId: decision.userId, reason: decision.reason }],
    };
  }
  const candidates = decision.kind === 'ambiguous' ? decision.candidates : null;
  if (JSON.stringify(candidates) === JSON.stringify(lead.linkCandidates)) return { lead, events: [] };
  return { lead: { ...lead, linkCandidates: candidates, updatedAt: at }, events: [] };
}
