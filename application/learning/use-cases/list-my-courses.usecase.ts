import type { Enrollment } from '../../../domain/learning/enrollment.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { LearningDeps } from '../deps.js';
import { progressKey, type CourseProgress, type ProgressCalculator } from '../course-progress.js';
import { withCategories, type CourseWithCategory } from '../outline.js';

export interface MyCourse extends CourseWithCategory {
  enrollment: Enrollment;
  progress: CourseProgress;
}

type Deps = Pick<LearningDeps, 'enrollmentRepository' | 'categoryRepository' | 'clock'> & { progressCalculator: ProgressCalculator };

/**
 * Courses a user is actively enrolled in with their progress and last lesson (contract §6),
 * newest enrolment first. A fixed number of queries whatever the page holds (no N+1).
 */
export const makeListMyCourses =
  (d: Deps) =>
  async (tenantId: string, userId: string, page: PageRequest): Promise<Page<MyCourse>> => {
    const found = await d.enrollmentRepository.activeCoursesOf(tenantId, [userId], d.clock.now(), page);
    const courseIds = found.items.map((i) => i.course.id);
    const [progress, categories] = await Promise.all([
      d.progressCalculator(tenantId, [userId], courseIds),
      withCategories(
        d,
        tenantId,
        found.items.map((i) => i.course),
      ),
    ]);
    return {
      ...found,
      items: found.items.map((item, i) => ({
        ...categories[i]!,
        enrollment: item.enrollment,
        progress: progress.get(progressKey(userId, item.course.id))!,
      })),
    };
  };
