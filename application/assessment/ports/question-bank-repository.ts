import type { BankQuestion, QuestionCategory, RandomSlot } from '../../../domain/assessment/question-bank.js';
import type { Page, PageRequest } from '../../shared/ports.js';

/** A category as lists show it: with the number of questions filed directly in it. */
export interface CategoryWithCount {
  category: QuestionCategory;
  questionCount: number;
}

/** A quiz's random slots (in order) and each one's ranked candidates, by slot id. */
export interface SlotCandidates {
  slots: RandomSlot[];
  ranked: Map<string, BankQuestion[]>;
}

/**
 * The question bank (issue 33 item 4): a course's categories and the questions filed in them, and
 * quizzes' random slots. Quiz questions themselves stay with `QuestionRepository`, which files a
 * question given without a category in its course's default category.
 */
export interface QuestionBankRepository {
  findCategory(tenantId: string, id: string): Promise<QuestionCategory | null>;
  /** The course's categories (a small tree), by name, each with its question count; one query. */
  listCategories(tenantId: string, courseId: string): Promise<CategoryWithCount[]>;
  /** The course's default category, created (named `name`) when it has none yet; safe under concurrency. */
  ensureDefaultCategory(tenantId: string, courseId: string, name: string, at: Date): Promise<QuestionCategory>;
  insertCategory(category: QuestionCategory): Promise<void>;
  updateCategory(category: QuestionCategory): Promise<void>;
  deleteCategory(tenantId: string, id: string): Promise<boolean>;
  /** What keeps a category from being deleted: its questions, subcategories and random slots. */
  categoryUsage(tenantId: string, id: string): Promise<{ questions: number; children: number; slots: number }>;

  /** Questions filed in the category, oldest first. */
  listQuestions(tenantId: string, categoryId: string, page: PageRequest): Promise<Page<BankQuestion>>;
  /** All questions of the categories (export), oldest first. */
  allQuestions(tenantId: string, categoryIds: readonly string[]): Promise<BankQuestion[]>;
  insertQuestions(questions: readonly BankQuestion[]): Promise<void>;
  /** Ids of the questions a random slot may draw (no description items) in any of the categories, per category; one query. */
  questionIdsIn(tenantId: string, categoryIds: readonly string[]): Promise<Map<string, string[]>>;
  /** The questions with these ids (any order); one query. */
  findQuestions(tenantId: string, ids: readonly string[]): Promise<BankQuestion[]>;

  /**
   * What a new attempt draws from (issue 33 item 5), in one query: the quiz's random slots, in order,
   * and per slot its best candidates in rank order (at least `candidatesNeeded` of it when there are
   * that many): questions of its category (and of those below it when the slot asks), not description
   * items nor the quiz's own questions, ranked by a hash seeded by `seed` and the categories. Slots of
   * the same categories share one ranking (later slots take the next ones). No slots: no candidates.
   */
  drawCandidates(tenantId: string, quizId: string, seed: number): Promise<SlotCandidates>;
  /** The quiz's random slots, in order. */
  randomSlots(tenantId: string, quizId: string): Promise<RandomSlot[]>;
  insertRandomSlot(slot: RandomSlot): Promise<void>;
  findRandomSlot(tenantId: string, id: string): Promise<RandomSlot | null>;
  /** False when there was no such slot; attempts keep the questions they drew from it. */
  deleteRandomSlot(tenantId: string, id: string): Promise<boolean>;
  /** The next place in the quiz's order, after its questions and slots. */
  nextSlotOrder(tenantId: string, quizId: string): Promise<number>;
}
