/**
 * Moodle's statistics fixture 00 (moodle/moodle mod/quiz/report/statistics/tests/fixtures,
 * results00.csv): the 25 attempts' marks per slot, 7 questions of 1 mark each, fractional marks
 * included. Shared by the unit replay of the statistics and the HTTP replay through the API.
 */
export const RESULTS00 = [
  [1, 1, 1, 1, 1, 0, 1],
  [1, 1, 1, 1, 0.5, 1, 0],
  [1, 1, 1, 1, 0.5, 0, 1],
  [0, 0, 1, 1, 1, 0, 0],
  [1, 0, 1, 0, 0, 1, 0.5],
  [1, 1, 1, 1, 0.5, 0, 0.5],
  [0, 1, 1, 1, 0.5, 1, 0.5],
  [1, 1, 1, 0, 0.5, 1, 0.5],
  [1, 0, 1, 1, 1, 1, 1],
  [0, 1, 1, 0, 0.5, 1, 0.5],
  [0.8, 0, 1, 1, 0.5, 1, 0.5],
  [1, 1, 1, 0, 0.5, 1, 1],
  [1, 0, 1, 1, 0.5, 1, 0.5],
  [1, 0, 1, 1, 1, 0, 0.5],
  [0, 0, 1, 1, 0, 1, 1],
  [1, 0, 1, 0, 0.5, 1, 1],
  [0.8, 0, 1, 1, 0.5, 0, 1],
  [1, 0, 1, 1, 0, 1, 0.5],
  [1, 0, 1, 1, 0.5, 0, 0.5],
  [0, 1, 1, 0, 0.5, 1, 0],
  [1, 1, 0.3333333, 1, 0.5, 0, 0.5],
  [1, 1, 1, 0, 0.5, 0, 0.5],
  [1, 1, 1, 1, 0, 1, 0.5],
  [0, 0, 1, 0, 0.5, 1, 1],
  [0, 0, 1, 1, 1, 1, 1],
];

/**
 * steps00.csv's `randqs.1`: slot 1 of fixture 00 is a random slot over a category of two questions,
 * and this is the one each of the 25 attempts drew (results00.csv's slot 1 mark is its mark).
 */
export const RANDQS00: ReadonlyArray<'numerical' | 'shortanswer'> = [
  'numerical',
  'shortanswer',
  'numerical',
  'shortanswer',
  'numerical',
  'numerical',
  'numerical',
  'numerical',
  'shortanswer',
  'numerical',
  'shortanswer',
  'shortanswer',
  'numerical',
  'shortanswer',
  'numerical',
  'shortanswer',
  'shortanswer',
  'shortanswer',
  'numerical',
  'shortanswer',
  'shortanswer',
  'shortanswer',
  'shortanswer',
  'numerical',
  'numerical',
];
