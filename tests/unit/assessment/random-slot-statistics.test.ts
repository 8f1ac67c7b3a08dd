import { expect } from 'chai';
import { accumulate, type QuestionFacts } from '../../../domain/assessment/analytics.js';
import type { RandomSlot } from '../../../domain/assessment/question-bank.js';
import {
  accumulateRandomSlots,
  randomSlotAnalytics,
  slotKey,
  type SlottedAttemptMarks,
} from '../../../domain/assessment/random-slot-statistics.js';
import { RANDQS00, RESULTS00 } from '../../support/moodle-fixture-00.js';

/**
 * Moodle's statistics fixture 00 with its slot 1 as what it is there: a random slot drawing one of
 * two questions (steps00.csv `randqs.1`). The slot's figures are Moodle's qstats00.csv row 1 and the
 * quiz's figures are unchanged (Moodle counts a random slot as one item, whichever question was
 * drawn); each drawn question's own figures are computed here directly over the attempts that drew it.
 */
const MAX = 7;
const close = (actual: number | null | undefined, expected: number, relative: number, what: string) => {
  expect(actual, what).to.be.a('number');
  expect(actual!, what).to.be.closeTo(expected, Math.max(1e-12, Math.abs(expected) * relative));
};

describe('assessment statistics: random slots (Moodle fixture 00, slot 1 drawn at random)', () => {
  const slot: RandomSlot = {
    id: 'rand',
    tenantId: 't',
    quizId: 'q',
    categoryId: 'c',
    includeSubcategories: false,
    count: 1,
    points: 1,
    order: 1,
    createdAt: new Date(0),
  };
  const rows: SlottedAttemptMarks[] = RESULTS00.map((marks, a) => {
    const score = marks.reduce((s, x) => s + x, 0);
    return {
      score,
      maxScore: MAX,
      percentage: Math.round((score / MAX) * 10_000) / 100,
      passed: score / MAX >= 0.6,
      marks: marks.map((points, i) =>
        i === 0
          ? { questionId: RANDQS00[a]!, points, maxPoints: 1, isCorrect: points === 1, drawnAt: { slotId: slot.id, position: 1 } }
          : { questionId: `slot${i + 1}`, points, maxPoints: 1, isCorrect: points === 1 },
      ),
    };
  });
  const all = accumulate(rows);
  const fixed = all.questions.filter((q) => q.questionId.startsWith('slot'));
  const facts: QuestionFacts[] = fixed.map((q) => ({ questionId: q.questionId, maxMark: 1, randomGuessScore: null }));
  const { slots, drawn } = accumulateRandomSlots(rows);
  const r = randomSlotAnalytics(all.attempts, fixed, facts, [slot], slots, drawn);

  it("reports the random slot as one item with Moodle's qstats00 figures of slot 1", () => {
    expect(r.positions).to.have.length(1);
    const s = r.positions[0]!.stats!;
    expect(s.questionId).to.equal(slotKey('rand', 1));
    expect(s.attempts).to.equal(25);
    close(s.facilityIndex, 0.704, 1e-6, 'facility');
    close(s.standardDeviation, 0.4513682901, 1e-6, 'sd');
    close(s.effectiveWeight, 21.2922742344, 1e-5, 'effective weight');
    close(s.discriminationIndex, -7.0650767526, 1e-5, 'discrimination index');
    close(s.discriminativeEfficiency, -9.4550536967, 1e-5, 'discriminative efficiency');
    close(s.intendedWeight, 100 / 7, 1e-9, 'intended weight');
  });

  it("keeps the quiz's figures Moodle's (the slot counts once in CIC and the effective weights)", () => {
    close(r.analytics.cronbachAlpha! * 100, -87.2230935542, 1.5e-5, 'cic');
    close(r.analytics.errorRatio, 136.8294900795, 1.5e-5, 'error ratio');
    expect(r.analytics.questions.map((q) => q.questionId)).to.deep.equal(['slot2', 'slot3', 'slot4', 'slot5', 'slot6', 'slot7']);
    close(r.analytics.questions[0]!.effectiveWeight, 18.8979800309, 1e-5, 'effective weight of slot 2');
  });

  it('reports each drawn question over the attempts that drew it', () => {
    expect(r.drawn.map((q) => q.questionId).sort()).to.deep.equal(['numerical', 'shortanswer']);
    for (const name of ['numerical', 'shortanswer'] as const) {
      const picked = RESULTS00.map((m, a) => ({ x: m[0]!, t: m.reduce((s, v) => s + v, 0), drew: RANDQS00[a] === name })).filter(
        (p) => p.drew,
      );
      const n = picked.length;
      const mean = picked.reduce((s, p) => s + p.x, 0) / n;
      const rests = picked.map((p) => p.t - p.x);
      const meanR = rests.reduce((s, v) => s + v, 0) / n;
      const varX = picked.reduce((s, p) => s + (p.x - mean) ** 2, 0) / (n - 1);
      const varR = rests.reduce((s, v) => s + (v - meanR) ** 2, 0) / (n - 1);
      const cov = picked.reduce((s, p, i) => s + (p.x - mean) * (rests[i]! - meanR), 0) / (n - 1);
      const q = r.drawn.find((d) => d.questionId === name)!;
      expect(q.attempts, name).to.equal(n);
      expect(q.attempts, name).to.equal(name === 'numerical' ? 12 : 13);
      close(q.facilityIndex, mean, 1e-9, `facility of ${name}`);
      close(q.standardDeviation, Math.sqrt(varX), 1e-9, `sd of ${name}`);
      close(q.discriminationIndex, (100 * cov) / Math.sqrt(varX * varR), 1e-9, `discrimination of ${name}`);
      expect(q.effectiveWeight).to.equal(null);
    }
    // The slot's mean is the draws' means weighted by how often each was drawn.
    const [num, sa] = ['numerical', 'shortanswer'].map((n) => r.drawn.find((d) => d.questionId === n)!);
    close(
      r.positions[0]!.stats!.facilityIndex,
      (num!.facilityIndex! * 12 + sa!.facilityIndex! * 13) / 25,
      1e-9,
      'slot facility from its draws',
    );
  });
});
