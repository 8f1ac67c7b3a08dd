import {
  byOrder,
  orderedLessons,
  type Category,
  type Course,
  type CourseModule,
  type LessonSummary,
} from '../../domain/learning/course.js';
import type { Page, PageRequest } from '../shared/ports.js';
import type { CourseWithCategory, OutlineLesson } from './ports/catalog.js';
import type { LearningDeps } from './deps.js';

export type { CourseWithCategory };

export interface Outline extends CourseWithCategory {
  modules: Array<{ module: CourseModule; lessons: OutlineLesson[] }>;
  /** Every lesson in course order. */
  lessons: OutlineLesson[];
}

type Deps = Pick<LearningDeps, 'categoryRepository' | 'moduleRepository'>;

/**
 * Modules and lessons of a course, in order: one query whatever its size, and one more for the
 * category unless the caller has it already (`category`, null for none).
 */
export async function loadOutline(d: Deps, course: Course, category?: Category | null): Promise<Outline> {
  const [knownCategory, { modules, lessons }] = await Promise.all([
    category !== undefined ? category : course.categoryId ? d.categoryRepository.findById(course.tenantId, course.categoryId) : null,
    d.moduleRepository.listWithLessons(course.tenantId, course.id),
  ]);
  return outlineOf(course, knownCategory, modules, lessons);
}

/** The outline of a course whose modules and lessons (in any order) are read already. */
export function outlineOf(
  course: Course,
  category: Category | null,
  modules: readonly CourseModule[],
  lessons: readonly LessonSummary[],
): Outline {
  return outlineInOrder(course, category, [...modules].sort(byOrder), orderedLessons(modules, lessons));
}

/**
 * The outline of modules and lessons read in course order already (the course page's statement
 * orders them): each module with its lessons, without sorting again. A lesson of no listed module
 * is left out, as `outlineOf` leaves it.
 */
export function outlineInOrder(
  course: Course,
  category: Category | null,
  modules: readonly CourseModule[],
  lessons: readonly OutlineLesson[],
): Outline {
  const byModule = new Map(modules.map((module) => [module.id, { module, lessons: [] as OutlineLesson[] }]));
  const listed = lessons.filter((lesson) => {
    const group = byModule.get(lesson.moduleId);
    group?.lessons.push(lesson);
    return group !== undefined;
  });
  return { course, category, lessons: listed, modules: [...byModule.values()] };
}

/** Attaches categories to courses with one query. */
export async function withCategories(
  d: Pick<LearningDeps, 'categoryRepository'>,
  tenantId: string,
  courses: readonly Course[],
): Promise<CourseWithCategory[]> {
  const ids = [...new Set(courses.map((c) => c.categoryId).filter((id): id is string => id !== null))];
  const categories = new Map((await d.categoryRepository.findManyByIds(tenantId, ids)).map((c) => [c.id, c]));
  return courses.map((course) => ({ course, category: course.categoryId ? (categories.get(course.categoryId) ?? null) : null }));
}

/** Pages a short list held in memory (modules of a course, lessons of a module). */
export function pageOfList<T>(all: readonly T[], page: PageRequest): Page<T> {
  const start = (page.page - 1) * page.pageSize;
  return { items: all.slice(start, start + page.pageSize), total: all.length, page: page.page, pageSize: page.pageSize };
}
