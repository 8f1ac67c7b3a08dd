/**
 * Quiz statistics with Moodle's definitions (mod/quiz/report/statistics/classes/calculator.php and
 * question/classes/statistics/questions/calculator.php), from sufficient statistics (counts, sums
 * of powers, and one sorted pairing per question) that storage computes in SQL aggregates, or
 * `accumulate` in one pass. Every variance is a sample variance (n − 1).
 *
 * Quiz, over the attempts' percentages p = 100 × score / max score:
 * - mean, median, standard deviation; pass rate = 100 × passed / attempts; a 10-bucket histogram.
 * - skewness = k3 / k2^(3/2) (n > 2) and kurtosis = k4 / k2² (n > 3), with Moodle's k-statistics
 *   k2 = n·m2/(n−1), k3 = n²·m3/((n−1)(n−2)), k4 = n²·((n+1)·m4 − 3(n−1)·m2²)/((n−1)(n−2)(n−3)),
 *   m_r the r-th central moment.
 * - Cronbach's alpha (Moodle's coefficient of internal consistency, as a fraction):
 *   k/(k−1) × (1 − Σ var(x_i) / var(T)) over the k questions answered, T the score (n > 2).
 * - error ratio = 100 × √(1 − alpha) (percent); standard error = error ratio × SD / 100 (in the
 *   unit of the SD: percentage points).
 * Question, over the attempts containing it, x its mark, T the attempt's score, R = T − x the rest:
 * - facility index = mean(x) / max mark (0–1); standard deviation = SD(x) / max mark (0–1).
 * - discrimination index = 100 × cov(x, R) / √(var(x)·var(R)).
 * - discriminative efficiency = 100 × cov(x, R) / covmax(x, R), covmax pairing x and R each sorted
 *   ascending (the largest covariance those marks could have).
 * - intended weight = 100 × max mark / the quiz's total points.
 * - effective weight = 100 × √cov(x, T) / Σ over questions of √cov(x_j, T) (null when cov(x, T) < 0).
 * - random guess score: from the question's definition (question.ts `randomGuessScore`).
 *
 * Undefined figures (no attempts, no variance) are null rather than a misleading 0. These are the
 * unrounded values (Moodle's fixtures check them to 1e-5); `roundAnalytics` rounds for display.
 */

export const HISTOGRAM_BUCKETS = 10;

export interface AttemptMoments {
  /** Graded attempts counted. */
  n: number;
  passed: number;
  /** Sums of p, p², p³ and p⁴, p the exact percentage 100 × score / max score. */
  sumPct: number;
  sumPct2: number;
  sumPct3: number;
  sumPct4: number;
  /** Median of p (the mean of the two middle ones for an even count); null when n = 0. */
  median: number | null;
  /** Counts per bucket of the stored (two-decimal) percentage, `HISTOGRAM_BUCKETS` long. */
  histogram: number[];
  /** Sums of the attempts' scores and squared scores. */
  sumT: number;
  sumT2: number;
}

export interface QuestionMoments {
  questionId: string;
  /** Attempts containing the question. */
  n: number;
  /** The question's mark out of which it was graded. */
  maxMark: number;
  /** Attempts with full marks. */
  correct: number;
  sumX: number;
  sumX2: number;
  /** Σ x·T: the question's mark times its attempt's score. */
  sumXT: number;
  /** Σ T and Σ T² over the attempts containing the question. */
  sumT: number;
  sumT2: number;
  /** Σ x₍ᵢ₎·R₍ᵢ₎: the marks and the rests R = T − x, each sorted ascending, paired by rank. */
  sumSortedXR: number;
}

/** What statistics need of a question of the quiz as it is now. */
export interface QuestionFacts {
  questionId: string;
  maxMark: number;
  randomGuessScore: number | null;
}

export interface HistogramBucket {
  from: number;
  to: number;
  count: number;
}

export interface QuestionAnalytics {
  questionId: string;
  attempts: number;
  correct: number;
  maxMark: number;
  meanMark: number | null;
  facilityIndex: number | null;
  standardDeviation: number | null;
  randomGuessScore: number | null;
  intendedWeight: number | null;
  effectiveWeight: number | null;
  discriminationIndex: number | null;
  discriminativeEfficiency: number | null;
}

export interface QuizAnalytics {
  attempts: number;
  mean: number | null;
  median: number | null;
  stdDev: number | null;
  skewness: number | null;
  kurtosis: number | null;
  passRate: number | null;
  histogram: HistogramBucket[];
  questions: QuestionAnalytics[];
  cronbachAlpha: number | null;
  errorRatio: number | null;
  standardError: number | null;
}

const round = (x: number | null, digits: number): number | null => {
  if (x === null) return null;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** The bucket of a percentage: 10-point wide, 100 falls in the last one. */
export const bucketOf = (percentage: number): number => Math.min(HISTOGRAM_BUCKETS - 1, Math.max(0, Math.floor(percentage / 10)));

/** n-scaled sum of squared deviations, n·Σx² − (Σx)²: exact for integer marks, never negative. */
const scaledSs = (n: number, sum: number, sum2: number): number => Math.max(0, n * sum2 - sum * sum);

/** Sample variance from sums; null below two values. */
export const sampleVariance = (n: number, sum: number, sum2: number): number | null =>
  n < 2 ? null : scaledSs(n, sum, sum2) / (n * (n - 1));

type PairSums = Pick<QuestionMoments, 'n' | 'sumX' | 'sumX2' | 'sumXT' | 'sumT' | 'sumT2'>;

/** var(x), var(R) and cov(x, R), R = T − x, sample (n − 1); null below two attempts. */
function restStatistics(q: PairSums): { varX: number; varR: number; cov: number; sumR: number } | null {
  const { n } = q;
  if (n < 2) return null;
  const sumR = q.sumT - q.sumX;
  const sumR2 = q.sumT2 - 2 * q.sumXT + q.sumX2;
  const sumXR = q.sumXT - q.sumX2;
  const d = n * (n - 1);
  return { varX: scaledSs(n, q.sumX, q.sumX2) / d, varR: scaledSs(n, sumR, sumR2) / d, cov: (n * sumXR - q.sumX * sumR) / d, sumR };
}

/** 100 × correlation of x with the rest R = T − x (Moodle's discrimination index). */
export function discrimination(q: PairSums): number | null {
  const s = restStatistics(q);
  if (!s || s.varX === 0 || s.varR === 0) return null;
  return 100 * Math.max(-1, Math.min(1, s.cov / Math.sqrt(s.varX * s.varR)));
}

/** 100 × cov(x, R) / covmax(x, R) (Moodle's discriminative efficiency). */
export function discriminativeEfficiency(q: PairSums & Pick<QuestionMoments, 'sumSortedXR'>): number | null {
  const s = restStatistics(q);
  if (!s) return null;
  const covMax = (q.sumSortedXR - (q.sumX * s.sumR) / q.n) / (q.n - 1);
  return Math.abs(covMax) < 1e-12 ? null : (100 * s.cov) / covMax;
}

/** cov(x, T) of a question's marks with the attempts' scores; null below two attempts. */
const covarianceWithTotal = (q: QuestionMoments): number | null => (q.n < 2 ? null : (q.sumXT - (q.sumX * q.sumT) / q.n) / (q.n - 1));

export function cronbachAlpha(
  attempts: Pick<AttemptMoments, 'n' | 'sumT' | 'sumT2'>,
  questions: readonly QuestionMoments[],
): number | null {
  const counted = questions.filter((q) => q.n > 0);
  const k = counted.length;
  const varT = sampleVariance(attempts.n, attempts.sumT, attempts.sumT2);
  if (k < 2 || attempts.n < 3 || varT === null || varT === 0) return null;
  let sumVar = 0;
  for (const q of counted) sumVar += sampleVariance(q.n, q.sumX, q.sumX2) ?? 0;
  return (k / (k - 1)) * (1 - sumVar / varT);
}

/** Mean, SD, skewness and kurtosis of the percentages from their power sums (Moodle's k-statistics). */
function shape(a: AttemptMoments): Pick<QuizAnalytics, 'mean' | 'stdDev' | 'skewness' | 'kurtosis'> {
  const { n } = a;
  if (n === 0) return { mean: null, stdDev: null, skewness: null, kurtosis: null };
  const mu = a.sumPct / n;
  // Central sums from raw ones; a constant sample may leave float noise, which is no variance.
  let s2 = scaledSs(n, a.sumPct, a.sumPct2) / n;
  if (s2 <= 1e-12 * Math.max(1, a.sumPct2)) s2 = 0;
  const s3 = a.sumPct3 - 3 * mu * a.sumPct2 + 3 * mu * mu * a.sumPct - n * mu ** 3;
  const s4 = a.sumPct4 - 4 * mu * a.sumPct3 + 6 * mu * mu * a.sumPct2 - 4 * mu ** 3 * a.sumPct + n * mu ** 4;
  const stdDev = n > 1 ? Math.sqrt(s2 / (n - 1)) : null;
  let skewness: number | null = null;
  let kurtosis: number | null = null;
  if (n > 2 && s2 > 0) {
    const m2 = s2 / n;
    const m3 = s3 / n;
    const m4 = s4 / n;
    const k2 = (n * m2) / (n - 1);
    const k3 = (n * n * m3) / ((n - 1) * (n - 2));
    skewness = k3 / k2 ** 1.5;
    if (n > 3) kurtosis = (n * n * ((n + 1) * m4 - 3 * (n - 1) * m2 * m2)) / ((n - 1) * (n - 2) * (n - 3)) / (k2 * k2);
  }
  return { mean: mu, stdDev, skewness, kurtosis };
}

/**
 * The statistics of a quiz. `facts` are the quiz's questions as they are now (intended weights
 * and random guess scores come from them); without them, the moments' max marks stand in.
 */
export function computeAnalytics(
  a: AttemptMoments,
  questions: readonly QuestionMoments[],
  facts?: readonly QuestionFacts[],
): QuizAnalytics {
  const n = a.n;
  const byId = new Map((facts ?? []).map((f) => [f.questionId, f]));
  const totalMarks = facts ? facts.reduce((s, f) => s + f.maxMark, 0) : questions.reduce((s, q) => s + q.maxMark, 0);
  const covariances = new Map(questions.map((q) => [q.questionId, covarianceWithTotal(q)]));
  let sumRootCov = 0;
  for (const c of covariances.values()) if (c !== null && c >= 0) sumRootCov += Math.sqrt(c);
  const { mean, stdDev, skewness, kurtosis } = shape(a);
  const alpha = cronbachAlpha(a, questions);
  const errorRatio = alpha === null || alpha > 1 ? null : 100 * Math.sqrt(1 - alpha);
  return {
    attempts: n,
    mean,
    median: a.median,
    stdDev,
    skewness,
    kurtosis,
    passRate: n ? (100 * a.passed) / n : null,
    histogram: Array.from({ length: HISTOGRAM_BUCKETS }, (_, i) => ({ from: i * 10, to: i * 10 + 10, count: a.histogram[i] ?? 0 })),
    questions: questions.map((q): QuestionAnalytics => {
      const maxMark = byId.get(q.questionId)?.maxMark ?? q.maxMark;
      const variance = sampleVariance(q.n, q.sumX, q.sumX2);
      const cov = covariances.get(q.questionId) ?? null;
      return {
        questionId: q.questionId,
        attempts: q.n,
        correct: q.correct,
        maxMark: q.maxMark,
        meanMark: q.n ? q.sumX / q.n : null,
        facilityIndex: q.n && q.maxMark > 0 ? q.sumX / (q.n * q.maxMark) : null,
        standardDeviation: variance === null || q.maxMark <= 0 ? null : Math.sqrt(variance) / q.maxMark,
        randomGuessScore: byId.get(q.questionId)?.randomGuessScore ?? null,
        intendedWeight: totalMarks > 0 ? (100 * maxMark) / totalMarks : null,
        effectiveWeight: cov === null || cov < 0 || sumRootCov === 0 ? null : (100 * Math.sqrt(cov)) / sumRootCov,
        discriminationIndex: discrimination(q),
        discriminativeEfficiency: discriminativeEfficiency(q),
      };
    }),
    cronbachAlpha: alpha,
    errorRatio,
    standardError: errorRatio === null || stdDev === null ? null : (errorRatio * stdDev) / 100,
  };
}

/** The figures as the API shows them: percentages and indexes to 2 decimals, fractions to 4. */
export function roundAnalytics(a: QuizAnalytics): QuizAnalytics {
  return {
    ...a,
    mean: round(a.mean, 2),
    median: round(a.median, 2),
    stdDev: round(a.stdDev, 2),
    skewness: round(a.skewness, 4),
    kurtosis: round(a.kurtosis, 4),
    passRate: round(a.passRate, 2),
    cronbachAlpha: round(a.cronbachAlpha, 4),
    errorRatio: round(a.errorRatio, 2),
    standardError: round(a.standardError, 2),
    questions: a.questions.map(roundQuestionAnalytics),
  };
}

/** A question's figures as the API shows them (as `roundAnalytics`). */
export const roundQuestionAnalytics = (q: QuestionAnalytics): QuestionAnalytics => ({
  ...q,
  meanMark: round(q.meanMark, 4),
  facilityIndex: round(q.facilityIndex, 4),
  standardDeviation: round(q.standardDeviation, 4),
  randomGuessScore: round(q.randomGuessScore, 4),
  intendedWeight: round(q.intendedWeight, 2),
  effectiveWeight: round(q.effectiveWeight, 2),
  discriminationIndex: round(q.discriminationIndex, 2),
  discriminativeEfficiency: round(q.discriminativeEfficiency, 2),
});

/** A graded attempt as statistics see it. */
export interface GradedAttemptMarks {
  /** The stored percentage (two decimals): the histogram's bucket. */
  percentage: number;
  passed: boolean;
  score: number;
  maxScore: number;
  marks: ReadonlyArray<{ questionId: string; points: number; maxPoints: number; isCorrect: boolean }>;
}

/** Median of values (sorted in place). */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  values.sort((x, y) => x - y);
  const mid = values.length >> 1;
  return values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

/** Σ x₍ᵢ₎·y₍ᵢ₎ of two equally long lists, each sorted ascending. */
export function sortedPairSum(xs: number[], ys: number[]): number {
  xs.sort((p, q) => p - q);
  ys.sort((p, q) => p - q);
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]! * ys[i]!;
  return s;
}

/** The moments in one pass over graded attempts (memory adapter; SQL computes the same sums). */
export function accumulate(attempts: Iterable<GradedAttemptMarks>): { attempts: AttemptMoments; questions: QuestionMoments[] } {
  const a: AttemptMoments = {
    n: 0,
    passed: 0,
    sumPct: 0,
    sumPct2: 0,
    sumPct3: 0,
    sumPct4: 0,
    median: null,
    histogram: Array<number>(HISTOGRAM_BUCKETS).fill(0),
    sumT: 0,
    sumT2: 0,
  };
  const percentages: number[] = [];
  const qs = new Map<string, QuestionMoments & { xs: number[]; rs: number[] }>();
  for (const at of attempts) {
    const p = at.maxScore > 0 ? (100 * at.score) / at.maxScore : 0;
    a.n++;
    if (at.passed) a.passed++;
    a.sumPct += p;
    a.sumPct2 += p ** 2;
    a.sumPct3 += p ** 3;
    a.sumPct4 += p ** 4;
    a.histogram[bucketOf(at.percentage)]!++;
    a.sumT += at.score;
    a.sumT2 += at.score * at.score;
    percentages.push(p);
    for (const m of at.marks) {
      const q = qs.get(m.questionId) ?? {
        questionId: m.questionId,
        n: 0,
        maxMark: 0,
        correct: 0,
        sumX: 0,
        sumX2: 0,
        sumXT: 0,
        sumT: 0,
        sumT2: 0,
        sumSortedXR: 0,
        xs: [],
        rs: [],
      };
      q.n++;
      q.maxMark = Math.max(q.maxMark, m.maxPoints);
      if (m.isCorrect) q.correct++;
      q.sumX += m.points;
      q.sumX2 += m.points * m.points;
      q.sumXT += m.points * at.score;
      q.sumT += at.score;
      q.sumT2 += at.score * at.score;
      q.xs.push(m.points);
      q.rs.push(at.score - m.points);
      qs.set(m.questionId, q);
    }
  }
  a.median = median(percentages);
  return { attempts: a, questions: [...qs.values()].map(({ xs, rs, ...q }) => ({ ...q, sumSortedXR: sortedPairSum(xs, rs) })) };
}
