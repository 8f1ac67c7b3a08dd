import { isPublic } from '../../../domain/learning/course.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { loadOutline, type Outline } from '../outline.js';

/** The outline of a published course for anyone: lessons without their gated content. */
export const makeGetPublicOutline =
  (d: Pick<LearningDeps, 'courseRepository' | 'categoryRepository' | 'moduleRepository' | 'lessonRepository'>) =>
  async (tenantId: string, courseId: string): Promise<Result<Outline, 'COURSE_NOT_FOUND'>> => {
    const course = await d.courseRepository.findById(tenantId, courseId);
    if (!course || !isPublic(course)) return err('COURSE_NOT_FOUND');
    return ok(await loadOutline(d, course));
  };
