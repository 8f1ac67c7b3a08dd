import {
  isDescription,
  isManuallyGraded,
  matchingChoices,
  matchingStems,
  optionUnits,
  orderingGradingOf,
  parseNumber,
  type Question,
} from './question.js';
import { orderingFraction } from './ordering-grading.js';
import type { Attempt, AttemptAnswer } from './attempt.js';
import { endedAt } from './deadline.js';
import { fromMarkUnits, hasTwoDecimalsAtMost, isFullMarks, markOf, markUnits, WEIGHT_SCALE } from './marks.js';
import { err, ok, type Result } from './result.js';

export const MAX_SHORT_ANSWER = 1000;
export const MAX_ESSAY = 50_000;

type Gradable = Pick<Question, 'id' | 'type' | 'points' | 'options' | 'orderingGrading'>;

/**
 * Short answers match case- and space-insensitively (contract §6): Unicode-normalised (NFKC),
 * lower-cased, every whitespace removed. "New  York" = "newyork" = " NEW YORK ".
 */
export const normaliseShortAnswer = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');

/**
 * Whether a response matches an accepted short answer. As in Moodle, `*` in an accepted answer
 * stands for any characters (`\*` for a star itself); both sides are normalised first.
 */
export function shortAnswerMatches(accepted: string, response: string): boolean {
  const given = normaliseShortAnswer(response);
  if (given === '') return false;
  if (!accepted.includes('*')) return normaliseShortAnswer(accepted) === given;
  const parts = accepted
    .split(/(?<!\\)\*/)
    .map((p) => normaliseShortAnswer(p.replace(/\\\*/g, '*')).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 'su').test(given);
}

/** A matching answer pairs a stem with a choice: `"<stem id>:<choice id>"`. */
export const matchingPair = (stemId: string, choiceId: string): string => `${stemId}:${choiceId}`;
const splitPair = (pair: string): [string, string] | null => {
  const at = pair.indexOf(':');
  return at > 0 ? [pair.slice(0, at), pair.slice(at + 1)] : null;
};

/**
 * Whether a saved answer fits its question; the error names the problem. An empty array clears
 * the answer. Option ids of that question, each once (one at most for multiple_choice and
 * true_false); `[text]` for short_answer and essay; `[number]` for numerical; for matching
 * `"<stem id>:<choice id>"` pairs, one per stem at most; for ordering every item id once, in the
 * order chosen. A description takes no answer.
 */
export function checkAnswer(question: Pick<Question, 'type' | 'options'>, answer: readonly string[]): Result<string[], string> {
  switch (question.type) {
    case 'description':
      return err('a description takes no answer');
    case 'ordering': {
      if (answer.length === 0) return ok([]);
      const ids = new Set(question.options.map((o) => o.id));
      if (answer.length !== ids.size || new Set(answer).size !== answer.length || answer.some((id) => !ids.has(id))) {
        return err('an ordering answer lists every item id of this question once, in the chosen order');
      }
      return ok([...answer]);
    }
    case 'short_answer':
    case 'essay':
    case 'numerical': {
      if (answer.length > 1) return err(`a ${question.type} answer is [text]`);
      const max = question.type === 'essay' ? MAX_ESSAY : MAX_SHORT_ANSWER;
      const text = question.type === 'essay' ? (answer[0] ?? '') : (answer[0] ?? '').trim();
      if (text.length > max) return err(`the answer is longer than ${max} characters`);
      if (question.type === 'numerical' && text && parseNumber(text) === null) return err('a numerical answer is a number, e.g. 3.14');
      return ok(text.trim() ? [text] : []);
    }
    case 'matching': {
      const stems = new Set(matchingStems(question).map((o) => o.id));
      const choices = new Set(matchingChoices(question).map((c) => c.id));
      const used = new Set<string>();
      for (const pair of answer) {
        const p = splitPair(pair);
        if (!p || !stems.has(p[0]) || !choices.has(p[1]))
          return err('a matching answer is a list of "stem_id:choice_id" pairs of this question');
        if (used.has(p[0])) return err('a stem is matched twice');
        used.add(p[0]);
      }
      return ok([...answer]);
    }
    default: {
      const ids = new Set(question.options.map((o) => o.id));
      if (new Set(answer).size !== answer.length) return err('an option is given twice');
      if (answer.some((id) => !ids.has(id))) return err("answer holds an option that is not one of this question's");
      if ((question.type === 'multiple_choice' || question.type === 'true_false') && answer.length > 1)
        return err(`a ${question.type} answer is one option id`);
      return ok([...answer]);
    }
  }
}

export interface QuestionResult {
  questionId: string;
  /** Full marks. */
  isCorrect: boolean;
  /** Two decimals at most; null while a mentor has still to mark it (essay). */
  pointsAwarded: number | null;
  maxPoints: number;
}

/**
 * Numerical: the interval an accepted answer accepts (Moodle's nominal error, `get_tolerance_interval`),
 * null for `*` or a text that is no number. Moodle widens it by the float precision so that 0.1 + 0.2
 * still equals 0.3.
 */
export function toleranceInterval(answer: { text: string; tolerance?: number | null | undefined }): [number, number] | null {
  const target = answer.text === '*' ? null : parseNumber(answer.text);
  if (target === null) return null;
  const tolerance = Math.abs(answer.tolerance ?? 0) + 1e-14 * Math.max(1, Math.abs(target));
  return [target - tolerance, target + tolerance];
}

/** Numerical: whether a response is within an accepted answer's tolerance (`*` accepts any number). */
export function withinTolerance(answer: { text: string; tolerance?: number | null | undefined }, value: number): boolean {
  if (answer.text === '*') return true;
  const interval = toleranceInterval(answer);
  return interval !== null && value >= interval[0] && value <= interval[1];
}

/**
 * The fraction (ten-millionths, before clamping to 0 … 1) a response earns, as Moodle grades:
 * - multiple_choice, true_false: the chosen option's weight.
 * - multiple_answer: weighted, the sum of the chosen options' weights (Moodle's multiple-response
 *   rule); unweighted, all or nothing (contract §6): exactly the correct options.
 * - short_answer, numerical: the best accepted answer the response matches (0 when none).
 * - matching: right pairs / stems; each right pair earns its share.
 * - ordering: by the question's grading type, as qtype_ordering grades it (`orderingFraction`).
 * Unweighted options weigh 1 when correct, 0 when wrong. No answer earns 0.
 */
function fractionOf(question: Gradable, given: readonly string[]): number {
  switch (question.type) {
    case 'multiple_choice':
    case 'true_false': {
      const chosen = given.length === 1 ? question.options.find((o) => o.id === given[0]) : undefined;
      return chosen ? optionUnits(chosen) : 0;
    }
    case 'multiple_answer': {
      const got = new Set(given);
      if (question.options.some((o) => o.weight !== null && o.weight !== undefined)) {
        return question.options.filter((o) => got.has(o.id)).reduce((s, o) => s + optionUnits(o), 0);
      }
      const want = new Set(question.options.filter((o) => o.isCorrect).map((o) => o.id));
      return want.size > 0 && got.size === want.size && [...got].every((id) => want.has(id)) ? WEIGHT_SCALE : 0;
    }
    case 'short_answer': {
      const text = given.length === 1 ? given[0]! : '';
      return Math.max(0, ...question.options.filter((o) => shortAnswerMatches(o.text, text)).map(optionUnits));
    }
    case 'numerical': {
      const value = given.length === 1 ? parseNumber(given[0]!) : null;
      if (value === null) return 0;
      return Math.max(0, ...question.options.filter((o) => withinTolerance(o, value)).map(optionUnits));
    }
    case 'matching': {
      const stems = matchingStems(question);
      if (stems.length === 0) return 0;
      const chosen = new Map(given.map(splitPair).filter((p): p is [string, string] => p !== null));
      const right = stems.filter((s) => s.matchId && chosen.get(s.id) === s.matchId).length;
      // Integer division of ten-millionths would round each share down: round once, here.
      return Math.round((right * WEIGHT_SCALE) / stems.length);
    }
    case 'ordering':
      return orderingFraction(
        orderingGradingOf(question),
        question.options.map((o) => o.id),
        given,
      );
    case 'essay':
    case 'description':
      return 0;
  }
}

/**
 * One question's result. The fraction is clamped to 0 … 1 and applied to the points in fixed
 * point with Moodle's seven decimals (a third of a point is 0.3333333). Full marks, as Moodle
 * judges them, is a fraction above 0.999999, so three answers worth 0.3333333 are right. An essay
 * has no mark until a mentor gives it one.
 */
export function gradeQuestion(question: Gradable, answer: readonly string[] | null): QuestionResult {
  if (isManuallyGraded(question.type))
    return { questionId: question.id, isCorrect: false, pointsAwarded: null, maxPoints: question.points };
  const fraction = fractionOf(question, answer ?? []);
  return {
    questionId: question.id,
    isCorrect: isFullMarks(fraction),
    pointsAwarded: fromMarkUnits(markOf(question.points, fraction)),
    maxPoints: question.points,
  };
}

/** Percentage of the maximum, 2 decimals (half up), from the exact marks; 0 when there is nothing to score. */
export const percentageOf = (score: number, maxScore: number): number => {
  const max = BigInt(markUnits(maxScore));
  if (max <= 0n) return 0;
  // In integers: score × 10⁴ / max, half up (both in ten-millionths, the product outgrows a double).
  return Number((BigInt(markUnits(score)) * 20_000n + max) / (2n * max)) / 100;
};

/** `passing_score` is a percentage of `max_score` (contract §6); the boundary passes. */
export const hasPassed = (percentage: number, passingScore: number): boolean => percentage >= passingScore;

/** Sum of marks (numbers with seven decimals at most) in fixed point. */
export const sumMarks = (marks: Iterable<number>): number => {
  let units = 0;
  for (const m of marks) units += markUnits(m);
  return fromMarkUnits(units);
};

export interface AttemptGrade {
  /** null while a question waits for a mentor's mark. */
  score: number | null;
  maxScore: number;
  percentage: number | null;
  passed: boolean | null;
  results: QuestionResult[];
}

/** Score, percentage and pass of marks, or nulls when one is still missing. */
export function totalOf(
  results: readonly Pick<QuestionResult, 'pointsAwarded' | 'maxPoints'>[],
  passingScore: number,
): Pick<AttemptGrade, 'score' | 'maxScore' | 'percentage' | 'passed'> {
  const maxScore = results.reduce((s, r) => s + r.maxPoints, 0);
  if (results.some((r) => r.pointsAwarded === null)) return { score: null, maxScore, percentage: null, passed: null };
  const score = sumMarks(results.map((r) => r.pointsAwarded!));
  const percentage = percentageOf(score, maxScore);
  return { score, maxScore, percentage, passed: hasPassed(percentage, passingScore) };
}

/**
 * Grades the questions of an attempt with the answers it has (missing ones score 0). Description
 * items are not graded (no row, no mark, not in the maximum), as in Moodle.
 */
export function gradeAttempt(
  questions: readonly Gradable[],
  answers: ReadonlyMap<string, readonly string[] | null>,
  passingScore: number,
): AttemptGrade {
  const results = questions.filter((q) => !isDescription(q.type)).map((q) => gradeQuestion(q, answers.get(q.id) ?? null));
  return { ...totalOf(results, passingScore), results };
}

/**
 * The attempt and its answer rows once graded: `submitted` by the student, or `expired` when its
 * deadline passed first (graded with what it has, contract §6); `needs_grading` while an essay
 * waits for its mark. Every question of the attempt gets a row, answered or not, so reviews and
 * statistics see the whole attempt.
 */
export function finaliseAttempt(
  attempt: Attempt,
  grade: AttemptGrade,
  saved: ReadonlyMap<string, AttemptAnswer>,
  status: 'submitted' | 'expired',
  now: Date,
): { attempt: Attempt; answers: AttemptAnswer[] } {
  const answers = grade.results.map((r): AttemptAnswer => {
    const prior = saved.get(r.questionId);
    return {
      tenantId: attempt.tenantId,
      attemptId: attempt.id,
      questionId: r.questionId,
      answer: prior?.answer ?? null,
      isCorrect: r.isCorrect,
      pointsAwarded: r.pointsAwarded,
      maxPoints: r.maxPoints,
      answeredAt: prior?.answeredAt ?? null,
      updatedAt: now,
      feedback: null,
      gradedBy: null,
      gradedAt: null,
    };
  });
  return {
    attempt: {
      ...attempt,
      status: grade.score === null ? 'needs_grading' : status,
      submittedAt: endedAt(attempt, status, now),
      score: grade.score,
      maxScore: grade.maxScore,
      percentage: grade.percentage,
      passed: grade.passed,
      updatedAt: now,
    },
    answers,
  };
}

/** How an attempt ended: an expired one ended at its deadline (`endedAt`), a submitted one before it. */
export const endedAs = (a: Pick<Attempt, 'deadlineAt' | 'submittedAt'>): 'submitted' | 'expired' =>
  a.deadlineAt && a.submittedAt && a.submittedAt.getTime() >= a.deadlineAt.getTime() ? 'expired' : 'submitted';

/**
 * A mentor's mark for a manually graded question (essay) of an ended attempt: 0 … its points, two
 * decimals at most. Marking again corrects the mark. Once every question has a mark the attempt
 * leaves `needs_grading` for how it ended (`submitted` or `expired`) with its score and pass;
 * a correction re-totals a graded attempt.
 */
export function markAnswer(
  attempt: Attempt,
  answers: readonly AttemptAnswer[],
  mark: { questionId: string; points: number; feedback: string | null; graderId: string },
  passingScore: number,
  now: Date,
): Result<{ attempt: Attempt; answer: AttemptAnswer }, string> {
  if (attempt.status === 'in_progress') return err('the attempt is still in progress');
  const current = answers.find((a) => a.questionId === mark.questionId);
  if (!current || current.maxPoints === null) return err('question_id: not a question of this attempt');
  if (!hasTwoDecimalsAtMost(mark.points) || mark.points < 0 || mark.points > current.maxPoints)
    return err(`points must be from 0 to ${current.maxPoints}, two decimals at most`);
  const answer: AttemptAnswer = {
    ...current,
    pointsAwarded: mark.points,
    isCorrect: markUnits(mark.points) === markUnits(current.maxPoints),
    feedback: mark.feedback,
    gradedBy: mark.graderId,
    gradedAt: now,
    updatedAt: now,
  };
  const all = answers.map((a) => (a.questionId === mark.questionId ? answer : a));
  const total = totalOf(
    all.map((a) => ({ pointsAwarded: a.pointsAwarded, maxPoints: a.maxPoints ?? 0 })),
    passingScore,
  );
  const status = total.score === null ? 'needs_grading' : endedAs(attempt);
  return ok({ answer, attempt: { ...attempt, ...total, maxScore: attempt.maxScore, status, updatedAt: now } });
}
