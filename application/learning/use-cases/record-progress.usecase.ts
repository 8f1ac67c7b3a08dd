import { advance, type LessonProgress, type ProgressStatus } from '../../../domain/learning/progress.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { LearningAccess } from '../access.js';
import { progressKey, type CourseProgress, type ProgressCalculator } from '../course-progress.js';
import type { CompletionOutcome, EvaluateCourseCompletion } from './evaluate-course-completion.usecase.js';

export interface ProgressOutcome {
  progress: LessonProgress;
  course: CourseProgress;
  completion: CompletionOutcome;
}

export type ProgressError = 'LESSON_NOT_FOUND' | 'NOT_ENROLLED';

type Deps = Pick<LearningDeps, 'progressRepository' | 'clock'> & {
  learningAccess: LearningAccess;
  progressCalculator: ProgressCalculator;
  evaluateCourseCompletion: EvaluateCourseCompletion;
};

/** Shared by `POST /progress` and `continue`: gate, move the lesson forward, re-evaluate the course. */
export async function touchLesson(
  d: Deps,
  actor: Actor,
  lessonId: string,
  status: ProgressStatus,
): Promise<Result<ProgressOutcome & { courseId: string }, ProgressError>> {
  const resolved = await d.learningAccess.resolveLesson(actor.tenantId, lessonId);
  if (!resolved) return err('LESSON_NOT_FOUND');
  const gate = await d.learningAccess.requireContentAccess(actor, resolved.course.id);
  if (!gate.ok) return gate.error === 'NOT_ENROLLED' ? err('NOT_ENROLLED') : err('LESSON_NOT_FOUND');
  const current = await d.progressRepository.get(actor.tenantId, actor.userId, lessonId);
  const progress = advance(
    current,
    { tenantId: actor.tenantId, userId: actor.userId, lessonId, courseId: resolved.course.id },
    status,
    d.clock.now(),
  );
  await d.progressRepository.save(progress);
  const completion =
    progress.status === 'completed'
      ? await d.evaluateCourseCompletion(actor.tenantId, actor.userId, resolved.course.id)
      : { completed: false, certificate: null, issued: false };
  const course = (await d.progressCalculator(actor.tenantId, [actor.userId], [resolved.course.id])).get(
    progressKey(actor.userId, resolved.course.id),
  )!;
  return ok({ progress, course, completion: { ...completion, completed: course.completed }, courseId: resolved.course.id });
}

/** `POST /api/lms/progress {lesson_id, status}`: progress never moves back (see `advance`). */
export const makeRecordProgress =
  (d: Deps) =>
  (actor: Actor, input: { lessonId: string; status: ProgressStatus }): Promise<Result<ProgressOutcome, ProgressError>> =>
    touchLesson(d, actor, input.lessonId, input.status);
