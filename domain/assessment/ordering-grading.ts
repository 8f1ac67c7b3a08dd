import { WEIGHT_SCALE } from './marks.js';
import type { OrderingGrading } from './question.js';

/**
 * What an ordering response earns, as qtype_ordering_question::grade_response counts it: a number of
 * right things out of a number of things to get right, per grading type. `at[i]` is the correct
 * position (0-based) of the item the student put at position i.
 * - all_or_nothing: every item in its place, else nothing.
 * - absolute_position: the items in their place, out of n.
 * - relative_next_exclude_last: the items followed by the item that follows them in the correct
 *   order, out of n − 1 (the last item of either order is not counted).
 * - relative_next_include_last: the same out of n, the correct last item earning its point when it
 *   is last.
 * - relative_one_previous_and_next: for each item, its previous and its next neighbour (nothing
 *   before the first, nothing after the last) as in the correct order, out of 2n.
 * - relative_all_previous_and_next: for each item, the items before and after it that are so in
 *   the correct order too, out of n(n − 1): twice the pairs in the right order.
 * - longest_ordered_subset: the longest run of items in the right order, not necessarily next to each
 *   other (the longest increasing subsequence of `at`), out of n; a run of one earns nothing.
 * - longest_contiguous_subset: the longest run of items consecutive in the correct order that the
 *   response has in that order (not necessarily next to each other), out of n; a run of one earns nothing.
 * - relative_to_correct: each item d places from its own earns n − 1 − d (at least 0), out of n(n − 1).
 * Moodle finds both longest runs by listing candidate subsets, whose number grows exponentially with
 * the items (Fibonacci-like: 10,946 for 20 items in alternating pairs); these compute the same
 * lengths directly. A port of Moodle's search agreed with every type here over every order of up to
 * seven items; the unit tests check the runs against their definition by brute force.
 */
function counted(grading: OrderingGrading, at: readonly number[]): [right: number, outOf: number] {
  const n = at.length;
  switch (grading) {
    case 'all_or_nothing':
    case 'absolute_position': {
      const right = at.filter((p, i) => p === i).length;
      return [grading === 'all_or_nothing' && right < n ? 0 : right, n];
    }
    case 'relative_next_exclude_last':
    case 'relative_next_include_last': {
      let right = 0;
      for (let i = 0; i < n - 1; i++) if (at[i + 1] === at[i]! + 1) right++;
      if (grading === 'relative_next_exclude_last') return [right, n - 1];
      // Included, the last item is "followed by nothing" in both orders when it ends the response.
      return [right + (at[n - 1] === n - 1 ? 1 : 0), n];
    }
    case 'relative_one_previous_and_next': {
      let right = 0;
      // Nothing before the first and nothing after the last (Moodle's 0) are neighbours too.
      const before = (i: number) => (i === 0 ? -1 : at[i - 1]! + 1);
      const after = (i: number) => (i === n - 1 ? n : at[i + 1]! - 1);
      for (let i = 0; i < n; i++) {
        const p = at[i]!;
        if (before(i) === (p === 0 ? -1 : p)) right++;
        if (after(i) === (p === n - 1 ? n : p)) right++;
      }
      return [right, 2 * n];
    }
    case 'relative_all_previous_and_next': {
      let pairs = 0;
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (at[i]! < at[j]!) pairs++;
      return [2 * pairs, n * (n - 1)];
    }
    case 'longest_ordered_subset': {
      // ends[i]: the longest increasing subsequence ending at i.
      const ends: number[] = [];
      for (let i = 0; i < n; i++) ends.push(1 + Math.max(0, ...ends.filter((_, j) => at[j]! < at[i]!)));
      const longest = Math.max(0, ...ends);
      return [longest > 1 ? longest : 0, n];
    }
    case 'longest_contiguous_subset': {
      const placed: number[] = [];
      at.forEach((p, i) => (placed[p] = i));
      let longest = 1;
      let run = 1;
      for (let p = 1; p < n; p++) {
        run = placed[p]! > placed[p - 1]! ? run + 1 : 1;
        longest = Math.max(longest, run);
      }
      return [longest > 1 ? longest : 0, n];
    }
    case 'relative_to_correct': {
      const right = at.reduce((s, p, i) => s + Math.max(0, n - 1 - Math.abs(p - i)), 0);
      return [right, n * (n - 1)];
    }
  }
}

/**
 * The fraction (ten-millionths, Moodle's seven decimals) an ordering response earns under a grading
 * type: `correct` lists the item ids in their correct order, `given` in the student's. An answer
 * is every item once (`checkAnswer`); anything else, no answer included, earns 0. Nothing to get
 * right (a single item) earns 0, as Moodle's division guard does.
 */
export function orderingFraction(grading: OrderingGrading, correct: readonly string[], given: readonly string[]): number {
  const position = new Map(correct.map((id, i) => [id, i]));
  const at = given.map((id) => position.get(id));
  if (given.length !== correct.length || new Set(given).size !== given.length || at.some((p) => p === undefined)) return 0;
  const [right, outOf] = counted(grading, at as number[]);
  return outOf === 0 ? 0 : Math.round((right * WEIGHT_SCALE) / outOf);
}
