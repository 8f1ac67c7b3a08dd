import type { Question } from './question.js';
import type { Attempt, AttemptAnswer } from './attempt.js';
import { endedAt } from './deadline.js';
import { err, ok, type Result } from './result.js';

export const MAX_SHORT_ANSWER = 1000;

/**
 * Short answers match case- and space-insensitively (contract §6): Unicode-normalised (NFKC),
 * lower-cased, every whitespace removed. "New  York" = "newyork" = " NEW YORK ".
 */
export const normaliseShortAnswer = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');

/**
 * Whether a saved answer fits its question: option ids of that question, each once (one at most
 * for multiple_choice and true_false), or a single text for short_answer. An empty array clears
 * the answer. The error names the problem.
 */
export function checkAnswer(question: Pick<Question, 'type' | 'options'>, answer: readonly string[]): Result<string[], string> {
  if (question.type === 'short_answer') {
    if (answer.length > 1) return err('a short_answer answer is [text]');
    const text = (answer[0] ?? '').trim();
    if (text.length > MAX_SHORT_ANSWER) return err(`the answer is longer than ${MAX_SHORT_ANSWER} characters`);
    return ok(text ? [text] : []);
  }
  const ids = new Set(question.options.map((o) => o.id));
  if (new Set(answer).size !== answer.length) return err('an option is given twice');
  if (answer.some((id) => !ids.has(id))) return err('answer holds an option that is not one of this question\'s');
  if ((question.type === 'multiple_choice' || question.type === 'true_false') && answer.length > 1) return err(`a ${question.type} answer is one option id`);
  return ok([...answer]);
}

export interface QuestionResult {
  questionId: string;
  isCorrect: boolean;
  pointsAwarded: number;
  maxPoints: number;
}

/**
 * One question, all or nothing: multiple_choice and true_false need the correct option alone;
 * multiple_answer needs exactly the set of correct options (contract §6: all-or-nothing);
 * short_answer needs a text equal to one accepted answer after normalisation. No answer is wrong.
 */
export function gradeQuestion(question: Pick<Question, 'id' | 'type' | 'points' | 'options'>, answer: readonly string[] | null): QuestionResult {
  const given = answer ?? [];
  let correct: boolean;
  if (question.type === 'short_answer') {
    const text = given.length === 1 ? normaliseShortAnswer(given[0]!) : '';
    correct = text !== '' && question.options.some((o) => normaliseShortAnswer(o.text) === text);
  } else {
    const want = new Set(question.options.filter((o) => o.isCorrect).map((o) => o.id));
    const got = new Set(given);
    correct = want.size > 0 && got.size === want.size && [...got].every((id) => want.has(id));
  }
  return { questionId: question.id, isCorrect: correct, pointsAwarded: correct ? question.points : 0, maxPoints: question.points };
}

/** Percentage of the maximum, 2 decimals (half up); 0 when there is nothing to score. */
export const percentageOf = (score: number, maxScore: number): number => (maxScore > 0 ? Math.round((score / maxScore) * 10_000) / 100 : 0);

/** `passing_score` is a percentage of `max_score` (contract §6); the boundary passes. */
export const hasPassed = (percentage: number, passingScore: number): boolean => percentage >= passingScore;

export interface AttemptGrade {
  score: number;
  maxScore: number;
  percentage: number;
  passed: boolean;
  results: QuestionResult[];
}

/** Grades the questions of an attempt with the answers it has (missing ones score 0). */
export function gradeAttempt(questions: readonly Pick<Question, 'id' | 'type' | 'points' | 'options'>[], answers: ReadonlyMap<string, readonly string[] | null>, passingScore: number): AttemptGrade {
  const results = questions.map((q) => gradeQuestion(q, answers.get(q.id) ?? null));
  const score = results.reduce((s, r) => s + r.pointsAwarded, 0);
  const maxScore = results.reduce((s, r) => s + r.maxPoints, 0);
  const percentage = percentageOf(score, maxScore);
  return { score, maxScore, percentage, passed: hasPassed(percentage, passingScore), results };
}

/**
 * The attempt and its answer rows once graded: `submitted` by the student, or `expired` when its
 * deadline passed first (graded with what it has, contract §6). Every question of the attempt gets
 * a row, answered or not, so reviews and statistics see the whole attempt.
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
      tenantId: attempt.tenantId, attemptId: attempt.id, questionId: r.questionId, answer: prior?.answer ?? null,
      isCorrect: r.isCorrect, pointsAwarded: r.pointsAwarded, maxPoints: r.maxPoints, answeredAt: prior?.answeredAt ?? null, updatedAt: now,
    };
  });
  return {
    attempt: {
      ...attempt, status, submittedAt: endedAt(attempt, status, now), score: grade.score, maxScore: grade.maxScore, percentage: grade.percentage,
      passed: grade.passed, updatedAt: now,
    },
    answers,
  };
}
