import { bypassesEnrollment, COURSE_STATUSES, type CourseStatus } from '../../../domain/learning/course.js';
import type { RoleLevel } from '../../../domain/identity/role.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { LearningDeps } from '../deps.js';
import type { CatalogueEntry } from '../ports/catalog.js';

export interface CourseListQuery {
  /** A category id or slug. */
  category?: string | undefined;
  /** The course's difficulty. */
  level?: string | undefined;
  search?: string | undefined;
  /** Only Mentors and above may ask for other statuses; the public sees published courses. */
  status?: CourseStatus | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const makeListCourses =
  (d: Pick<LearningDeps, 'courseRepository' | 'categoryRepository'>) =>
  async (tenantId: string, role: RoleLevel | null, query: CourseListQuery, page: PageRequest): Promise<Page<CatalogueEntry>> => {
    const staff = role !== null && bypassesEnrollment(role);
    const statuses: readonly CourseStatus[] = staff ? (query.status ? [query.status] : COURSE_STATUSES) : ['published'];
    let categoryId: string | undefined;
    if (query.category) {
      const category = UUID.test(query.category)
        ? await d.categoryRepository.findById(tenantId, query.category.toLowerCase())
        : await d.categoryRepository.findBySlug(tenantId, query.category.toLowerCase());
      if (!category) return { items: [], total: 0, page: page.page, pageSize: page.pageSize };
      categoryId = category.id;
    }
    return d.courseRepository.list(tenantId, { statuses, categoryId, difficulty: query.level, search: query.search }, page);
  };
