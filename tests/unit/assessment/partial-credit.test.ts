import { expect } from 'chai';
import {
  checkAnswer,
  endedAs,
  finaliseAttempt,
  gradeAttempt,
  gradeQuestion,
  markAnswer,
  matchingPair,
  shortAnswerMatches,
  sumMarks,
} from '../../../domain/assessment/grading.js';
import {
  matchingChoices,
  randomGuessScore,
  validateQuestion,
  type OptionDraft,
  type Question,
  type QuestionType,
} from '../../../domain/assessment/question.js';
import { displayMark, markOf, WEIGHT_SCALE } from '../../../domain/assessment/marks.js';
import type { Attempt } from '../../../domain/assessment/attempt.js';

const at = new Date('2026-03-01T10:00:00.000Z');
type Opt = Partial<OptionDraft> & { text: string };
const q = (id: string, type: QuestionType, options: Opt[], points = 1): Question => ({
  id,
  tenantId: 't',
  quizId: 'quiz',
  type,
  text: id,
  points,
  order: 1,
  createdAt: at,
  updatedAt: at,
  options: options.map((o, i) => ({ id: `${id}-o${i}`, isCorrect: (o.weight ?? 0) > 0, ...o, weight: o.weight ?? null })),
});
const ids = (question: Question, ...indexes: number[]) => indexes.map((i) => question.options[i]!.id);

describe('assessment domain: partial credit as Moodle grades it', () => {
  it('multiple_answer with weights: the chosen weights summed, floored at 0, capped at the points', () => {
    // Moodle's multiple-response rule: 50 % + 50 % right, −100 % wrong.
    const ma = q(
      'ma',
      'multiple_answer',
      [
        { text: '2', weight: 0.5 },
        { text: '3', weight: 0.5 },
        { text: '4', weight: -1 },
      ],
      3,
    );
    expect(gradeQuestion(ma, ids(ma, 0, 1))).to.deep.equal({ questionId: 'ma', isCorrect: true, pointsAwarded: 3, maxPoints: 3 });
    expect(gradeQuestion(ma, ids(ma, 0))).to.include({ isCorrect: false, pointsAwarded: 1.5 });
    expect(gradeQuestion(ma, ids(ma, 0, 2)).pointsAwarded).to.equal(0); // 0.5 − 1 floored at 0
    expect(gradeQuestion(ma, ids(ma, 0, 1, 2)).pointsAwarded).to.equal(0);
  });

  it("thirds keep Moodle's seven decimals: 0.3333333 × 3 of 1 point is 0.9999999 and right, 2 of them 0.6666666", () => {
    const ma = q('ma3', 'multiple_answer', [
      { text: 'a', weight: 0.3333333 },
      { text: 'b', weight: 0.3333333 },
      { text: 'c', weight: 0.3333333 },
      { text: 'd', weight: -0.5 },
    ]);
    // Moodle stores the fraction 0.9999999 and calls it right (above 0.999999); shown as 1.
    expect(gradeQuestion(ma, ids(ma, 0, 1, 2))).to.include({ pointsAwarded: 0.9999999, isCorrect: true });
    expect(displayMark(0.9999999)).to.equal(1);
    expect(gradeQuestion(ma, ids(ma, 0, 1))).to.include({ pointsAwarded: 0.6666666, isCorrect: false });
    expect(displayMark(0.6666666)).to.equal(0.67);
    expect(markOf(1000, WEIGHT_SCALE / 3)).to.equal(3_333_333_333); // ten-millionths: 333.3333333 points
    expect(markOf(3, Math.round(WEIGHT_SCALE / 3))).to.equal(9_999_999);
    expect(sumMarks([0.1, 0.2, 0.6666666, 0.3333333])).to.equal(1.2999999);
    expect(sumMarks([0.1, 0.2, 0.67, 0.33])).to.equal(1.3);
    expect(0.1 + 0.2).to.not.equal(0.3); // what floats would have said
    expect(sumMarks([0.1, 0.2])).to.equal(0.3);
  });

  it("keeps today's behaviour without weights: multiple_answer all or nothing, correct = 1, wrong = 0", () => {
    const ma = q(
      'plain',
      'multiple_answer',
      [
        { text: 'a', isCorrect: true },
        { text: 'b', isCorrect: true },
        { text: 'c', isCorrect: false },
      ],
      2,
    );
    expect(gradeQuestion(ma, ids(ma, 0, 1)).pointsAwarded).to.equal(2);
    expect(gradeQuestion(ma, ids(ma, 0)).pointsAwarded).to.equal(0);
  });

  it("multiple_choice with weights: the chosen option's weight, never below 0", () => {
    const mc = q(
      'mc',
      'multiple_choice',
      [
        { text: 'best', weight: 1 },
        { text: 'half', weight: 0.5 },
        { text: 'bad', weight: -0.5 },
      ],
      4,
    );
    expect(gradeQuestion(mc, ids(mc, 0))).to.include({ pointsAwarded: 4, isCorrect: true });
    expect(gradeQuestion(mc, ids(mc, 1))).to.include({ pointsAwarded: 2, isCorrect: false });
    expect(gradeQuestion(mc, ids(mc, 2)).pointsAwarded).to.equal(0);
  });

  it('short_answer with weights: the best matching accepted answer counts; * is a wildcard', () => {
    const sa = q(
      'sa',
      'short_answer',
      [
        { text: 'Paris', weight: 1 },
        { text: 'paris, france', weight: 0.8 },
        { text: 'Par*', weight: 0.25 },
      ],
      2,
    );
    expect(gradeQuestion(sa, [' PARIS '])).to.include({ pointsAwarded: 2, isCorrect: true });
    expect(gradeQuestion(sa, ['Paris, France'])).to.include({ pointsAwarded: 1.6 });
    expect(gradeQuestion(sa, ['Parma'])).to.include({ pointsAwarded: 0.5 });
    expect(gradeQuestion(sa, ['Rome']).pointsAwarded).to.equal(0);
    expect(shortAnswerMatches('Sm*th', 'smith')).to.equal(true);
    expect(shortAnswerMatches('Sm*th', 'smyth x')).to.equal(false);
    expect(shortAnswerMatches('5\\*3', '5*3')).to.equal(true);
    expect(shortAnswerMatches('5\\*3', '5x3')).to.equal(false);
    expect(shortAnswerMatches('a.c', 'abc')).to.equal(false); // no regular expressions but *
  });

  it('numerical: answers within their tolerance, the best one counts; a decimal comma is read', () => {
    const num = q(
      'num',
      'numerical',
      [
        { text: '3.14', tolerance: 0.01, weight: 1 },
        { text: '3', tolerance: 0.5, weight: 0.5 },
      ],
      2,
    );
    expect(gradeQuestion(num, ['3.1415'])).to.include({ pointsAwarded: 2, isCorrect: true });
    expect(gradeQuestion(num, ['3,15'])).to.include({ pointsAwarded: 2 });
    expect(gradeQuestion(num, ['3.16'])).to.include({ pointsAwarded: 1 });
    expect(gradeQuestion(num, ['2.5'])).to.include({ pointsAwarded: 1 }); // boundary is inside
    expect(gradeQuestion(num, ['2.49']).pointsAwarded).to.equal(0);
    const exact = q('exact', 'numerical', [{ text: '0.3', tolerance: 0, isCorrect: true }]);
    expect(gradeQuestion(exact, [String(0.1 + 0.2)]).pointsAwarded).to.equal(1);
    expect(checkAnswer(num, ['pi']).ok).to.equal(false);
    expect(checkAnswer(num, [' 1e3 '])).to.deep.equal({ ok: true, value: ['1e3'] });
  });

  it('matching: each right pair earns its share; distractors are extra choices', () => {
    const m = q(
      'm',
      'matching',
      [
        { text: 'Canada', match: 'Ottawa', matchId: 'c1', isCorrect: true },
        { text: 'Italy', match: 'Rome', matchId: 'c2', isCorrect: true },
        { text: 'Japan', match: 'Tokyo', matchId: 'c3', isCorrect: true },
        { text: '', match: 'Paris', matchId: 'c4', isCorrect: false },
      ],
      3,
    );
    const [canada, italy, japan] = ids(m, 0, 1, 2) as [string, string, string];
    expect(matchingChoices(m).map((c) => c.text)).to.deep.equal(['Ottawa', 'Rome', 'Tokyo', 'Paris']);
    expect(gradeQuestion(m, [matchingPair(canada, 'c1'), matchingPair(italy, 'c2'), matchingPair(japan, 'c3')])).to.include({
      pointsAwarded: 3,
      isCorrect: true,
    });
    // Moodle's mark: the stored fraction 0.3333333 times the points (shown as 1).
    expect(gradeQuestion(m, [matchingPair(canada, 'c1'), matchingPair(italy, 'c4')])).to.include({
      pointsAwarded: 0.9999999,
      isCorrect: false,
    });
    expect(gradeQuestion(m, [matchingPair(canada, 'c2'), matchingPair(italy, 'c1')]).pointsAwarded).to.equal(0);
    expect(checkAnswer(m, [matchingPair(canada, 'c1'), matchingPair(canada, 'c2')]).ok).to.equal(false);
    expect(checkAnswer(m, [matchingPair('m-o3', 'c1')]).ok).to.equal(false); // a distractor is no stem
    expect(checkAnswer(m, ['nonsense']).ok).to.equal(false);
  });

  it('essay: no mark until a mentor gives one; the attempt needs grading until then', () => {
    const essay = q('es', 'essay', [], 5);
    const mc = q(
      'mc',
      'multiple_choice',
      [
        { text: 'a', isCorrect: true },
        { text: 'b', isCorrect: false },
      ],
      5,
    );
    expect(gradeQuestion(essay, ['My essay'])).to.deep.equal({ questionId: 'es', isCorrect: false, pointsAwarded: null, maxPoints: 5 });
    const attempt: Attempt = {
      id: 'a',
      tenantId: 't',
      quizId: 'quiz',
      userId: 'u',
      attemptNumber: 1,
      status: 'in_progress',
      seed: 1,
      startedAt: at,
      deadlineAt: null,
      submittedAt: null,
      score: null,
      maxScore: 10,
      percentage: null,
      passed: null,
      updatedAt: at,
    };
    const grade = gradeAttempt(
      [mc, essay],
      new Map([
        ['mc', ['mc-o0']],
        ['es', ['My essay']],
      ]),
      70,
    );
    expect(grade).to.include({ score: null, percentage: null, passed: null, maxScore: 10 });
    const done = finaliseAttempt(attempt, grade, new Map(), 'submitted', at);
    expect(done.attempt).to.include({ status: 'needs_grading', score: null, passed: null });
    const marked = markAnswer(done.attempt, done.answers, { questionId: 'es', points: 2.5, feedback: 'Good start', graderId: 'm' }, 70, at);
    expect(marked.ok).to.equal(true);
    if (!marked.ok) return;
    expect(marked.value.attempt).to.include({ status: 'submitted', score: 7.5, percentage: 75, passed: true });
    expect(marked.value.answer).to.include({ pointsAwarded: 2.5, isCorrect: false, feedback: 'Good start', gradedBy: 'm' });
    for (const points of [-1, 5.01, 1.234, Number.NaN])
      expect(
        markAnswer(done.attempt, done.answers, { questionId: 'es', points, feedback: null, graderId: 'm' }, 70, at).ok,
        String(points),
      ).to.equal(false);
    expect(markAnswer(attempt, done.answers, { questionId: 'es', points: 1, feedback: null, graderId: 'm' }, 70, at).ok).to.equal(false);
    expect(markAnswer(done.attempt, done.answers, { questionId: 'nope', points: 1, feedback: null, graderId: 'm' }, 70, at).ok).to.equal(
      false,
    );
    // An expired attempt (ended at its deadline) goes back to expired once marked.
    expect(endedAs({ deadlineAt: at, submittedAt: at })).to.equal('expired');
    expect(endedAs({ deadlineAt: new Date(at.getTime() + 1), submittedAt: at })).to.equal('submitted');
  });

  it('validates weights, tolerances, matches and essays', () => {
    const v = (type: QuestionType, options: Opt[]) =>
      validateQuestion({ type, text: 'Q', points: 1, options: options.map((o) => ({ isCorrect: false, ...o })) });
    const fail = (r: ReturnType<typeof v>) => (r.ok ? '' : r.error);
    expect(
      v('multiple_answer', [
        { text: 'a', weight: 0.5 },
        { text: 'b', weight: 0.5 },
        { text: 'c', weight: -1 },
      ]).ok,
    ).to.equal(true);
    expect(
      fail(
        v('multiple_answer', [
          { text: 'a', weight: 0.5 },
          { text: 'b', weight: 0.4 },
        ]),
      ),
    ).to.match(/add up to 1/);
    expect(fail(v('multiple_answer', [{ text: 'a', weight: 0.5 }, { text: 'b' }]))).to.match(/every option a weight, or none/);
    expect(
      fail(
        v('multiple_answer', [
          { text: 'a', weight: 1.5 },
          { text: 'b', weight: -0.5 },
        ]),
      ),
    ).to.match(/from -1 to 1/);
    expect(
      fail(
        v('multiple_choice', [
          { text: 'a', weight: 0.5 },
          { text: 'b', weight: 0 },
        ]),
      ),
    ).to.match(/weight 1/);
    const mc = v('multiple_choice', [
      { text: 'a', weight: 1 },
      { text: 'b', weight: 0.5 },
    ]);
    expect(mc.ok && mc.value.options.map((o) => o.isCorrect)).to.deep.equal([true, true]);
    expect(
      fail(
        v('true_false', [
          { text: 'T', weight: 1 },
          { text: 'F', weight: 0 },
        ]),
      ),
    ).to.match(/no weight/);
    expect(fail(v('short_answer', [{ text: 'x', weight: -0.5 }]))).to.match(/from 0 to 1/);
    expect(fail(v('numerical', [{ text: 'abc' }]))).to.match(/not a number/);
    expect(fail(v('numerical', [{ text: '1', tolerance: -1 }]))).to.match(/tolerance/);
    const num = v('numerical', [{ text: '42' }, { text: '*', weight: null }]);
    expect(num.ok && num.value.options.map((o) => [o.isCorrect, o.tolerance])).to.deep.equal([
      [true, 0],
      [true, 0],
    ]);
    expect(fail(v('multiple_choice', [{ text: 'a', isCorrect: true, tolerance: 1 }, { text: 'b' }]))).to.match(/only numerical/);
    expect(
      fail(
        v('matching', [
          { text: 'a', match: '1' },
          { text: 'b', match: '2' },
        ]),
      ),
    ).to.match(/two stems and three/);
    expect(
      v('matching', [
        { text: 'a', match: '1' },
        { text: 'b', match: '2' },
        { text: '', match: '3' },
      ]).ok,
    ).to.equal(true);
    expect(fail(v('matching', [{ text: 'a', match: '1' }, { text: 'b' }, { text: 'c', match: '3' }]))).to.match(/needs a match/);
    expect(fail(v('essay', [{ text: 'x' }]))).to.match(/no options/);
    expect(v('essay', []).ok).to.equal(true);
  });

  it('random guess scores as Moodle computes them', () => {
    expect(
      randomGuessScore(q('mc', 'multiple_choice', [{ text: 'a', isCorrect: true }, { text: 'b' }, { text: 'c' }, { text: 'd' }])),
    ).to.equal(0.25);
    expect(
      randomGuessScore(
        q('mcw', 'multiple_choice', [
          { text: 'a', weight: 1 },
          { text: 'b', weight: 0.5 },
        ]),
      ),
    ).to.equal(0.75);
    expect(randomGuessScore(q('tf', 'true_false', [{ text: 'True', isCorrect: true }, { text: 'False' }]))).to.equal(0.5);
    expect(
      randomGuessScore(
        q('sa', 'short_answer', [
          { text: 'x', weight: 1 },
          { text: '*', weight: 0.1 },
        ]),
      ),
    ).to.equal(0.1);
    expect(randomGuessScore(q('sa0', 'short_answer', [{ text: 'x', isCorrect: true }]))).to.equal(0);
    expect(
      randomGuessScore(
        q('m', 'matching', [
          { text: 'a', match: '1', matchId: 'x' },
          { text: 'b', match: '2', matchId: 'y' },
          { text: '', match: '3', matchId: 'z' },
        ]),
      ),
    ).to.be.closeTo(1 / 3, 1e-12);
    expect(randomGuessScore(q('ma', 'multiple_answer', [{ text: 'a', isCorrect: true }, { text: 'b' }]))).to.equal(null);
    expect(randomGuessScore(q('es', 'essay', []))).to.equal(null);
  });
});
