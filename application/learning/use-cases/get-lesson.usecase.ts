import { orderedLessons, type Course, type CourseModule, type Lesson } from '../../../domain/learning/course.js';
import type { LessonProgress } from '../../../domain/learning/progress.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { LearningAccess } from '../access.js';

export interface LessonDetail {
  lesson: Lesson;
  module: CourseModule;
  course: Course;
  progress: LessonProgress | null;
  previousLessonId: string | null;
  nextLessonId: string | null;
}

/** A lesson with its content: gated (contract §5), 403 for a visible course the caller is not enrolled in. */
export const makeGetLesson =
  (d: Pick<LearningDeps, 'moduleRepository' | 'progressRepository'> & { learningAccess: LearningAccess }) =>
  async (actor: Actor, lessonId: string): Promise<Result<LessonDetail, 'LESSON_NOT_FOUND' | 'NOT_ENROLLED'>> => {
    const resolved = await d.learningAccess.resolveLesson(actor.tenantId, lessonId);
    if (!resolved) return err('LESSON_NOT_FOUND');
    const gate = await d.learningAccess.requireContentAccess(actor, resolved.course.id);
    if (!gate.ok) return gate.error === 'NOT_ENROLLED' ? err('NOT_ENROLLED') : err('LESSON_NOT_FOUND');
    const [{ modules, lessons }, progress] = await Promise.all([
      d.moduleRepository.listWithLessons(actor.tenantId, resolved.course.id),
      d.progressRepository.get(actor.tenantId, actor.userId, lessonId),
    ]);
    const ids = orderedLessons(modules, lessons).map((l) => l.id);
    const i = ids.indexOf(lessonId);
    return ok({
      ...resolved,
      progress,
      previousLessonId: i > 0 ? ids[i - 1]! : null,
      nextLessonId: i >= 0 && i + 1 < ids.length ? ids[i + 1]! : null,
    });
  };
