import type { Actor } from '../shared/actor.js';
import { err, ok, type Result } from '../shared/result.js';
import type { AssessmentDeps } from './deps.js';

export type LessonAccessError = 'LESSON_NOT_FOUND' | 'NOT_ENROLLED';

/** Assignments are gated as lesson content (contract §5): enrolled, or Mentor and above. */
export async function lessonFor(
  d: Pick<AssessmentDeps, 'learningAccess'>,
  actor: Actor,
  lessonId: string,
): Promise<Result<{ lessonId: string; courseId: string; title: string }, LessonAccessError>> {
  const resolved = await d.learningAccess.resolveLesson(actor.tenantId, lessonId);
  if (!resolved) return err('LESSON_NOT_FOUND');
  const gate = await d.learningAccess.requireContentAccess(actor, resolved.course.id);
  if (!gate.ok) return gate.error === 'NOT_ENROLLED' ? err('NOT_ENROLLED') : err('LESSON_NOT_FOUND');
  return ok({ lessonId, courseId: resolved.course.id, title: resolved.lesson.title });
}
