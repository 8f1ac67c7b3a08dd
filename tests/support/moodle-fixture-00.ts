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
