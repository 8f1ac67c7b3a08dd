import { hash32 } from './shuffle.js';
import { isDescription, maxScoreOf, type Question } from './question.js';
import type { TenantRecord } from '../shared/record.js';

/**
 * Issue 33 item 4: a course's question bank, as Moodle's. Categories form a tree per course; each
 * course has one default category, where questions written straight into a quiz live.
 */
export interface QuestionCategory extends TenantRecord {
  courseId: string;
  /** null: a top-level category of the course. */
  parentId: string | null;
  name: string;
  isDefault: boolean;
}

export const MAX_CATEGORY_NAME = 255;

/** A question of the bank: a quiz's own question (with `quizId`), or one no quiz holds (null). */
export type BankQuestion = Omit<Question, 'quizId'> & { quizId: string | null; categoryId: string };

/** The default category's name, as Moodle names it. */
export const defaultCategoryName = (courseTitle: string): string => `Default for ${courseTitle}`.slice(0, MAX_CATEGORY_NAME);

/** The category and every category below it (ids), from the course's categories. */
export function subtreeIds(categories: readonly Pick<QuestionCategory, 'id' | 'parentId'>[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const c of categories) if (c.parentId) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  const out: string[] = [];
  const queue = [rootId];
  const seen = new Set<string>();
  while (queue.length) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}

/** Whether moving `id` under `newParentId` would put it below itself. */
export const wouldCycle = (categories: readonly Pick<QuestionCategory, 'id' | 'parentId'>[], id: string, newParentId: string): boolean =>
  subtreeIds(categories, id).includes(newParentId);

/**
 * Issue 33 item 5: a random slot of a quiz. Each attempt draws `count` distinct questions from the
 * category (and its subcategories when asked) at its start; each is worth `points` in the attempt.
 */
export interface RandomSlot {
  id: string;
  tenantId: string;
  quizId: string;
  categoryId: string;
  includeSubcategories: boolean;
  count: number;
  points: number;
  /** Shares the quiz's question order: the drawn questions stand where the slot stands. */
  order: number;
  createdAt: Date;
}

export const MAX_RANDOM_COUNT = 500;

/** The candidates of each slot, in slot order; `null` for a slot that cannot be filled. */
export interface SlotDraw {
  slot: RandomSlot;
  questionIds: string[];
}

/**
 * Draws each slot's questions from its candidates (question ids), never one fixed in the quiz nor
 * one drawn for an earlier slot: no question appears twice in an attempt. The choice is a pure
 * function of the attempt's seed (each candidate ranked by a hash of seed, slot and id), so the
 * same seed draws the same questions, and different seeds differ. Answers the slot that runs
 * short, or the draws.
 */
export function drawRandomSlots(
  slots: readonly RandomSlot[],
  candidatesOf: (slot: RandomSlot) => readonly string[],
  fixedIds: ReadonlySet<string>,
  seed: number,
): DrawOutcome {
  return takeInRank(
    slots,
    (slot) =>
      [...new Set(candidatesOf(slot))]
        .map((id) => ({ id, rank: hash32(`${seed}:${slot.id}:${id}`) }))
        .sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1))
        .map((x) => x.id),
    fixedIds,
  );
}

export type DrawOutcome = { ok: true; draws: SlotDraw[] } | { ok: false; slot: RandomSlot; available: number };

/**
 * The draw from candidates already ranked per slot (a store may rank them, seeded, and answer only
 * the first `candidatesNeeded` of each): slot by slot, the first `count` not fixed in the quiz nor
 * taken by an earlier slot. Answers the slot that runs short and how many it had left.
 */
export function takeInRank(
  slots: readonly RandomSlot[],
  rankedOf: (slot: RandomSlot) => readonly string[],
  fixedIds: ReadonlySet<string>,
): DrawOutcome {
  const taken = new Set(fixedIds);
  const draws: SlotDraw[] = [];
  for (const slot of slots) {
    const free = rankedOf(slot).filter((id) => !taken.has(id));
    if (free.length < slot.count) return { ok: false, slot, available: free.length };
    const chosen = free.slice(0, slot.count);
    for (const id of chosen) taken.add(id);
    draws.push({ slot, questionIds: chosen });
  }
  return { ok: true, draws };
}

/**
 * How many ranked candidates of slot `index` a draw may need: its count, plus every earlier slot's
 * (each of their picks may be among this slot's best), so that fetching that many of each is enough.
 */
export const candidatesNeeded = (slots: readonly Pick<RandomSlot, 'count'>[], index: number): number =>
  slots.slice(0, index + 1).reduce((s, x) => s + x.count, 0);

/** The question as the attempt holds it: in the quiz, at the slot's place (its order), worth the slot's points. */
export const drawnQuestion = (q: BankQuestion, slot: RandomSlot, position: number): Question => {
  const { categoryId: _c, ...rest } = q;
  return { ...rest, quizId: slot.quizId, points: slot.points, order: slot.order, drawnAt: { slotId: slot.id, position } };
};

/**
 * Slots drawing from the same categories share one ranking (one scan, seeded by the attempt and the
 * categories): taken in turn, later slots get the next questions. Its length is the most any of its
 * slots may need.
 */
export function rankingGroups(slots: ReadonlyArray<{ slotId: string; categoryIds: readonly string[]; limit: number }>, seed: number) {
  const groups = new Map<string, { categoryIds: string[]; slotIds: string[]; limit: number; seed: number }>();
  for (const s of slots) {
    const categoryIds = [...new Set(s.categoryIds)].sort();
    const k = categoryIds.join(',');
    const g = groups.get(k) ?? { categoryIds, slotIds: [], limit: 0, seed: (seed ^ hash32(k)) >>> 0 };
    g.slotIds.push(s.slotId);
    g.limit = Math.max(g.limit, s.limit);
    groups.set(k, g);
  }
  return [...groups.values()];
}

/**
 * A quiz's question count and maximum score as its views show them: its questions but description
 * items (no mark, no question), and each random slot as `count` questions worth the slot's points.
 * The same figures as `QuestionRepository.statsByQuizzes`, from what the caller has read already.
 */
export const quizTotals = (
  questions: readonly Pick<Question, 'type' | 'points'>[],
  slots: readonly Pick<RandomSlot, 'count' | 'points'>[],
): { count: number; maxScore: number } => ({
  count: questions.filter((q) => !isDescription(q.type)).length + slots.reduce((n, s) => n + s.count, 0),
  maxScore: maxScoreOf(questions) + slots.reduce((n, s) => n + s.count * s.points, 0),
});
