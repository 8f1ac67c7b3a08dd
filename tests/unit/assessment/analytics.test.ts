import { expect } from 'chai';
import {
  accumulate,
  bucketOf,
  computeAnalytics,
  cronbachAlpha,
  discrimination,
  median,
  roundAnalytics,
  sampleVariance,
  sortedPairSum,
  type GradedAttemptMarks,
} from '../../../domain/assessment/analytics.js';

/**
 * Hand-computed fixture: three questions worth 1, 1 and 2 points (max 4), passing 50 %.
 *
 *   attempt  Q1 Q2 Q3  T   %
 *   S1        1  1  2  4  100
 *   S2        1  1  0  2   50
 *   S3        1  0  0  1   25
 *   S4        0  0  0  0    0
 *
 * mean % = 175 / 4 = 43.75; median = (25 + 50) / 2 = 37.5;
 * sample SD: deviations 56.25, 6.25, −18.75, −43.75 → squares 3164.0625 + 39.0625 + 351.5625 + 1914.0625
 *   = 5468.75; / 3 = 1822.9167; √ = 42.6956 → 42.70. Pass rate: 2 / 4 = 50 %.
 * Histogram: [0,10) 1, [20,30) 1, [50,60) 1, [90,100] 1.
 * Facility: Q1 3/4 = 0.75; Q2 2/4 = 0.5; Q3 2/(4·2) = 0.25.
 * Discrimination (x vs the rest R = T − x):
 *   Q1 x = 1,1,1,0, R = 3,1,0,0: Sxy = 1, Sxx = 0.75, Syy = 6 → r = 1/√4.5 = 0.47140 → 47.14
 *   Q2 x = 1,1,0,0, R = 3,1,1,0: Sxy = 1.5, Sxx = 1, Syy = 4.75 → r = 0.68825 → 68.82
 *   Q3 x = 2,0,0,0, R = 2,2,1,0: Sxy = 1.5, Sxx = 3, Syy = 2.75 → r = 0.52223 → 52.22
 * Cronbach: var(x) = 0.25, 0.3333, 1 (sum 1.58333); var(T): T = 4,2,1,0, SS 8.75 / 3 = 2.91667;
 *   α = 3/2 · (1 − 1.58333 / 2.91667) = 0.685714 → 0.6857.
 */
const marks = (q1: number, q2: number, q3: number) => [
  { questionId: 'q1', points: q1, maxPoints: 1, isCorrect: q1 === 1 },
  { questionId: 'q2', points: q2, maxPoints: 1, isCorrect: q2 === 1 },
  { questionId: 'q3', points: q3, maxPoints: 2, isCorrect: q3 === 2 },
];
const FIXTURE: GradedAttemptMarks[] = [
  { percentage: 100, passed: true, score: 4, maxScore: 4, marks: marks(1, 1, 2) },
  { percentage: 50, passed: true, score: 2, maxScore: 4, marks: marks(1, 1, 0) },
  { percentage: 25, passed: false, score: 1, maxScore: 4, marks: marks(1, 0, 0) },
  { percentage: 0, passed: false, score: 0, maxScore: 4, marks: marks(0, 0, 0) },
];

describe('assessment analytics (Moodle definitions)', () => {
  const { attempts, questions } = accumulate(FIXTURE);
  const a = roundAnalytics(computeAnalytics(attempts, questions));
  const byId = new Map(a.questions.map((q) => [q.questionId, q]));

  it('accumulates the sufficient statistics in one pass', () => {
    expect(attempts).to.deep.include({ n: 4, passed: 2, sumPct: 175, sumPct2: 13125, median: 37.5, sumT: 7, sumT2: 21 });
    expect(questions.find((q) => q.questionId === 'q3')).to.deep.include({
      n: 4,
      maxMark: 2,
      correct: 1,
      sumX: 2,
      sumX2: 4,
      sumXT: 8,
      sumT: 7,
      sumT2: 21,
    });
  });

  it('mean, median, standard deviation and pass rate of the percentages', () => {
    expect(a).to.include({ attempts: 4, mean: 43.75, median: 37.5, stdDev: 42.7, passRate: 50 });
  });

  it('a 10-bucket histogram, 100 in the last bucket', () => {
    expect(a.histogram.map((b) => b.count)).to.deep.equal([1, 0, 1, 0, 0, 1, 0, 0, 0, 1]);
    expect(a.histogram.map((b) => b.from)).to.deep.equal([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect([0, 9.99, 10, 59.5, 90, 99.99, 100].map(bucketOf)).to.deep.equal([0, 0, 1, 5, 9, 9, 9]);
  });

  it('facility index = mean mark / max mark', () => {
    expect(['q1', 'q2', 'q3'].map((id) => byId.get(id)!.facilityIndex)).to.deep.equal([0.75, 0.5, 0.25]);
    expect(byId.get('q3')).to.include({ meanMark: 0.5, maxMark: 2, correct: 1, attempts: 4 });
  });

  it('discrimination index = 100 × correlation of the question with the rest of the quiz', () => {
    expect(['q1', 'q2', 'q3'].map((id) => byId.get(id)!.discriminationIndex)).to.deep.equal([47.14, 68.82, 52.22]);
  });

  it("Cronbach's alpha over the questions", () => {
    expect(a.cronbachAlpha).to.equal(0.6857);
    expect(cronbachAlpha(attempts, questions.slice(0, 1))).to.equal(null); // one question: undefined
    expect(cronbachAlpha({ n: 2, sumT: 6, sumT2: 20 }, questions)).to.equal(null); // Moodle: more than two attempts
  });

  it('answers null where a figure is undefined (no attempts, no variance, one attempt)', () => {
    const empty = roundAnalytics(computeAnalytics(accumulate([]).attempts, []));
    expect(empty).to.include({ attempts: 0, mean: null, median: null, stdDev: null, passRate: null, cronbachAlpha: null });
    expect(empty.histogram.every((b) => b.count === 0)).to.equal(true);
    const one = accumulate([FIXTURE[0]!]);
    const single = roundAnalytics(computeAnalytics(one.attempts, one.questions));
    expect(single).to.include({ attempts: 1, mean: 100, median: 100, stdDev: null, passRate: 100, cronbachAlpha: null });
    expect(single.questions[0]).to.include({ facilityIndex: 1, discriminationIndex: null });
    // Everyone right on a question: no variance, no discrimination.
    const same = accumulate([FIXTURE[0]!, FIXTURE[1]!]);
    expect(computeAnalytics(same.attempts, same.questions).questions.find((q) => q.questionId === 'q1')!.discriminationIndex).to.equal(
      null,
    );
  });

  it('helpers: median of odd and even counts, sample variance, perfect correlation', () => {
    expect(median([3, 1, 2])).to.equal(2);
    expect(median([4, 1, 3, 2])).to.equal(2.5);
    expect(median([])).to.equal(null);
    expect(sampleVariance(4, 7, 21)).to.be.closeTo(2.91667, 1e-5);
    expect(sampleVariance(1, 3, 9)).to.equal(null);
    // x and the rest move together exactly: T = 2x → R = x.
    expect(discrimination({ n: 3, sumX: 3, sumX2: 5, sumXT: 10, sumT: 6, sumT2: 20 })).to.equal(100);
    expect(sortedPairSum([3, 1, 2], [10, 30, 20])).to.equal(1 * 10 + 2 * 20 + 3 * 30);
  });
});
