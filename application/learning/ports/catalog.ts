import type { LoginPrincipal } from '../../identity/ports/login-repository.js';
import type { Category, Course, CourseModule, CourseStatus, Lesson, LessonSummary } from '../../../domain/learning/course.js';
import type { Enrollment } from '../../../domain/learning/enrollment.js';
import type { Certificate } from '../../../domain/learning/certificate.js';
import type { LessonProgress } from '../../../domain/learning/progress.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { CourseQuiz } from './assessment-ports.js';

export interface CourseFilter {
  statuses?: readonly CourseStatus[];
  categoryId?: string;
  difficulty?: string;
  /** Matches the title. */
  search?: string;
}

/**
 * A time as a read model hands it to its answer: the ISO 8601 UTC text `Date#toISOString()` writes
 * (`2026-11-22T06:32:21.022Z`). A list of many rows carries its times so, never parsed into a `Date`
 * only to be written back as this text.
 */
export type IsoTime = string;

/** A course as the catalogue answers it: its own fields, without its tenant and author, its times as text. */
export type ListedCourse = Pick<
  Course,
  'id' | 'title' | 'description' | 'categoryId' | 'difficulty' | 'price' | 'currency' | 'coverImage' | 'status'
> & { publishedAt: IsoTime | null; createdAt: IsoTime; updatedAt: IsoTime };

/** A lesson as an outline lists it (contract §5): without its body, its content's link and its times. */
export type OutlineLesson = Pick<
  LessonSummary,
  'id' | 'moduleId' | 'courseId' | 'title' | 'description' | 'contentType' | 'duration' | 'order'
>;

/** A category as a course names it. */
export type CategoryRef = Pick<Category, 'id' | 'name' | 'slug'>;

/** A row of the catalogue (`list`): the read model of what the list answers, not the entities. */
export interface CatalogueEntry {
  course: ListedCourse;
  category: CategoryRef | null;
}

export interface CourseWithCategory {
  course: Course;
  category: Category | null;
}

/** A course as one learner's page needs it. */
export interface LearnerCourse extends CourseWithCategory {
  enrollment: Enrollment | null;
  certificate: Certificate | null;
}

/**
 * The course page's read model: the course as `findForLearner` reads it, its outline, the learner's
 * progress in it and its quizzes with the learner's results (read from assessment's tables in the
 * same statement: docs/architecture.md, "Read models across contexts").
 */
export interface LearnerCoursePage extends LearnerCourse {
  /** In course order. */
  modules: CourseModule[];
  /** Every lesson of those modules, in course order (by module, then by the lesson's order). */
  lessons: OutlineLesson[];
  /** The learner's progress rows on the course's lessons. */
  progress: LessonProgress[];
  /** Every quiz of the course (drafts too), newest first, each with the learner's results. */
  quizzes: CourseQuiz[];
}

export interface CourseRepository {
  findById(tenantId: string, id: string): Promise<Course | null>;
  /** Reads the course and locks it until the unit of work ends (enrolments written meanwhile wait). */
  lock(tenantId: string, id: string): Promise<Course | null>;
  /**
   * Reads the tenant's courses among `ids` and share-locks them until the unit of work ends: a
   * delete or an edit of one waits, and readers sharing the lock do not (none asked: no statement).
   */
  lockShared(tenantId: string, ids: readonly string[]): Promise<Course[]>;
  /** The course with its category and the user's enrolment and certificate, in one query. */
  findForLearner(tenantId: string, userId: string, courseId: string): Promise<LearnerCourse | null>;
  /**
   * `findForLearner` with the course's modules and lessons, the user's progress on them and the
   * course's quizzes with the user's results, and the caller's login (its principal, for a
   * `LoginClaim`; null without `loginId` or such a login), in one query. `page` null: no such course.
   */
  findPageForLearner(
    tenantId: string,
    userId: string,
    courseId: string,
    loginId: string | null,
  ): Promise<{ principal: LoginPrincipal | null; page: LearnerCoursePage | null }>;
  findManyByIds(tenantId: string, ids: readonly string[]): Promise<Course[]>;
  /** Newest first, each with its category (one query). */
  list(tenantId: string, filter: CourseFilter, page: PageRequest): Promise<Page<CatalogueEntry>>;
  insert(course: Course): Promise<void>;
  update(course: Course): Promise<void>;
  delete(tenantId: string, id: string): Promise<void>;
  countByStatus(tenantId: string): Promise<Record<CourseStatus, number>>;
  /** Courses of these categories but archived ones (drafts included): what a subscription grants. */
  idsOfCategories(tenantId: string, categoryIds: readonly string[]): Promise<string[]>;
}

export interface CategoryRepository {
  findById(tenantId: string, id: string): Promise<Category | null>;
  findBySlug(tenantId: string, slug: string): Promise<Category | null>;
  findManyByIds(tenantId: string, ids: readonly string[]): Promise<Category[]>;
  /** By name: the small fixed list of `GET /api/lms/course-categories`. */
  listAll(tenantId: string): Promise<Category[]>;
  list(tenantId: string, search: string | undefined, page: PageRequest): Promise<Page<Category>>;
  /** False when the slug is taken in the tenant (nothing written). */
  insert(category: Category): Promise<boolean>;
  update(category: Category): Promise<boolean>;
  delete(tenantId: string, id: string): Promise<void>;
  /** Referenced by a course, a price or a subscription plan. */
  isInUse(tenantId: string, id: string): Promise<boolean>;
}

export interface ModuleRepository {
  findById(tenantId: string, id: string): Promise<CourseModule | null>;
  /**
   * Reads the module and locks it and its lessons until the unit of work ends: lessons, quizzes,
   * progress and submissions written meanwhile wait (their foreign keys share-lock these rows), so
   * a check of what the module holds stays true until its delete.
   */
  lock(tenantId: string, id: string): Promise<CourseModule | null>;
  /** In course order. */
  listByCourse(tenantId: string, courseId: string): Promise<CourseModule[]>;
  /** The modules in course order and every lesson of them (unordered), in one query. */
  /** Lessons without their body (outlines and navigation; a lesson's page reads it alone). */
  listWithLessons(tenantId: string, courseId: string): Promise<{ modules: CourseModule[]; lessons: LessonSummary[] }>;
  insert(module: CourseModule): Promise<void>;
  update(module: CourseModule): Promise<void>;
  delete(tenantId: string, id: string): Promise<void>;
  /** Orders 1..n in the given order. */
  setOrder(tenantId: string, courseId: string, orderedIds: readonly string[], at: Date): Promise<void>;
  nextOrder(tenantId: string, courseId: string): Promise<number>;
}

export interface LessonRepository {
  findById(tenantId: string, id: string): Promise<Lesson | null>;
  /** Reads the lesson and locks it until the unit of work ends (progress and submissions on it wait). */
  lock(tenantId: string, id: string): Promise<Lesson | null>;
  /** In module order. */
  listByModule(tenantId: string, moduleId: string): Promise<Lesson[]>;
  insert(lesson: Lesson): Promise<void>;
  update(lesson: Lesson): Promise<void>;
  delete(tenantId: string, id: string): Promise<void>;
  nextOrder(tenantId: string, moduleId: string): Promise<number>;
  /** Lesson count per course, in one query. */
  countByCourses(tenantId: string, courseIds: readonly string[]): Promise<Map<string, number>>;
}
