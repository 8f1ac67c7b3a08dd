import { byOrder, type Lesson } from '../../../domain/learning/course.js';
import type { ProgressStatus } from '../../../domain/learning/progress.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { LearningAccess } from '../access.js';
import { pageOfList } from '../outline.js';

export interface LessonListing {
  page: Page<Lesson>;
  status: Map<string, ProgressStatus>;
}

/** Lessons of a module by order, with the caller's status; the content itself is not listed. */
export const makeListLessons =
  (d: Pick<LearningDeps, 'moduleRepository' | 'lessonRepository' | 'progressRepository'> & { learningAccess: LearningAccess }) =>
  async (actor: Actor, moduleId: string, page: PageRequest): Promise<Result<LessonListing, 'MODULE_NOT_FOUND'>> => {
    const module = await d.moduleRepository.findById(actor.tenantId, moduleId);
    if (!module) return err('MODULE_NOT_FOUND');
    const found = await d.learningAccess.courseFor(actor, module.courseId);
    if (!found.ok) return err('MODULE_NOT_FOUND');
    const [lessons, progress] = await Promise.all([
      d.lessonRepository.listByModule(actor.tenantId, moduleId),
      d.progressRepository.listForCourse(actor.tenantId, actor.userId, module.courseId),
    ]);
    return ok({ page: pageOfList([...lessons].sort(byOrder), page), status: new Map(progress.map((p) => [p.lessonId, p.status])) });
  };
