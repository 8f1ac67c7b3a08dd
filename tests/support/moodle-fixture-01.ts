/**
 * Moodle's statistics fixture 01 (moodle/moodle mod/quiz/report/statistics/tests/fixtures, run by
 * stats_from_steps_walkthrough_test.php): a quiz in interactive behaviour (up to 5 tries: 4 hints)
 * whose slot 1 is a random slot over a short answer ('frogtoad' of qtype_shortanswer's test helper)
 * and a numerical question ('pi' of qtype_numerical's), slot 3 a matching question (frog, cat, newt
 * with the extra choice insect), slot 4 a true/false question (true). Slot 2 (calculatedsimple) is
 * left out: we have no calculated questions. Moodle checks only `responsecounts01.csv` for it, its
 * "Analysis of responses" over all tries.
 *
 * Shared by the unit replay (tests/unit/assessment/response-analysis.test.ts) and the replay through
 * the API (tests/http/assessment/response-analysis.test.ts).
 */

/** The questions, as our API takes them (Moodle's answers and fractions). */
export const QUESTIONS01 = {
  shortanswer: {
    question_type: 'short_answer',
    question_text: 'Name an amphibian: __________',
    points: 1,
    options: [
      { option_text: 'frog', weight: 1 },
      { option_text: 'toad', weight: 0.8 },
      { option_text: '*', weight: 0 },
    ],
  },
  numerical: {
    question_type: 'numerical',
    question_text: 'What is pi to two d.p.?',
    points: 1,
    options: [
      { option_text: '3.14', tolerance: 0, weight: 1 },
      { option_text: '3.142', tolerance: 0, weight: 0 },
      { option_text: '3.1', tolerance: 0, weight: 0 },
      { option_text: '3', tolerance: 0, weight: 0 },
      { option_text: '*', tolerance: 0, weight: 0 },
    ],
  },
  match: {
    question_type: 'matching',
    question_text: 'Classify the animals.',
    points: 1,
    options: [
      { option_text: 'frog', match: 'amphibian' },
      { option_text: 'cat', match: 'mammal' },
      { option_text: 'newt', match: 'amphibian' },
      { option_text: '', match: 'insect' },
    ],
  },
  truefalse: { question_type: 'true_false', question_text: 'The answer to this question is true.', points: 1, correct_answer: true },
} as const;

export type RandQ = 'shortanswer' | 'numerical';
export type MatchStem = 'frog' | 'cat' | 'newt';
export const MATCH_STEMS: readonly MatchStem[] = ['frog', 'cat', 'newt'];

/**
 * steps01.csv, the columns of slots 1, 3 and 4: attempt, finished, randqs.1, then per slot its
 * `-submit` (and `-tryagain`) button and its response (slot 3: the choice of each stem; slot 4:
 * 1 = True, 0 = False). One row per request, as the walkthrough posts them.
 */
type StepRow = [number, 0 | 1, RandQ, 0 | 1, 0 | 1, string, 0 | 1, 0 | 1, string, string, string, 0 | 1, '0' | '1'];
// prettier-ignore
export const STEPS01: readonly StepRow[] = [
  [1, 0, 'shortanswer', 1, 0, 'butterfly', 0, 0, '', 'amphibian', '', 0, '1'],
  [1, 0, 'shortanswer', 0, 1, 'butterfly', 1, 0, 'insect', 'insect', 'insect', 0, '1'],
  [1, 0, 'shortanswer', 1, 0, 'dog', 0, 1, 'insect', 'insect', 'insect', 0, '1'],
  [1, 0, 'shortanswer', 0, 1, 'dog', 1, 0, 'insect', 'insect', 'amphibian', 0, '1'],
  [1, 0, 'shortanswer', 1, 0, 'chicken', 0, 1, 'insect', 'insect', 'amphibian', 0, '1'],
  [1, 0, 'shortanswer', 0, 0, 'chicken', 1, 0, 'insect', 'mammal', 'amphibian', 0, '1'],
  [1, 0, 'shortanswer', 0, 0, 'chicken', 0, 1, 'insect', 'mammal', 'amphibian', 0, '1'],
  [1, 0, 'shortanswer', 0, 0, 'chicken', 1, 0, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [1, 0, 'shortanswer', 0, 0, 'chicken', 0, 1, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [1, 1, 'shortanswer', 0, 0, 'chicken', 1, 0, 'mammal', 'amphibian', 'amphibian', 0, '1'],
  [2, 0, 'shortanswer', 1, 0, 'Tod', 1, 0, 'amphibian', 'amphibian', 'amphibian', 1, '0'],
  [2, 0, 'shortanswer', 0, 1, 'Tod', 0, 1, 'amphibian', 'amphibian', 'amphibian', 0, '0'],
  [2, 0, 'shortanswer', 1, 0, 'Tony', 1, 0, 'insect', 'mammal', 'insect', 0, '0'],
  [2, 0, 'shortanswer', 0, 1, 'Tony', 0, 1, 'insect', 'mammal', 'insect', 0, '0'],
  [2, 0, 'shortanswer', 1, 0, 'Sharon', 1, 0, 'amphibian', 'insect', 'mammal', 0, '0'],
  [2, 0, 'shortanswer', 0, 0, 'Sharon', 0, 1, 'amphibian', 'insect', 'mammal', 0, '0'],
  [2, 0, 'shortanswer', 0, 0, 'Sharon', 1, 0, 'amphibian', 'insect', 'mammal', 0, '0'],
  [2, 1, 'shortanswer', 0, 0, 'Sharon', 0, 0, 'amphibian', 'insect', 'mammal', 0, '0'],
  [3, 0, 'shortanswer', 1, 0, 'snake', 1, 0, 'amphibian', 'insect', 'amphibian', 0, '1'],
  [3, 0, 'shortanswer', 0, 1, 'snake', 0, 1, 'amphibian', 'insect', 'amphibian', 0, '1'],
  [3, 0, 'shortanswer', 1, 0, 'snake', 1, 0, 'amphibian', 'insect', 'amphibian', 0, '1'],
  [3, 0, 'shortanswer', 0, 1, 'snake', 0, 1, 'amphibian', 'insect', 'amphibian', 0, '1'],
  [3, 0, 'shortanswer', 1, 0, 'snakes', 1, 0, 'amphibian', 'insect', 'amphibian', 0, '1'],
  [3, 0, 'shortanswer', 0, 1, 'snakes', 0, 1, 'amphibian', 'insect', 'amphibian', 0, '1'],
  [3, 0, 'shortanswer', 1, 0, 'Snakes', 1, 0, 'amphibian', 'mammal', 'amphibian', 0, '1'],
  [3, 0, 'shortanswer', 0, 1, 'Snakes', 0, 0, 'amphibian', 'mammal', 'amphibian', 0, '1'],
  [3, 1, 'shortanswer', 1, 0, 'SnakeS', 0, 0, 'amphibian', 'mammal', 'amphibian', 0, '1'],
  [4, 0, 'shortanswer', 0, 0, 'dog', 1, 0, 'amphibian', 'amphibian', 'amphibian', 0, '1'],
  [4, 0, 'shortanswer', 0, 0, 'dog', 0, 1, 'amphibian', 'amphibian', 'amphibian', 0, '1'],
  [4, 0, 'shortanswer', 0, 0, 'dog', 1, 0, 'insect', 'insect', 'insect', 0, '1'],
  [4, 0, 'shortanswer', 0, 0, 'dog', 0, 1, 'insect', 'insect', 'insect', 0, '1'],
  [4, 0, 'shortanswer', 0, 0, 'dog', 1, 0, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [4, 0, 'shortanswer', 0, 0, 'dog', 0, 1, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [4, 1, 'shortanswer', 0, 0, 'dog', 1, 0, 'mammal', 'insect', 'mammal', 0, '1'],
  [5, 0, 'numerical', 1, 0, '3.1', 0, 0, 'amphibian', 'amphibian', 'mammal', 0, '1'],
  [5, 0, 'numerical', 0, 0, '3.1', 0, 0, 'amphibian', 'amphibian', 'mammal', 0, '1'],
  [5, 1, 'numerical', 0, 0, '3.1', 0, 0, 'amphibian', 'amphibian', 'mammal', 0, '1'],
  [6, 0, 'numerical', 0, 0, '3.142', 0, 0, 'amphibian', 'insect', 'mammal', 1, '0'],
  [6, 0, 'numerical', 1, 0, '3.14', 1, 0, 'amphibian', 'insect', 'mammal', 0, '0'],
  [6, 0, 'numerical', 0, 0, '3.14', 0, 1, 'amphibian', 'insect', 'mammal', 0, '0'],
  [6, 1, 'numerical', 0, 0, '3.14', 1, 0, 'insect', 'insect', 'amphibian', 0, '0'],
  [7, 0, 'numerical', 1, 0, '3.14', 0, 0, 'insect', 'amphibian', 'insect', 0, '1'],
  [7, 1, 'numerical', 0, 0, '3.14', 0, 0, 'insect', 'amphibian', 'insect', 0, '1'],
  [9, 0, 'shortanswer', 1, 0, 'goat', 0, 0, 'amphibian', 'amphibian', 'insect', 0, '1'],
  [9, 0, 'shortanswer', 0, 1, 'goat', 0, 0, 'amphibian', 'amphibian', 'insect', 0, '1'],
  [9, 0, 'shortanswer', 1, 0, 'Mexican burrowing caecilian', 0, 0, 'amphibian', 'amphibian', 'insect', 0, '1'],
  [9, 0, 'shortanswer', 0, 1, 'Mexican burrowing caecilian', 0, 0, 'amphibian', 'amphibian', 'insect', 0, '1'],
  [9, 0, 'shortanswer', 1, 0, 'Mexican burrowing caecilian', 0, 0, 'amphibian', 'amphibian', 'insect', 0, '1'],
  [9, 0, 'shortanswer', 0, 1, 'Mexican burrowing caecilian', 0, 0, 'amphibian', 'amphibian', 'insect', 0, '1'],
  [9, 0, 'shortanswer', 1, 0, 'newt', 0, 0, 'amphibian', 'amphibian', 'insect', 0, '1'],
  [9, 0, 'shortanswer', 0, 1, 'newt', 0, 0, 'amphibian', 'amphibian', 'insect', 0, '1'],
  [9, 1, 'shortanswer', 1, 0, 'human', 0, 0, 'amphibian', 'amphibian', 'insect', 0, '1'],
  [10, 0, 'numerical', 1, 0, '2', 1, 0, 'amphibian', 'amphibian', 'amphibian', 1, '0'],
  [10, 0, 'numerical', 0, 1, '2', 0, 1, 'amphibian', 'amphibian', 'amphibian', 0, '0'],
  [10, 0, 'numerical', 1, 0, '20', 1, 0, 'amphibian', 'amphibian', 'amphibian', 0, '0'],
  [10, 0, 'numerical', 0, 1, '20', 0, 1, 'amphibian', 'amphibian', 'amphibian', 0, '0'],
  [10, 0, 'numerical', 1, 0, '34', 1, 0, 'amphibian', 'amphibian', 'amphibian', 0, '0'],
  [10, 0, 'numerical', 0, 0, '34', 0, 1, 'amphibian', 'amphibian', 'amphibian', 0, '0'],
  [10, 0, 'numerical', 0, 0, '34', 1, 0, 'amphibian', 'mammal', 'amphibian', 0, '0'],
  [10, 0, 'numerical', 0, 0, '34', 0, 0, 'amphibian', 'mammal', 'amphibian', 0, '0'],
  [10, 1, 'numerical', 0, 0, '34', 0, 0, 'amphibian', 'mammal', 'amphibian', 0, '0'],
  [11, 0, 'shortanswer', 1, 0, 'toad', 1, 0, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [11, 0, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [11, 0, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [11, 0, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [11, 0, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [11, 0, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [11, 0, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [11, 0, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [11, 1, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'amphibian', 'amphibian', 0, '1'],
  [12, 0, 'shortanswer', 1, 0, 'toad', 1, 0, 'insect', 'insect', 'amphibian', 0, '1'],
  [12, 0, 'shortanswer', 0, 1, 'toad', 0, 0, 'insect', 'insect', 'amphibian', 0, '1'],
  [12, 0, 'shortanswer', 1, 0, 'toad', 0, 0, 'insect', 'insect', 'amphibian', 0, '1'],
  [12, 0, 'shortanswer', 0, 1, 'toad', 0, 0, 'insect', 'insect', 'amphibian', 0, '1'],
  [12, 0, 'shortanswer', 1, 0, 'toad', 0, 0, 'insect', 'insect', 'amphibian', 0, '1'],
  [12, 0, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'insect', 'amphibian', 0, '1'],
  [12, 0, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'insect', 'amphibian', 0, '1'],
  [12, 0, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'insect', 'amphibian', 0, '1'],
  [12, 1, 'shortanswer', 0, 0, 'toad', 0, 0, 'insect', 'insect', 'amphibian', 0, '1'],
  [13, 0, 'shortanswer', 0, 0, 'eggs', 1, 0, 'amphibian', 'amphibian', '', 1, '1'],
  [13, 0, 'shortanswer', 0, 0, 'eggs', 1, 0, 'amphibian', 'amphibian', 'mammal', 0, '1'],
  [13, 1, 'shortanswer', 0, 0, 'eggs', 0, 0, 'amphibian', 'amphibian', 'mammal', 0, '1'],
];

/**
 * responsecounts01.csv, slots 1, 3 and 4: [slot, randq, subpart, model response, actual response,
 * count at tries 1–5, total]. Slot 1's rows are per drawn question; slot 3's subparts are the stems.
 */
type CountRow = [1 | 3 | 4, RandQ | '', number, string, string, number, number, number, number, number, number];
// prettier-ignore
export const RESPONSECOUNTS01: readonly CountRow[] = [
  [1, 'shortanswer', 1, 'frog', '', 0, 0, 0, 0, 0, 0],
  [1, 'shortanswer', 1, 'toad', 'toad', 1, 0, 1, 0, 0, 2],
  [1, 'shortanswer', 1, '*', 'butterfly', 1, 0, 0, 0, 0, 1],
  [1, 'shortanswer', 1, '*', 'dog', 1, 1, 0, 0, 0, 2],
  [1, 'shortanswer', 1, '*', 'chicken', 0, 0, 1, 0, 0, 1],
  [1, 'shortanswer', 1, '*', 'Tod', 1, 0, 0, 0, 0, 1],
  [1, 'shortanswer', 1, '*', 'Tony', 0, 1, 0, 0, 0, 1],
  [1, 'shortanswer', 1, '*', 'Sharon', 0, 0, 1, 0, 0, 1],
  [1, 'shortanswer', 1, '*', 'snake', 0, 1, 0, 0, 0, 1],
  [1, 'shortanswer', 1, '*', 'snakes', 0, 0, 1, 0, 0, 1],
  [1, 'shortanswer', 1, '*', 'Snakes', 0, 0, 0, 1, 0, 1],
  [1, 'shortanswer', 1, '*', 'SnakeS', 0, 0, 0, 0, 1, 1],
  [1, 'shortanswer', 1, '*', 'goat', 1, 0, 0, 0, 0, 1],
  [1, 'shortanswer', 1, '*', 'Mexican burrowing caecilian', 0, 0, 1, 0, 0, 1],
  [1, 'shortanswer', 1, '*', 'newt', 0, 0, 0, 1, 0, 1],
  [1, 'shortanswer', 1, '*', 'human', 0, 0, 0, 0, 1, 1],
  [1, 'shortanswer', 1, '*', 'eggs', 1, 0, 0, 0, 0, 1],
  [1, 'shortanswer', 1, '[No response]', '', 0, 0, 0, 0, 0, 0],
  [1, 'numerical', 1, '3.14 (3.14..3.14)', '3.14', 2, 0, 0, 0, 0, 2],
  [1, 'numerical', 1, '3.142 (3.142..3.142)', '', 0, 0, 0, 0, 0, 0],
  [1, 'numerical', 1, '3.1 (3.1..3.1)', '3.1', 1, 0, 0, 0, 0, 1],
  [1, 'numerical', 1, '3 (3..3)', '', 0, 0, 0, 0, 0, 0],
  [1, 'numerical', 1, '*', '2', 1, 0, 0, 0, 0, 1],
  [1, 'numerical', 1, '*', '20', 0, 1, 0, 0, 0, 1],
  [1, 'numerical', 1, '*', '34', 0, 0, 1, 0, 0, 1],
  [1, 'numerical', 1, '[No response]', '', 0, 0, 0, 0, 0, 0],
  [3, '', 1, 'frog: amphibian', 'amphibian', 8, 0, 1, 0, 0, 9],
  [3, '', 1, 'frog: mammal', 'mammal', 0, 0, 0, 1, 1, 2],
  [3, '', 1, 'frog: insect', 'insect', 4, 3, 0, 0, 0, 7],
  [3, '', 1, '[No response]', '', 0, 0, 0, 0, 0, 0],
  [3, '', 2, 'cat: amphibian', 'amphibian', 8, 0, 1, 1, 0, 10],
  [3, '', 2, 'cat: mammal', 'mammal', 0, 1, 1, 2, 0, 4],
  [3, '', 2, 'cat: insect', 'insect', 4, 1, 1, 1, 0, 7],
  [3, '', 2, '[No response]', '', 0, 0, 0, 0, 0, 0],
  [3, '', 3, 'newt: amphibian', 'amphibian', 6, 2, 1, 0, 0, 9],
  [3, '', 3, 'newt: mammal', 'mammal', 3, 0, 0, 1, 0, 5],
  [3, '', 3, 'newt: insect', 'insect', 3, 2, 0, 0, 0, 5],
  [3, '', 3, '[No response]', '', 0, 0, 0, 0, 0, 0],
  [4, '', 1, 'False', '', 3, 0, 0, 0, 0, 3],
  [4, '', 1, 'True', '', 9, 0, 0, 0, 0, 9],
  [4, '', 1, '[No response]', '', 0, 0, 0, 0, 0, 0],
];

/** A submitted try of one Moodle question attempt: its number (1–5) and its response (slot 3: a choice per stem). */
export interface MoodleTry {
  attempt: number;
  randq: RandQ;
  try: number;
  response: string[];
}

const SLOT_COLUMNS = {
  1: { submit: 3, tryAgain: 4, response: [5], right: (r: string[], q: RandQ) => (q === 'shortanswer' ? r[0] === 'frog' : r[0] === '3.14') },
  3: { submit: 6, tryAgain: 7, response: [8, 9, 10], right: (r: string[]) => r.join() === 'amphibian,mammal,amphibian' },
  4: { submit: 11, tryAgain: null, response: [12], right: (r: string[]) => r[0] === '1' },
} as const;

/**
 * The tries Moodle's interactive behaviour records from steps01, per question attempt
 * (qbehaviour_interactive): outside a try-again state `-submit` submits a complete response (a
 * try; the question ends when right or at its last try, else it waits in a try-again state), an
 * incomplete one is invalid (no try), and a response without `-submit` is saved when it changed;
 * in a try-again state only `-tryagain` is taken. A response saved after the last try counts as one
 * more (question_attempt_steps_with_submitted_response_iterator). 5 tries (4 hints + 1).
 */
export function moodleTries(slot: 1 | 3 | 4): MoodleTry[] {
  const c = SLOT_COLUMNS[slot];
  const out: MoodleTry[] = [];
  for (const attempt of [...new Set(STEPS01.map((r) => r[0]))]) {
    const rows = STEPS01.filter((r) => r[0] === attempt);
    const randq = rows[0]![2];
    let left = 5;
    let tryAgain = false;
    let finished = false;
    let last: string[] | null = null;
    let saved: string[] | null = null;
    const tries: string[][] = [];
    for (const row of rows) {
      const response = c.response.map((i) => row[i] as string);
      if (finished) continue;
      if (tryAgain) {
        if (c.tryAgain !== null && row[c.tryAgain] === 1) tryAgain = false;
        continue;
      }
      if (row[c.submit] === 1) {
        if (response.some((x) => x === '')) continue;
        tries.push(response);
        saved = null;
        if (c.right(response, randq) || left === 1) finished = true;
        else [left, tryAgain] = [left - 1, true];
      } else if (response.some((x) => x !== '') && response.join('\n') !== last?.join('\n')) {
        saved = response;
      }
      last = response;
    }
    if (saved) tries.push(saved);
    tries.forEach((response, i) => out.push({ attempt, randq, try: i + 1, response }));
  }
  return out;
}

/**
 * The tries whose responses Moodle's counts hold: a response given again at a later try of the same
 * question attempt is counted at that later try only (responsecounts01 counts snake, toad and
 * "Mexican burrowing caecilian" once, at their last try; see docs/assessment.md).
 */
export const countedTries = (tries: readonly MoodleTry[]): MoodleTry[] =>
  tries.filter((t) => !tries.some((u) => u.attempt === t.attempt && u.try > t.try && u.response.join('\n') === t.response.join('\n')));

/** One of our single-try attempts replaying Moodle's: the drawn question and the answers it gives (null: none). */
export interface ReplayedAttempt {
  randq: RandQ;
  slot1: string;
  /** The choice per stem (frog, cat, newt). */
  slot3: string[] | null;
  /** '1' True, '0' False. */
  slot4: '0' | '1' | null;
}

/**
 * Fixture 01 as our attempts (one try each): every try Moodle counts at slot 1 (`countedTries`)
 * becomes an attempt drawing the question `randqs.1` names and answering it so; the first of each
 * Moodle attempt's replays also answers slots 3 and 4 with that attempt's first try (Moodle's
 * `count1`: its later tries of the matching question are not derived, see docs/assessment.md); the
 * other replays leave them unanswered, which our analysis counts under `[No response]` (Moodle's
 * analysis of the last try does so too), `extraReplays` times.
 */
export function replay01(): { attempts: ReplayedAttempt[]; extraReplays: number } {
  const slot1 = countedTries(moodleTries(1));
  const first = (slot: 3 | 4, attempt: number) => moodleTries(slot).find((t) => t.attempt === attempt && t.try === 1)?.response ?? null;
  const attempts: ReplayedAttempt[] = [];
  const moodleAttempts = [...new Set(slot1.map((t) => t.attempt))];
  for (const a of moodleAttempts) {
    slot1
      .filter((t) => t.attempt === a)
      .forEach((t, i) =>
        attempts.push({
          randq: t.randq,
          slot1: t.response[0]!,
          slot3: i === 0 ? first(3, a) : null,
          slot4: i === 0 ? ((first(4, a)?.[0] ?? null) as '0' | '1' | null) : null,
        }),
      );
  }
  return { attempts, extraReplays: attempts.length - moodleAttempts.length };
}

/** What our analysis over `replay01()` must count for a row of responsecounts01: Moodle's total (slot 1), first-try count (3, 4). */
export function replayedCount(row: CountRow, extraReplays: number): number {
  const [slot, , , model, , count1, , , , , total] = row;
  if (model === '[No response]' && slot !== 1) return extraReplays;
  return slot === 1 ? total : count1;
}
