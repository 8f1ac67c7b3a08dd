import type { LoginPrincipal } from '../../identity/ports/login-repository.js';
import type { Attempt, AttemptAnswer } from '../../../domain/assessment/attempt.js';
import type { Question } from '../../../domain/assessment/question.js';
import type { Page, PageRequest } from '../../shared/ports.js';

/** A user's attempts at one quiz, summed up for quiz lists and details. */
export interface AttemptSummary {
  quizId: string;
  attempts: number;
  bestPercentage: number | null;
  passed: boolean;
  inProgressId: string | null;
}

export interface MarkingFilter {
  status: 'pending' | 'graded' | 'all';
  quizId?: string | undefined;
  courseId?: string | undefined;
  graderId: string;
  graderRole: number;
}

/** An answer a mentor marks by hand, with what the queue shows beside it. */
export interface MarkingItem {
  attemptId: string;
  quizId: string;
  quizTitle: string | null;
  courseId: string | null;
  questionId: string;
  questionText: string | null;
  maxPoints: number;
  answer: string[] | null;
  pointsAwarded: number | null;
  feedback: string | null;
  gradedBy: string | null;
  gradedAt: Date | null;
  submittedAt: Date | null;
  student: { id: string; displayName: string; email: string } | null;
}

export type AttemptWithQuestion = { attempt: Attempt; kept: true; question: Question | null } | { attempt: Attempt; kept: false };

export interface AttemptRepository {
  findById(tenantId: string, id: string): Promise<Attempt | null>;
  /** The attempt, its row locked until the unit of work ends (SELECT … FOR UPDATE). */
  lock(tenantId: string, id: string): Promise<Attempt | null>;
  findInProgress(tenantId: string, quizId: string, userId: string): Promise<Attempt | null>;
  /**
   * Inserts the user's next attempt (number = highest + 1) in one statement, only while that number
   * is within `maxAttempts` (0: unlimited). A concurrent start that took the same number, or an
   * attempt already in progress, makes it insert nothing (unique indexes): then it answers null.
   * `questions` are kept with it: the attempt is taken and graded on them, whatever edits follow.
   */
  insertNext(attempt: Omit<Attempt, 'attemptNumber'>, maxAttempts: number, questions: readonly Question[]): Promise<Attempt | null>;
  /** The questions the attempt was started with; null for attempts started before they were kept. */
  questionsOf(tenantId: string, attemptId: string): Promise<Question[] | null>;
  /**
   * The answer save's read, in one statement: the caller's login (its principal, null when there is
   * no such login: `acceptClaim` decides), and the attempt with the one question of those it was
   * started with that has this id (null when none has it), or `kept: false` for an attempt started
   * before its questions were kept (then they are the quiz's current ones); `attempt` null: no such attempt.
   */
  findWithQuestion(
    loginId: string,
    tenantId: string,
    attemptId: string,
    questionId: string,
  ): Promise<{ principal: LoginPrincipal | null; attempt: AttemptWithQuestion | null }>;
  countByUser(tenantId: string, quizId: string, userId: string): Promise<number>;
  /** Attempts of any user and status on these quizzes. */
  countOnQuizzes(tenantId: string, quizIds: readonly string[]): Promise<number>;
  /** Newest first; `userId` narrows to one user. */
  list(tenantId: string, quizId: string, filter: { userId?: string | undefined }, page: PageRequest): Promise<Page<Attempt>>;
  summaries(tenantId: string, userId: string, quizIds: readonly string[]): Promise<Map<string, AttemptSummary>>;
  listAnswers(tenantId: string, attemptId: string): Promise<AttemptAnswer[]>;
  /** Inserts or replaces the answer to one question (idempotent). */
  saveAnswer(answer: AttemptAnswer): Promise<void>;
  /**
   * The hot path of answering, in one statement: saves (or replaces) the answer only while the
   * attempt is `userId`'s, in progress and before its deadline at `now`, share-locking the attempt
   * row so a concurrent submit is ordered with it. False when nothing was saved.
   */
  saveAnswerIfOpen(answer: AttemptAnswer, userId: string, now: Date): Promise<boolean>;
  /** Writes a graded attempt and its answers, only if it is still in progress; false otherwise. */
  finalise(attempt: Attempt, answers: readonly AttemptAnswer[]): Promise<boolean>;
  /** Ids of in-progress attempts whose deadline is at or before `now`, of a quiz (and user). */
  overdue(
    tenantId: string,
    now: Date,
    filter: { quizId?: string | undefined; userId?: string | undefined },
    limit: number,
  ): Promise<string[]>;
  /** The periodic sweep: overdue attempts of every tenant, oldest deadline first. */
  overdueInAllTenants(now: Date, limit: number): Promise<Array<{ tenantId: string; id: string }>>;
  /** Writes a mentor's mark: the answer row and the attempt's totals and status. */
  saveMark(attempt: Attempt, answer: AttemptAnswer): Promise<void>;
  /**
   * Answers marked by hand (essays) for the grading queue: `pending` ones of attempts waiting for a
   * mark, oldest ended first; `graded` ones newest mark first; `all` both, oldest ended first. Only
   * students whose role is below `graderRole`, never the grader's own (nobody grades their own work).
   */
  listMarking(tenantId: string, filter: MarkingFilter, page: PageRequest): Promise<Page<MarkingItem>>;
  countStartedSince(tenantId: string, since: Date): Promise<number>;
  /** Attempts of the user still running (not past their deadline). */
  countRunning(tenantId: string, userId: string, now: Date): Promise<number>;
}
