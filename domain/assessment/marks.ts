/**
 * Fixed-point arithmetic for marks (issues 19 and 33): a question's points are whole numbers, and
 * option weights and the marks they award have Moodle's seven decimals (its `fraction` columns
 * are `numeric(12, 7)`). Inside the domain both are integers of ten-millionths, so sums never
 * drift (0.1 + 0.2 is 3,000,000 units, not 0.30000000000000004) and a third of a point stays
 * 0.3333333 instead of 0.33, which would shift every statistic computed from it. Marks are
 * stored with seven decimals and rounded to two only for display (`displayMark`).
 */

/** Ten-millionths: Moodle stores answer fractions with seven decimals (0.3333333). */
export const WEIGHT_SCALE = 10_000_000;

/** A weight (−1 … 1) as an integer of ten-millionths. */
export const weightUnits = (weight: number): number => Math.round(weight * WEIGHT_SCALE);

/** A weight rounded to Moodle's seven decimals. */
export const roundWeight = (weight: number): number => weightUnits(weight) / WEIGHT_SCALE;

/** A mark (points) as an integer of ten-millionths of a point. */
export const markUnits = (mark: number): number => Math.round(mark * WEIGHT_SCALE);

/** Integer ten-millionths back to a mark with at most seven decimals. */
export const fromMarkUnits = (units: number): number => units / WEIGHT_SCALE;

/** A mark as shown to people: two decimals, half up (0.3333333 → 0.33, 0.9999999 → 1). */
export const displayMark = (mark: number): number => Math.round(markUnits(mark) / 100_000) / 100;

/**
 * The mark, in ten-millionths, of `points` times a fraction given in ten-millionths, the fraction
 * clamped to 0 … 1 (a question never awards less than nothing or more than its points). Points
 * are whole, so the product is exact (≤ 10⁷ × 1000), as Moodle's fraction × max mark.
 */
export function markOf(points: number, fractionUnits: number): number {
  const f = Math.max(0, Math.min(WEIGHT_SCALE, fractionUnits));
  return Math.round(f * points);
}

/** Moodle's "graded right": a fraction above 0.999999 (`question_state::graded_state_for_fraction`). */
export const isFullMarks = (fractionUnits: number): boolean => fractionUnits > WEIGHT_SCALE - 10;

/** Whether a number has at most two decimals (a mark a mentor may give). */
export const hasTwoDecimalsAtMost = (x: number): boolean => Number.isFinite(x) && Math.abs(Math.round(x * 100) - x * 100) < 1e-6;
