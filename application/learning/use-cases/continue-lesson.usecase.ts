import { orderedLessons, type LessonSummary } from '../../../domain/learning/course.js';
import { nextLessonId } from '../../../domain/learning/progress.js';
import type { Actor } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { LearningAccess } from '../access.js';
import type { ProgressCalculator } from '../course-progress.js';
import type { EvaluateCourseCompletion } from './evaluate-course-completion.usecase.js';
import { touchLesson, type ProgressError, type ProgressOutcome } from './record-progress.usecase.js';

/**
 * `POST /api/lms/lessons/:id/continue` (contract §6): the lesson is marked in progress (a
 * completed one stays completed) and becomes the course's last lesson; the answer names the
 * next lesson in course order, or none at the end.
 */
export const makeContinueLesson =
  (
    d: Pick<LearningDeps, 'progressRepository' | 'moduleRepository' | 'lessonRepository' | 'clock'> & {
      learningAccess: LearningAccess;
      progressCalculator: ProgressCalculator;
      evaluateCourseCompletion: EvaluateCourseCompletion;
    },
  ) =>
  async (actor: Actor, lessonId: string): Promise<Result<ProgressOutcome & { next: LessonSummary | null }, ProgressError>> => {
    const touched = await touchLesson(d, actor, lessonId, 'in_progress');
    if (!touched.ok) return touched;
    const { modules, lessons } = await d.moduleRepository.listWithLessons(actor.tenantId, touched.value.courseId);
    const ordered = orderedLessons(modules, lessons);
    const nextId = nextLessonId(
      ordered.map((l) => l.id),
      lessonId,
    );
    return ok({ ...touched.value, next: ordered.find((l) => l.id === nextId) ?? null });
  };
