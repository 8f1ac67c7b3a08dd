/**
 * Fixed-point arithmetic for marks (issue 19): a question's points are whole numbers, the marks it
 * awards have two decimals, and option weights have Moodle's seven. Inside the domain a mark is an
 * integer number of hundredths and a weight an integer number of ten-millionths, so sums never
 * drift (0.1 + 0.2 is 30 hundredths, not 0.30000000000000004). Values leave the domain as numbers
 * with at most two decimals, the precision of the `numeric(…, 2)` columns that store them.
 */

/** Ten-millionths: Moodle stores answer fractions with seven decimals (0.3333333). */
export const WEIGHT_SCALE = 10_000_000;

/** A weight (−1 … 1) as an integer of ten-millionths. */
export const weightUnits = (weight: number): number => Math.round(weight * WEIGHT_SCALE);

/** A weight rounded to Moodle's seven decimals. */
export const roundWeight = (weight: number): number => weightUnits(weight) / WEIGHT_SCALE;

/** A decimal mark as an integer of hundredths (half up). */
export const hundredths = (mark: number): number => Math.round(mark * 100);

/** Integer hundredths back to a number with at most two decimals. */
export const fromHundredths = (h: number): number => h / 100;

/**
 * The mark, in hundredths, of `points` times a fraction given in ten-millionths, the fraction
 * clamped to 0 … 1 (a question never awards less than nothing or more than its points). Integer
 * products stay exact (≤ 10⁷ × 1000 × 100); only the final division rounds, half up.
 */
export function markOf(points: number, fractionUnits: number): number {
  const f = Math.max(0, Math.min(WEIGHT_SCALE, fractionUnits));
  return Math.round((f * Math.round(points * 100)) / WEIGHT_SCALE);
}

/** Whether a number has at most two decimals (a mark a mentor may give). */
export const hasTwoDecimalsAtMost = (x: number): boolean => Number.isFinite(x) && Math.abs(hundredths(x) - x * 100) < 1e-6;
