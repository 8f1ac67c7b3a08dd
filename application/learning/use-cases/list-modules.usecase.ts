import { byOrder, type CourseModule } from '../../../domain/learning/course.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import { ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { LearningAccess } from '../access.js';
import { pageOfList } from '../outline.js';

/** Modules of a course the caller may see, by order (contract §2). */
export const makeListModules =
  (d: Pick<LearningDeps, 'moduleRepository'> & { learningAccess: LearningAccess }) =>
  async (actor: Actor, courseId: string, page: PageRequest): Promise<Result<Page<CourseModule>, 'COURSE_NOT_FOUND'>> => {
    const found = await d.learningAccess.courseFor(actor, courseId);
    if (!found.ok) return found;
    return ok(pageOfList([...(await d.moduleRepository.listByCourse(actor.tenantId, courseId))].sort(byOrder), page));
  };
