import { expect } from 'chai';
import { accumulate, computeAnalytics, type GradedAttemptMarks, type QuestionAnalytics } from '../../../domain/assessment/analytics.js';
import { RESULTS00 } from '../../support/moodle-fixture-00.js';

/**
 * Moodle's own statistics fixture 00 (moodle/moodle mod/quiz/report/statistics/tests/fixtures):
 * results00.csv gives the 25 attempts' marks per slot (7 questions, 1 mark each, fractional marks
 * included), and stats_from_steps_walkthrough_test.php / qstats00.csv the values Moodle expects,
 * checked here within Moodle's own tolerances (relative 1.5e-5 for the quiz figures; 1e-5 for
 * discrimination, discriminative efficiency and effective weight; 1e-6 for the rest).
 */
const MAX = 7;

/** qstats00.csv: slot, facility, sd, effectiveweight, covariance, markvariance, othermarkvariance,
 * discriminationindex, covariancemax, discriminativeefficiency. */
const QSTATS00 = [
  [1, 0.704, 0.4513682901, 21.2922742344, -7.0650767526, -9.4550536967],
  [2, 0.48, 0.5099019514, 18.8979800309, -28.8982125772, -36.7834118938],
  [3, 0.973333332, 0.13333334, 4.443012573, -9.1230674268, -21.6545012165],
  [4, 0.68, 0.4760952286, 18.9347251357, -22.6306444113, -31.4411395613],
  [5, 0.52, 0.3055050463, 11.1450138688, -17.6997047674, -21.1794802584],
  [6, 0.64, 0.4898979486, 9.8081339177, -45.3785178421, -56.9365974439],
  [7, 0.62, 0.331662479, 15.4788602394, -5.6543166602, -6.5043742058],
] as const;

const close = (actual: number | null, expected: number, relative: number, what: string) => {
  expect(actual, what).to.be.a('number');
  expect(actual!, what).to.be.closeTo(expected, Math.abs(expected) * relative);
};

describe('assessment statistics: Moodle fixture 00', () => {
  const attempts: GradedAttemptMarks[] = RESULTS00.map((marks) => {
    const score = marks.reduce((s, x) => s + x, 0);
    return {
      score,
      maxScore: MAX,
      percentage: Math.round((score / MAX) * 10_000) / 100,
      passed: score / MAX >= 0.6,
      marks: marks.map((points, i) => ({ questionId: `slot${i + 1}`, points, maxPoints: 1, isCorrect: points === 1 })),
    };
  });
  const moments = accumulate(attempts);
  const stats = computeAnalytics(moments.attempts, moments.questions);
  const slot = (n: number): QuestionAnalytics => stats.questions.find((q) => q.questionId === `slot${n}`)!;

  it('quiz figures: mean, median, SD, skewness, kurtosis, CIC, error ratio, standard error', () => {
    const tolerance = 1.5e-5;
    // Moodle reports marks out of 7; ours are percentages of the maximum: scale back.
    const marks = (pct: number | null) => (pct === null ? null : (pct * MAX) / 100);
    expect(stats.attempts).to.equal(25);
    close(marks(stats.mean), 4.617333332, tolerance, 'mean');
    close(marks(stats.median), 4.5, tolerance, 'median');
    close(marks(stats.stdDev), 0.8117265554, tolerance, 'standard deviation');
    close(stats.skewness, -0.092502502, tolerance, 'skewness');
    close(stats.kurtosis, -0.7073968557, tolerance, 'kurtosis');
    close(stats.cronbachAlpha === null ? null : stats.cronbachAlpha * 100, -87.2230935542, tolerance, 'cic');
    close(stats.errorRatio, 136.8294900795, tolerance, 'error ratio');
    close(marks(stats.standardError), 1.1106813066, tolerance, 'standard error');
  });

  it('question figures: facility, SD, effective weight, discrimination index and efficiency', () => {
    for (const [n, facility, sd, effectiveWeight, discriminationIndex, efficiency] of QSTATS00) {
      const q = slot(n);
      close(q.facilityIndex, facility, 1e-6, `facility of slot ${n}`);
      close(q.standardDeviation, sd, 1e-6, `sd of slot ${n}`);
      close(q.effectiveWeight, effectiveWeight, 1e-5, `effective weight of slot ${n}`);
      close(q.discriminationIndex, discriminationIndex, 1e-5, `discrimination index of slot ${n}`);
      close(q.discriminativeEfficiency, efficiency, 1e-5, `discriminative efficiency of slot ${n}`);
      expect(q.intendedWeight).to.be.closeTo(100 / 7, 1e-9);
    }
  });
});
