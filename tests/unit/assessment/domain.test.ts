import { expect } from 'chai';
import {
  checkAnswer,
  finaliseAttempt,
  gradeAttempt,
  gradeQuestion,
  hasPassed,
  normaliseShortAnswer,
  percentageOf,
} from '../../../domain/assessment/grading.js';
import { validateQuestion, type Question } from '../../../domain/assessment/question.js';
import { attemptOrder, hash32, seedFromHex } from '../../../domain/assessment/shuffle.js';
import { deadlineFor, endedAt, isOverdue, secondsLeft } from '../../../domain/assessment/deadline.js';
import type { Attempt } from '../../../domain/assessment/attempt.js';
import { checkGrade } from '../../../domain/assessment/assignment.js';

const at = new Date('2026-03-01T10:00:00.000Z');
const q = (id: string, type: Question['type'], options: Array<[string, boolean]>, points = 1): Question => ({
  id,
  tenantId: 't',
  quizId: 'quiz',
  type,
  text: id,
  points,
  order: 1,
  createdAt: at,
  updatedAt: at,
  options: options.map(([text, isCorrect], i) => ({ id: `${id}-o${i}`, text, isCorrect })),
});
const MC = q(
  'mc',
  'multiple_choice',
  [
    ['A', true],
    ['B', false],
    ['C', false],
  ],
  2,
);
const MA = q(
  'ma',
  'multiple_answer',
  [
    ['A', false],
    ['B', true],
    ['C', true],
  ],
  3,
);
const TF = q('tf', 'true_false', [
  ['True', false],
  ['False', true],
]);
const SA = q('sa', 'short_answer', [
  ['New York', true],
  ['NYC', true],
]);

const attempt = (over: Partial<Attempt> = {}): Attempt => ({
  id: 'a1',
  tenantId: 't',
  quizId: 'quiz',
  userId: 'u',
  attemptNumber: 1,
  status: 'in_progress',
  seed: 42,
  startedAt: at,
  deadlineAt: null,
  submittedAt: null,
  score: null,
  maxScore: 7,
  percentage: null,
  passed: null,
  updatedAt: at,
  ...over,
});

describe('assessment domain: grading', () => {
  it('multiple_choice: the correct option alone scores its points', () => {
    expect(gradeQuestion(MC, ['mc-o0'])).to.deep.equal({ questionId: 'mc', isCorrect: true, pointsAwarded: 2, maxPoints: 2 });
    expect(gradeQuestion(MC, ['mc-o1']).pointsAwarded).to.equal(0);
    expect(gradeQuestion(MC, ['mc-o0', 'mc-o1']).isCorrect).to.equal(false);
    expect(gradeQuestion(MC, null).isCorrect).to.equal(false);
    expect(gradeQuestion(MC, []).isCorrect).to.equal(false);
  });

  it('multiple_answer: all or nothing, order free', () => {
    expect(gradeQuestion(MA, ['ma-o2', 'ma-o1'])).to.include({ isCorrect: true, pointsAwarded: 3 });
    expect(gradeQuestion(MA, ['ma-o1']).pointsAwarded).to.equal(0);
    expect(gradeQuestion(MA, ['ma-o0', 'ma-o1', 'ma-o2']).pointsAwarded).to.equal(0);
  });

  it('true_false: the correct one of the two', () => {
    expect(gradeQuestion(TF, ['tf-o1']).isCorrect).to.equal(true);
    expect(gradeQuestion(TF, ['tf-o0']).isCorrect).to.equal(false);
  });

  it('short_answer: case- and space-insensitive against every accepted answer', () => {
    for (const text of ['new york', '  NEW   YORK ', 'newyork', 'nyc', 'N Y C'])
      expect(gradeQuestion(SA, [text]).isCorrect, text).to.equal(true);
    for (const text of ['New Jersey', '', 'New York City']) expect(gradeQuestion(SA, [text]).isCorrect, text).to.equal(false);
    expect(normaliseShortAnswer(' Ｊａｋａｒｔａ\t')).to.equal('jakarta'); // full-width letters (NFKC)
  });

  it('grades an attempt: score, max, percentage (2 decimals), pass at the boundary', () => {
    const g = gradeAttempt(
      [MC, MA, TF, SA],
      new Map([
        ['mc', ['mc-o0']],
        ['tf', ['tf-o1']],
        ['sa', ['x']],
      ]),
      42,
    );
    expect(g).to.deep.include({ score: 3, maxScore: 7, percentage: 42.86, passed: true });
    expect(percentageOf(2, 3)).to.equal(66.67);
    expect(percentageOf(0, 0)).to.equal(0);
    expect(hasPassed(60, 60)).to.equal(true);
    expect(hasPassed(59.99, 60)).to.equal(false);
  });

  it('finalises every question of the attempt, answered or not; an expired attempt ends at its deadline', () => {
    const deadline = new Date(at.getTime() + 600_000);
    const a = attempt({ deadlineAt: deadline });
    const saved = new Map([
      [
        'mc',
        {
          tenantId: 't',
          attemptId: 'a1',
          questionId: 'mc',
          answer: ['mc-o0'],
          isCorrect: null,
          pointsAwarded: null,
          maxPoints: null,
          answeredAt: at,
          updatedAt: at,
          feedback: null,
          gradedBy: null,
          gradedAt: null,
        },
      ],
    ]);
    const grade = gradeAttempt([MC, TF], new Map([['mc', ['mc-o0']]]), 50);
    const later = new Date(deadline.getTime() + 3_600_000);
    const done = finaliseAttempt(a, grade, saved, 'expired', later);
    expect(done.attempt).to.deep.include({
      status: 'expired',
      score: 2,
      maxScore: 3,
      percentage: 66.67,
      passed: true,
      submittedAt: deadline,
    });
    expect(done.answers.map((x) => [x.questionId, x.answer, x.pointsAwarded, x.isCorrect])).to.deep.equal([
      ['mc', ['mc-o0'], 2, true],
      ['tf', null, 0, false],
    ]);
    expect(finaliseAttempt(a, grade, saved, 'submitted', later).attempt.submittedAt).to.equal(later);
  });

  it('checks answers against their question before saving', () => {
    expect(checkAnswer(MC, ['mc-o1'])).to.deep.equal({ ok: true, value: ['mc-o1'] });
    expect(checkAnswer(MC, []).ok).to.equal(true);
    expect(checkAnswer(MC, ['mc-o0', 'mc-o1']).ok).to.equal(false);
    expect(checkAnswer(MC, ['ma-o1']).ok).to.equal(false);
    expect(checkAnswer(MA, ['ma-o1', 'ma-o1']).ok).to.equal(false);
    expect(checkAnswer(MA, ['ma-o1', 'ma-o2']).ok).to.equal(true);
    expect(checkAnswer(SA, ['  Paris  '])).to.deep.equal({ ok: true, value: ['Paris'] });
    expect(checkAnswer(SA, ['a', 'b']).ok).to.equal(false);
    expect(checkAnswer(SA, ['x'.repeat(1001)]).ok).to.equal(false);
  });

  it('validates question shapes per type', () => {
    const v = (type: Question['type'], options: Array<[string, boolean]>, points = 1) =>
      validateQuestion({ type, text: 'Q', points, options: options.map(([text, isCorrect]) => ({ text, isCorrect })) });
    expect(
      v('multiple_choice', [
        ['a', true],
        ['b', false],
      ]).ok,
    ).to.equal(true);
    expect(
      v('multiple_choice', [
        ['a', true],
        ['b', true],
      ]).ok,
    ).to.equal(false);
    expect(v('multiple_choice', [['a', true]]).ok).to.equal(false);
    expect(
      v('multiple_answer', [
        ['a', true],
        ['b', true],
      ]).ok,
    ).to.equal(true);
    expect(
      v('multiple_answer', [
        ['a', false],
        ['b', false],
      ]).ok,
    ).to.equal(false);
    expect(
      v('true_false', [
        ['T', true],
        ['F', false],
      ]).ok,
    ).to.equal(true);
    expect(
      v('true_false', [
        ['T', true],
        ['F', false],
        ['?', false],
      ]).ok,
    ).to.equal(false);
    expect(v('short_answer', []).ok).to.equal(false);
    const sa = v('short_answer', [['x', false]]);
    expect(sa.ok && sa.value.options[0]!.isCorrect).to.equal(true);
    expect(
      v('multiple_choice', [
        ['a', true],
        ['A ', false],
      ]).ok,
    ).to.equal(false); // duplicate option
    expect(
      v(
        'multiple_choice',
        [
          ['a', true],
          ['b', false],
        ],
        0,
      ).ok,
    ).to.equal(false);
    expect(
      v('multiple_choice', [
        ['a', true],
        ['  ', false],
      ]).ok,
    ).to.equal(false);
  });
});

describe('assessment domain: shuffling', () => {
  const qs = Array.from({ length: 20 }, (_, i) => ({ id: `q${String(i).padStart(2, '0')}` }));

  it('is deterministic: the same seed always gives the same order, a permutation of the questions', () => {
    const a = attemptOrder(qs, 12345, true).map((x) => x.id);
    expect(attemptOrder(qs, 12345, true).map((x) => x.id)).to.deep.equal(a);
    expect([...a].sort()).to.deep.equal(qs.map((x) => x.id));
    expect(a).to.not.deep.equal(qs.map((x) => x.id));
  });

  it('differs between seeds, and keeps authoring order without shuffle', () => {
    const orders = new Set(
      [1, 2, 3, 4, 5].map((seed) =>
        attemptOrder(qs, seed, true)
          .map((x) => x.id)
          .join(),
      ),
    );
    expect(orders.size).to.equal(5);
    expect(attemptOrder(qs, 1, false)).to.deep.equal(qs);
  });

  it('keeps the relative order of the others when a question is removed or added', () => {
    const full = attemptOrder(qs, 777, true).map((x) => x.id);
    const without = attemptOrder(
      qs.filter((x) => x.id !== 'q07'),
      777,
      true,
    ).map((x) => x.id);
    expect(without).to.deep.equal(full.filter((id) => id !== 'q07'));
    const more = attemptOrder([...qs, { id: 'q99' }], 777, true).map((x) => x.id);
    expect(more.filter((id) => id !== 'q99')).to.deep.equal(full);
  });

  it('hashes and seeds stay 32/31-bit non-negative integers', () => {
    expect(hash32(''))
      .to.be.a('number')
      .and.at.least(0)
      .and.below(2 ** 32);
    expect(hash32('a')).to.not.equal(hash32('b'));
    expect(seedFromHex('ffffffff')).to.equal(2 ** 31 - 1);
    expect(seedFromHex('00000000')).to.equal(0);
  });
});

describe('assessment domain: deadlines', () => {
  it('computes the deadline from the duration; none without a limit', () => {
    expect(deadlineFor(at, 30)!.toISOString()).to.equal('2026-03-01T10:30:00.000Z');
    expect(deadlineFor(at, 0)).to.equal(null);
  });

  it('is overdue from the deadline instant on, only while in progress', () => {
    const deadlineAt = deadlineFor(at, 10)!;
    const a = attempt({ deadlineAt });
    expect(isOverdue(a, new Date(deadlineAt.getTime() - 1))).to.equal(false);
    expect(isOverdue(a, deadlineAt)).to.equal(true);
    expect(isOverdue({ ...a, status: 'submitted' }, new Date(deadlineAt.getTime() + 1))).to.equal(false);
    expect(isOverdue(attempt(), new Date(at.getTime() + 10 * 86_400_000))).to.equal(false);
  });

  it('counts whole seconds left, never negative; null once ended or untimed', () => {
    const a = attempt({ deadlineAt: deadlineFor(at, 10) });
    expect(secondsLeft(a, at)).to.equal(600);
    expect(secondsLeft(a, new Date(at.getTime() + 599_500))).to.equal(0);
    expect(secondsLeft(a, new Date(at.getTime() + 700_000))).to.equal(0);
    expect(secondsLeft(attempt(), at)).to.equal(null);
    expect(secondsLeft({ ...a, status: 'expired' }, at)).to.equal(null);
    expect(endedAt(a, 'expired', new Date(at.getTime() + 10 ** 7))).to.equal(a.deadlineAt);
  });
});

describe('assessment domain: assignment grades', () => {
  it('accepts 0–100 with two decimals', () => {
    expect(checkGrade(0)).to.deep.equal({ ok: true, value: 0 });
    expect(checkGrade(100)).to.deep.equal({ ok: true, value: 100 });
    expect(checkGrade(87.456)).to.deep.equal({ ok: true, value: 87.46 });
    for (const bad of [-0.01, 100.01, Number.NaN, Number.POSITIVE_INFINITY]) expect(checkGrade(bad).ok).to.equal(false);
  });
});
