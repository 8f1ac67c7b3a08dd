import type { Submission } from '../../../domain/assessment/assignment.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { lessonFor, type LessonAccessError } from '../lesson-access.js';

/** The caller's latest submission on a lesson, or 404 when there is none (contract §6). */
export const makeGetMyAssignment =
  (d: Pick<AssessmentDeps, 'submissionRepository' | 'learningAccess'>) =>
  async (actor: Actor, lessonId: string): Promise<Result<Submission, LessonAccessError | 'ASSIGNMENT_NOT_FOUND'>> => {
    const lesson = await lessonFor(d, actor, lessonId);
    if (!lesson.ok) return lesson;
    const found = await d.submissionRepository.findByUserLesson(actor.tenantId, actor.userId, lessonId);
    return found ? ok(found) : err('ASSIGNMENT_NOT_FOUND');
  };
