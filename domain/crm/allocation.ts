import type { AssignmentReason } from './lead.js';

/**
 * Lead allocation rules (contract §8 "Automation"). Pure: the caller supplies which users may
 * receive leads and the database supplies the round-robin position, advanced atomically so that
 * concurrent arrivals each get their own turn.
 */
export const ALLOCATION_MODES = ['round_robin', 'geographic'] as const;
export type AllocationMode = (typeof ALLOCATION_MODES)[number];

export interface AllocationMember {
  userId: string;
  active: boolean;
  regions: string[];
  categories: string[];
}

export interface AutomationRules {
  mode: AllocationMode;
  members: AllocationMember[];
  fallbackUserId: string | null;
  /** Payments move the pipeline: a linked person's paid order closes their lead as won (issue 20). */
  closeOnPayment: boolean;
}

export const DEFAULT_RULES: AutomationRules = { mode: 'round_robin', members: [], fallbackUserId: null, closeOnPayment: true };

/** Where a lead is and what it is about. */
export interface LeadPlace {
  city: string | null;
  region: string | null;
  category: string | null;
}

/**
 * Whom to hand a lead to: a pool to take turns in (its key names its cursor), a single
 * fallback user, or nobody (no rules, no active member, no fallback).
 */
export type AllocationPlan =
  | { kind: 'pool'; poolKey: string; userIds: string[]; reason: AssignmentReason }
  | { kind: 'user'; userId: string; reason: AssignmentReason }
  | { kind: 'none' };

/** Words that name the kind of a place rather than the place ("Kota Bandung" is Bandung). */
const PLACE_WORDS = new Set([
  'kota',
  'kabupaten',
  'kab',
  'provinsi',
  'prov',
  'propinsi',
  'dki',
  'daerah',
  'khusus',
  'ibukota',
  'istimewa',
  'di',
  'adm',
  'administrasi',
  'city',
  'province',
  'regency',
]);

/** Lower case, no accents or punctuation, place-kind words dropped: "DKI Jakarta" → ["jakarta"]. */
export function placeWords(s: string): string[] {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !PLACE_WORDS.has(w));
}

/** `rule` names the lead's place when its words appear, in order, as whole words of it ("Jakarta" ⊂ "Jakarta Selatan"). */
export function placeMatches(rule: string, place: string | null): boolean {
  if (!place) return false;
  const r = placeWords(rule);
  const p = placeWords(place);
  if (r.length === 0 || r.length > p.length) return false;
  for (let i = 0; i + r.length <= p.length; i++) if (r.every((w, j) => p[i + j] === w)) return true;
  return false;
}

const categoryKey = (s: string) => placeWords(s).join(' ');

export function categoryMatches(rule: string, category: string | null): boolean {
  return category !== null && categoryKey(rule) !== '' && categoryKey(rule) === categoryKey(category);
}

const poolKey = (prefix: string, userIds: string[]) => `${prefix}:${[...userIds].sort().join(',')}`;

/**
 * The plan for one lead. `eligible` are the users who may receive leads at all (existing,
 * active accounts); members outside it count as inactive.
 *
 * - round_robin: every active member in turn.
 * - geographic: the active members whose regions match the lead's city or region, or whose
 *   categories match its category, in turn among them; a member matching on both place and
 *   category beats one matching on only one. No match: every active member in turn.
 * - No active member: the fallback user; without one, nobody.
 */
export function planAllocation(rules: AutomationRules, lead: LeadPlace, eligible: ReadonlySet<string>): AllocationPlan {
  const active = rules.members.filter((m) => m.active && eligible.has(m.userId));
  if (rules.mode === 'geographic' && active.length > 0) {
    const scored = active.map((m) => {
      const place = m.regions.some((r) => placeMatches(r, lead.city) || placeMatches(r, lead.region));
      const category = m.categories.some((c) => categoryMatches(c, lead.category));
      return { m, place, category, score: (place ? 1 : 0) + (category ? 1 : 0) };
    });
    const best = Math.max(...scored.map((s) => s.score));
    if (best > 0) {
      const top = scored.filter((s) => s.score === best);
      const ids = top.map((s) => s.m.userId);
      const reason: AssignmentReason = top.some((s) => s.place) ? 'geographic' : 'category';
      return { kind: 'pool', poolKey: poolKey('match', ids), userIds: ids, reason };
    }
  }
  if (active.length > 0) {
    const ids = active.map((m) => m.userId);
    return { kind: 'pool', poolKey: poolKey('all', ids), userIds: ids, reason: 'round_robin' };
  }
  if (rules.fallbackUserId && eligible.has(rules.fallbackUserId)) return { kind: 'user', userId: rules.fallbackUserId, reason: 'fallback' };
  return { kind: 'none' };
}

/** The member whose turn it is: `position` is the pool's 1-based counter after advancing it. */
export function memberAt(userIds: readonly string[], position: number): string {
  const n = userIds.length;
  return userIds[(((position - 1) % n) + n) % n]!;
}

/** Every user the rules may name (to check they exist, and which may receive leads). */
export const ruleUserIds = (rules: AutomationRules): string[] => [
  ...new Set([...rules.members.map((m) => m.userId), ...(rules.fallbackUserId ? [rules.fallbackUserId] : [])]),
];
