/**
 * Per-attempt question order (contract §6 `shuffle_questions`). The order is a pure function of
 * the attempt's stored seed and the question ids: each question is ranked by a 32-bit hash of
 * (seed, id). The same attempt therefore always sees the same order, different attempts see
 * different orders, and adding or removing a question never reshuffles the others.
 */

/** 32-bit FNV-1a with a murmur3 finaliser (good avalanche for short keys). */
export function hash32(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Questions as the attempt shows them: authoring order, or shuffled by the seed. */
export function attemptOrder<T extends { id: string }>(inAuthoringOrder: readonly T[], seed: number, shuffle: boolean): T[] {
  if (!shuffle) return [...inAuthoringOrder];
  return inAuthoringOrder
    .map((q, index) => ({ q, index, rank: hash32(`${seed}:${q.id}`) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.q);
}

/** A non-negative 31-bit seed from random hex (the RandomSource port gives the hex). */
export const seedFromHex = (hex: string): number => Number.parseInt(hex.slice(0, 8), 16) >>> 1;

/**
 * The items of an ordering question as an attempt shows them: shuffled by the attempt's seed and
 * the question's id (stable on resume, different per attempt and per question). Without an attempt
 * (a preview), by text: the authored order is the answer and must not show through.
 */
export function shownItemOrder<T extends { id: string; text: string }>(questionId: string, items: readonly T[], seed: number | null): T[] {
  if (seed === null) return [...items].sort((a, b) => a.text.localeCompare(b.text) || (a.id < b.id ? -1 : 1));
  return items
    .map((o, index) => ({ o, index, rank: hash32(`${seed}:${questionId}:${o.id}`) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.o);
}
