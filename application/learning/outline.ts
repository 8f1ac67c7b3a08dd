import {
  byOrder,
  orderedLessons,
  type Category,
  type Course,
  type CourseModule,
  type LessonSummary,
} from '../../domain/learning/course.js';
import type { Page, PageRequest } from '../shared/ports.js';
import type { CourseWithCategory } from './ports/catalog.js';
import type { LearningDeps } from './deps.js';

export type { CourseWithCategory };

export interface Outline extends CourseWithCategory {
  modules: Array<{ module: CourseModule; lessons: LessonSummary[] }>;
  /** Every lesson in course order. */
  lessons: LessonSummary[];
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
  const ordered = orderedLessons(modules, lessons);
  return {
    course,
    category,
    lessons: ordered,
    modules: [...modules].sort(byOrder).map((module) => ({ module, lessons: ordered.filter((l) => l.moduleId === module.id) })),
  };
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
