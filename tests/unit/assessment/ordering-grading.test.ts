import { expect } from 'chai';
import { orderingFraction } from '../../../domain/assessment/ordering-grading.js';
import { gradeQuestion } from '../../../domain/assessment/grading.js';
import {
  ORDERING_GRADINGS,
  randomGuessScore,
  sameContent,
  validateQuestion,
  type OrderingGrading,
  type Question,
} from '../../../domain/assessment/question.js';
import { buildQuestion } from '../../../application/assessment/question-input.js';
import { WEIGHT_SCALE } from '../../../domain/assessment/marks.js';

/** qtype_ordering's test question (tests/helper.php) and the orders its tests/question_test.php grades. */
const CORRECT = ['Modular', 'Object', 'Oriented', 'Dynamic', 'Learning', 'Environment'];
const REVERSED = ['Environment', 'Learning', 'Dynamic', 'Oriented', 'Object', 'Modular'];
const MODULAR_LAST = ['Object', 'Oriented', 'Dynamic', 'Learning', 'Environment', 'Modular'];
const ENDS_SWAPPED = ['Environment', 'Object', 'Oriented', 'Dynamic', 'Learning', 'Modular'];
const ORIENTED_FIRST = ['Oriented', 'Object', 'Dynamic', 'Learning', 'Environment', 'Modular'];

const fraction = (grading: OrderingGrading, words: readonly string[], correct: readonly string[] = CORRECT) =>
  orderingFraction(grading, correct, words) / WEIGHT_SCALE;

/**
 * Each case of question_test.php's test_grading_* as [response, fraction]. Where Moodle asserts a
 * bound only (0.66 < f < 0.67…), the fraction is the exact count it stands for, at seven decimals.
 */
const MOODLE_CASES: Record<OrderingGrading, Array<[readonly string[], number]>> = {
  all_or_nothing: [
    [CORRECT, 1],
    [REVERSED, 0],
    [ORIENTED_FIRST, 0],
  ],
  // 4 of 6 items in place; 1 of 6.
  absolute_position: [
    [CORRECT, 1],
    [REVERSED, 0],
    [ENDS_SWAPPED, 0.6666667],
    [ORIENTED_FIRST, 0.1666667],
  ],
  relative_next_exclude_last: [
    [CORRECT, 1],
    [REVERSED, 0],
    [ENDS_SWAPPED, 0.6],
    [ORIENTED_FIRST, 0.4],
  ],
  relative_next_include_last: [
    [CORRECT, 1],
    [REVERSED, 0],
    [ENDS_SWAPPED, 0.5],
  ],
  // Moodle: 0.33 < f < 0.34 (4 of 12 neighbours).
  relative_one_previous_and_next: [
    [CORRECT, 1],
    [REVERSED, 0],
    [ORIENTED_FIRST, 0.3333333],
  ],
  // Moodle: 0.6, then 0.6 < f < 0.7 (10 of the 15 pairs in order).
  relative_all_previous_and_next: [
    [CORRECT, 1],
    [REVERSED, 0],
    [ORIENTED_FIRST, 0.6],
    [MODULAR_LAST, 0.6666667],
  ],
  // Moodle: 0.8 < f < 0.84, five of six in order.
  longest_ordered_subset: [
    [CORRECT, 1],
    [REVERSED, 0],
    [MODULAR_LAST, 0.8333333],
  ],
  longest_contiguous_subset: [
    [CORRECT, 1],
    [REVERSED, 0],
    [MODULAR_LAST, 0.8333333],
  ],
  // Moodle: 0.4 for the reversed order ("very generous"), 0.6 < f < 0.7 (20 of 30).
  relative_to_correct: [
    [CORRECT, 1],
    [REVERSED, 0.4],
    [MODULAR_LAST, 0.6666667],
  ],
};

/** Every order of `items`. */
const orders = (items: readonly string[]): string[][] =>
  items.length <= 1 ? [[...items]] : items.flatMap((x, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((o) => [x, ...o]));

/** The longest subsequence of the response whose items are in the correct order (consecutive in it: `contiguous`), by brute force. */
function longestRun(correct: readonly string[], given: readonly string[], contiguous: boolean): number {
  const at = given.map((id) => correct.indexOf(id));
  let best = 0;
  for (let mask = 1; mask < 1 << at.length; mask++) {
    const picked = at.filter((_, i) => mask & (1 << i));
    const fits = picked.every((p, i) => i === 0 || (contiguous ? p === picked[i - 1]! + 1 : p > picked[i - 1]!));
    if (fits) best = Math.max(best, picked.length);
  }
  return best;
}

describe("assessment domain: ordering grading types (qtype_ordering's GRADING_*)", () => {
  for (const grading of ORDERING_GRADINGS) {
    it(`${grading}: Moodle's own cases (question_test.php test_grading_${grading}) exactly`, () => {
      for (const [words, expected] of MOODLE_CASES[grading]) expect(fraction(grading, words), words.join(' ')).to.equal(expected);
    });
  }

  it('the longest subsets are the longest runs in the right order (one item earns nothing), over every order of up to six items', () => {
    for (let n = 2; n <= 6; n++) {
      const correct = CORRECT.slice(0, n);
      for (const given of orders(correct)) {
        for (const contiguous of [false, true]) {
          const run = longestRun(correct, given, contiguous);
          const want = Math.round(((run > 1 ? run : 0) * WEIGHT_SCALE) / n);
          expect(orderingFraction(contiguous ? 'longest_contiguous_subset' : 'longest_ordered_subset', correct, given)).to.equal(want);
        }
      }
    }
    // Contiguous in the correct order, not in the response: Object, Oriented and Dynamic with others between them.
    expect(fraction('longest_contiguous_subset', ['Object', 'Learning', 'Oriented', 'Modular', 'Dynamic', 'Environment'])).to.equal(0.5);
    expect(fraction('longest_ordered_subset', ['Object', 'Learning', 'Oriented', 'Modular', 'Dynamic', 'Environment'])).to.equal(0.6666667);
  });

  it('relative_all_previous_and_next is the share of pairs in the right order; the neighbour types count the ends', () => {
    for (const given of orders(CORRECT.slice(0, 5))) {
      let inOrder = 0;
      for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) if (CORRECT.indexOf(given[i]!) < CORRECT.indexOf(given[j]!)) inOrder++;
      expect(orderingFraction('relative_all_previous_and_next', CORRECT.slice(0, 5), given)).to.equal(
        Math.round((inOrder * WEIGHT_SCALE) / 10),
      );
    }
    // Two items swapped: the last item last earns include_last its one point of two; nothing before the first counts for one_previous.
    const two = ['a', 'b'];
    expect(fraction('relative_next_include_last', ['b', 'a'], two)).to.equal(0);
    expect(fraction('relative_next_include_last', ['a', 'b'], two)).to.equal(1);
    expect(fraction('relative_next_exclude_last', ['b', 'a'], two)).to.equal(0);
    // Modular first and Environment last keep "nothing before" and "nothing after": 2 of 12.
    expect(fraction('relative_one_previous_and_next', ['Modular', 'Oriented', 'Learning', 'Object', 'Dynamic', 'Environment'])).to.equal(
      0.1666667,
    );
    expect(fraction('relative_next_include_last', ['Oriented', 'Learning', 'Dynamic', 'Object', 'Modular', 'Environment'])).to.equal(
      0.1666667,
    );
  });

  it('no answer, or anything but every item once, earns 0 under every type', () => {
    for (const grading of ORDERING_GRADINGS) {
      expect(fraction(grading, [])).to.equal(0);
      expect(fraction(grading, CORRECT.slice(1))).to.equal(0);
      expect(fraction(grading, ['Modular', ...CORRECT.slice(0, 5)])).to.equal(0);
      expect(fraction(grading, ['x', ...CORRECT.slice(1)])).to.equal(0);
    }
  });

  it("a question is graded by its own type, marks at Moodle's seven decimals; the default is relative_to_correct; random guess 0", () => {
    const v = validateQuestion({ type: 'ordering', text: 'Order', points: 3, options: CORRECT.map((text) => ({ text, isCorrect: true })) });
    if (!v.ok) throw new Error(v.error);
    expect(v.value.orderingGrading).to.equal('relative_to_correct');
    const q = (orderingGrading?: OrderingGrading): Question => ({
      id: 'q',
      tenantId: 't',
      quizId: 'z',
      type: 'ordering',
      text: 'Order',
      points: 3,
      order: 1,
      options: CORRECT.map((text) => ({ id: text, text, isCorrect: true })),
      ...(orderingGrading ? { orderingGrading } : {}),
      createdAt: new Date(0),
      updatedAt: new Date(0),
    });
    expect(gradeQuestion(q('absolute_position'), ORIENTED_FIRST)).to.include({ pointsAwarded: 0.5000001, isCorrect: false });
    expect(gradeQuestion(q('all_or_nothing'), ENDS_SWAPPED)).to.include({ pointsAwarded: 0 });
    expect(gradeQuestion(q('all_or_nothing'), CORRECT)).to.include({ pointsAwarded: 3, isCorrect: true });
    // A snapshot taken before the grading type was stored is graded as it was then.
    expect(gradeQuestion(q(), REVERSED)).to.include({ pointsAwarded: 1.2 });
    for (const grading of ORDERING_GRADINGS) expect(randomGuessScore(q(grading))).to.equal(0);
    // A change of grading type is a change of content (a new version once attempts saw it).
    expect(sameContent(q('absolute_position'), q('absolute_position'))).to.equal(true);
    expect(sameContent(q(), q('relative_to_correct'))).to.equal(true);
    expect(sameContent(q('absolute_position'), q('relative_to_correct'))).to.equal(false);
  });

  it('only ordering questions take a grading type; an edit keeps it unless given, another type drops it', () => {
    let k = 0;
    const ids = { uuid: () => `id-${++k}` };
    const refused = validateQuestion({
      type: 'multiple_choice',
      text: 'Pick',
      points: 1,
      options: [
        { text: 'a', isCorrect: true },
        { text: 'b', isCorrect: false },
      ],
      orderingGrading: 'absolute_position',
    });
    expect(refused).to.deep.equal({ ok: false, error: 'only ordering questions have an ordering_grading' });
    const made = buildQuestion(
      ids,
      { type: 'ordering', text: 'O', options: [{ text: 'x' }, { text: 'y' }], orderingGrading: 'all_or_nothing' },
      null,
    );
    if (!made.ok) throw new Error(made.detail);
    expect(made.value.orderingGrading).to.equal('all_or_nothing');
    const kept = buildQuestion(ids, { text: 'Again' }, made.value);
    expect(kept.ok && kept.value.orderingGrading).to.equal('all_or_nothing');
    const changed = buildQuestion(ids, { orderingGrading: 'longest_ordered_subset' }, made.value);
    expect(changed.ok && changed.value.orderingGrading).to.equal('longest_ordered_subset');
    const other = buildQuestion(ids, { type: 'short_answer', options: [{ text: 'x' }] }, made.value);
    expect(other.ok && 'orderingGrading' in other.value).to.equal(false);
    const wrong = buildQuestion(ids, { type: 'short_answer', options: [{ text: 'x' }], orderingGrading: 'all_or_nothing' }, made.value);
    expect(wrong.ok ? '' : wrong.detail).to.equal('only ordering questions have an ordering_grading');
  });
});
