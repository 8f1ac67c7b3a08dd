import type { Quiz } from '../../../domain/assessment/quiz.js';
import type { Question, QuestionVersion } from '../../../domain/assessment/question.js';
import type { Page, PageRequest } from '../../shared/ports.js';

export interface QuizFilter {
  moduleId?: string | undefined;
  courseId?: string | undefined;
  /** Students see published quizzes only. */
  publishedOnly?: boolean | undefined;
}

export interface QuizRepository {
  findById(tenantId: string, id: string): Promise<Quiz | null>;
  /** Reads the quiz and locks it until the unit of work ends: attempts started meanwhile wait (their foreign key share-locks it). */
  lock(tenantId: string, id: string): Promise<Quiz | null>;
  /** Locks the module's quizzes as `lock` does; answers their ids. */
  lockByModule(tenantId: string, moduleId: string): Promise<string[]>;
  /** Locks the course's quizzes as `lock` does; answers their ids. */
  lockByCourse(tenantId: string, courseId: string): Promise<string[]>;
  /** Newest first (contract §2). */
  list(tenantId: string, filter: QuizFilter, page: PageRequest): Promise<Page<Quiz>>;
  insert(quiz: Quiz): Promise<void>;
  update(quiz: Quiz): Promise<void>;
  /** False when there was no such quiz; its questions (and any attempts: check them first) go with it. */
  delete(tenantId: string, id: string): Promise<boolean>;
  /**
   * Per user and course with published quizzes (`${userId}:${courseId}` keys; courses without
   * any are absent): how many there are and how many of them the user has passed. One query.
   */
  requirementStatus(
    tenantId: string,
    userIds: readonly string[],
    courseIds: readonly string[],
  ): Promise<Map<string, { required: number; passed: number }>>;
  countPublished(tenantId: string): Promise<number>;
}

export interface QuizQuestionStats {
  count: number;
  maxScore: number;
}

/** A quiz as its views show it: with the number of its questions and its maximum score. */
export interface QuizWithStats {
  quiz: Quiz;
  stats: QuizQuestionStats;
}

export interface QuestionRepository {
  findById(tenantId: string, id: string): Promise<Question | null>;
  /** Reads the question and locks it until the unit of work ends: concurrent edits take turns (versions 2 then 3). */
  lock(tenantId: string, id: string): Promise<Question | null>;
  /** Whether any attempt has seen the question (its snapshot holds it, or it started before snapshots in the question's quiz). */
  seenByAttempt(tenantId: string, id: string): Promise<boolean>;
  /** Keeps the question's current content as its version `question.version` (an edit is about to replace it). */
  archiveVersion(question: Question, at: Date): Promise<void>;
  /** Its superseded versions, oldest first (the current one is the question itself). */
  versions(tenantId: string, id: string): Promise<QuestionVersion[]>;
  /** In order (ties by creation). */
  listByQuiz(tenantId: string, quizId: string): Promise<Question[]>;
  /** Question count (description items left out) and total points per quiz, in one query. */
  statsByQuizzes(tenantId: string, quizIds: readonly string[]): Promise<Map<string, QuizQuestionStats>>;
  insertMany(questions: readonly Question[]): Promise<void>;
  update(question: Question): Promise<void>;
  delete(tenantId: string, id: string): Promise<boolean>;
  /** Orders 1..n in the given order. */
  setOrder(tenantId: string, quizId: string, orderedIds: readonly string[], at: Date): Promise<void>;
  nextOrder(tenantId: string, quizId: string): Promise<number>;
  /** Moves every question whose order is at least `fromOrder` one place down (room for a duplicate). */
  shiftFrom(tenantId: string, quizId: string, fromOrder: number, at: Date): Promise<void>;
}
