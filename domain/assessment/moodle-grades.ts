import { weightUnits } from './marks.js';

/**
 * Moodle's answer grades (`question_bank::fraction_options_full()`, lib/questionlib.php): 0, ±1 and
 * ± every p/q for q ≤ 6, p/10, 1/q for q ≤ 10 and 1/20, with seven decimals. Moodle's import refuses
 * a question with any other fraction (`match_grade_options` in 'error' mode, question/format.php:
 * a grade matches when it is less than 0.00001 away), so an export may only write these.
 */
const POSITIVE = [
  1, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2, 0.1666667, 0.1428571, 0.125, 0.1111111, 0.1, 0.05,
];
export const MOODLE_GRADES: readonly number[] = [...POSITIVE, 0, ...POSITIVE.map((g) => -g)];

/** Moodle's 0.00001, in ten-millionths. */
const TOLERANCE_UNITS = 100;

/** The Moodle grade a weight is taken for, or undefined when Moodle would refuse it. */
export const moodleGradeOf = (weight: number): number | undefined =>
  MOODLE_GRADES.find((g) => Math.abs(weightUnits(weight) - weightUnits(g)) < TOLERANCE_UNITS);

/** At most 20 right answers can share 100 % in Moodle grades (the smallest is 5 %). */
export const MAX_SHARED_RIGHT_ANSWERS = 20;

/**
 * Moodle grades for `right` answers that share 100 % as evenly as the list allows (Moodle wants a
 * multiple-response question's positive grades to add up to 100 %, to two decimals): 1/n each up to
 * ten answers; from 11 to 20, 10 % for the first 20 − n and 5 % for the others (11 right: nine of
 * 10 % and two of 5 %, not 9.09091 % each, which Moodle refuses). Undefined past 20.
 */
export function sharedMoodleGrades(right: number): number[] | undefined {
  if (right < 1 || right > MAX_SHARED_RIGHT_ANSWERS) return undefined;
  if (right <= 10) return Array.from({ length: right }, () => moodleGradeOf(1 / right)!);
  return Array.from({ length: right }, (_, i) => (i < MAX_SHARED_RIGHT_ANSWERS - right ? 0.1 : 0.05));
}
