import type { Category } from '../../domain/learning/course.js';
import { err, ok, type Result } from '../shared/result.js';
import type { LearningDeps } from './deps.js';

export type CourseWriteError = 'UNKNOWN_CATEGORY';

/** What creating and updating a course need: the course, its category, the category's subscribers' grants, audit. */
export type CourseWriteDeps = Pick<
  LearningDeps,
  | 'courseRepository'
  | 'categoryRepository'
  | 'categorySubscribers'
  | 'enrollmentRepository'
  | 'domainEvents'
  | 'auditLog'
  | 'clock'
  | 'ids'
  | 'uow'
>;

/** The category a course is put in (none for null), refused when the tenant has no such category. */
export const courseCategory = async (
  d: Pick<LearningDeps, 'categoryRepository'>,
  tenantId: string,
  categoryId: string | null | undefined,
): Promise<Result<Category | null, CourseWriteError>> => {
  const category = categoryId ? await d.categoryRepository.findById(tenantId, categoryId) : null;
  return categoryId && !category ? err('UNKNOWN_CATEGORY', 'category_id: no such category') : ok(category);
};
