/**
 * Quiz statistics (contract §6) with Moodle's definitions, from sufficient statistics (counts and
 * sums) that storage computes in SQL aggregates, or `accumulate` in one pass:
 *
 * - mean, median and sample standard deviation (n − 1) of the attempts' percentages; pass rate =
 *   100 × passed / attempts; a 10-bucket histogram of percentages ([0,10) … [90,100]).
 * - facility index of a question = mean mark / max mark (0–1).
 * - discrimination index = 100 × Pearson correlation of the question's marks x with the rest of
 *   the quiz R = T − x (T the attempt's score), over the attempts containing the question.
 * - Cronbach's alpha = k / (k − 1) × (1 − Σ var(x_i) / var(T)) over the k questions answered.
 *
 * Undefined figures (no attempts, no variance) are null rather than a misleading 0.
 */

export const HISTOGRAM_BUCKETS = 10;

export interface AttemptMoments {
  /** Graded attempts counted. */
  n: number;
  passed: number;
  sumPct: number;
  sumPct2: number;
  /** Median percentage (the mean of the two middle ones for an even count); null when n = 0. */
  median: number | null;
  /** Counts per bucket, `HISTOGRAM_BUCKETS` long. */
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
  correct: number;
  sumX: number;
  sumX2: number;
  /** Σ x·T: the question's mark times its attempt's score. */
  sumXT: number;
  /** Σ T and Σ T² over the attempts containing the question. */
  sumT: number;
  sumT2: number;
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
  discriminationIndex: number | null;
}

export interface QuizAnalytics {
  attempts: number;
  mean: number | null;
  median: number | null;
  stdDev: number | null;
  passRate: number | null;
  histogram: HistogramBucket[];
  questions: QuestionAnalytics[];
  cronbachAlpha: number | null;
}

const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** The bucket of a percentage: 10-point wide, 100 falls in the last one. */
export const bucketOf = (percentage: number): number => Math.min(HISTOGRAM_BUCKETS - 1, Math.max(0, Math.floor(percentage / 10)));

/** n-scaled sum of squared deviations, n·Σx² − (Σx)²: exact for integer marks, never negative. */
const scaledSs = (n: number, sum: number, sum2: number): number => Math.max(0, n * sum2 - sum * sum);

/** Sample variance from sums; null below two values. */
export const sampleVariance = (n: number, sum: number, sum2: number): number | null => (n < 2 ? null : scaledSs(n, sum, sum2) / (n * (n - 1)));

/** 100 × correlation of x with the rest R = T − x (Moodle's discrimination index). */
export function discrimination(q: Pick<QuestionMoments, 'n' | 'sumX' | 'sumX2' | 'sumXT' | 'sumT' | 'sumT2'>): number | null {
  const { n } = q;
  if (n < 2) return null;
  const sumR = q.sumT - q.sumX;
  const sumR2 = q.sumT2 - 2 * q.sumXT + q.sumX2;
  const sumXR = q.sumXT - q.sumX2;
  const ssX = scaledSs(n, q.sumX, q.sumX2);
  const ssR = scaledSs(n, sumR, sumR2);
  if (ssX === 0 || ssR === 0) return null;
  const r = (n * sumXR - q.sumX * sumR) / Math.sqrt(ssX * ssR);
  return round(100 * Math.max(-1, Math.min(1, r)), 2);
}

export function cronbachAlpha(attempts: Pick<AttemptMoments, 'n' | 'sumT' | 'sumT2'>, questions: readonly QuestionMoments[]): number | null {
  const counted = questions.filter((q) => q.n > 0);
  const k = counted.length;
  const varT = sampleVariance(attempts.n, attempts.sumT, attempts.sumT2);
  if (k < 2 || varT === null || varT === 0) return null;
  let sumVar = 0;
  for (const q of counted) sumVar += sampleVariance(q.n, q.sumX, q.sumX2) ?? 0;
  return round((k / (k - 1)) * (1 - sumVar / varT), 4);
}

export function computeAnalytics(a: AttemptMoments, questions: readonly QuestionMoments[]): QuizAnalytics {
  const n = a.n;
  const variance = sampleVariance(n, a.sumPct, a.sumPct2);
  return {
    attempts: n,
    mean: n ? round(a.sumPct / n, 2) : null,
    median: a.median === null ? null : round(a.median, 2),
    stdDev: variance === null ? null : round(Math.sqrt(variance), 2),
    passRate: n ? round((100 * a.passed) / n, 2) : null,
    histogram: Array.from({ length: HISTOGRAM_BUCKETS }, (_, i) => ({ from: i * 10, to: i * 10 + 10, count: a.histogram[i] ?? 0 })),
    questions: questions.map((q) => ({
      questionId: q.questionId,
      attempts: q.n,
      correct: q.correct,
      maxMark: q.maxMark,
      meanMark: q.n ? round(q.sumX / q.n, 4) : null,
      facilityIndex: q.n && q.maxMark > 0 ? round(q.sumX / (q.n * q.maxMark), 4) : null,
      discriminationIndex: discrimination(q),
    })),
    cronbachAlpha: cronbachAlpha(a, questions),
  };
}

/** A graded attempt as statistics see it. */
export interface GradedAttemptMarks {
  percentage: number;
  passed: boolean;
  score: number;
  marks: ReadonlyArray<{ questionId: string; points: number; maxPoints: number; isCorrect: boolean }>;
}

/** Median of values (sorted in place). */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  values.sort((x, y) => x - y);
  const mid = values.length >> 1;
  return values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

/** The moments in one pass over graded attempts (memory adapter; SQL computes the same sums). */
export function accumulate(attempts: Iterable<GradedAttemptMarks>): { attempts: AttemptMoments; questions: QuestionMoments[] } {
  const a: AttemptMoments = { n: 0, passed: 0, sumPct: 0, sumPct2: 0, median: null, histogram: Array<number>(HISTOGRAM_BUCKETS).fill(0), sumT: 0, sumT2: 0 };
  const percentages: number[] = [];
  const qs = new Map<string, QuestionMoments>();
  for (const at of attempts) {
    a.n++;
    if (at.passed) a.passed++;
    a.sumPct += at.percentage;
    a.sumPct2 += at.percentage * at.percentage;
    a.histogram[bucketOf(at.percentage)]!++;
    a.sumT += at.score;
    a.sumT2 += at.score * at.score;
    percentages.push(at.percentage);
    for (const m of at.marks) {
      const q = qs.get(m.questionId) ?? { questionId: m.questionId, n: 0, maxMark: 0, correct: 0, sumX: 0, sumX2: 0, sumXT: 0, sumT: 0, sumT2: 0 };
      q.n++;
      q.maxMark = Math.max(q.maxMark, m.maxPoints);
      if (m.isCorrect) q.correct++;
      q.sumX += m.points;
      q.sumX2 += m.points * m.points;
      q.sumXT += m.points * at.score;
      q.sumT += at.score;
      q.sumT2 += at.score * at.score;
      qs.set(m.questionId, q);
    }
  }
  a.median = median(percentages);
  return { attempts: a, questions: [...qs.values()] };
}
