import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import type { LessonAssignmentSummary } from '../ports/submission-repository.js';
import { isStaff } from '../quiz-access.js';

export interface AssignmentSummary {
  courseId: string;
  /** `all`: every student's submissions (Mentors and above); `mine`: the caller's. */
  scope: 'all' | 'mine';
  lessons: LessonAssignmentSummary[];
}

/**
 * `GET /courses/:id/assignment-summary`: per lesson with submissions (course order), how many
 * were submitted, wait for a grade, are graded, and the mean grade. Students get their own
 * figures, for a course they may open (contract §5).
 */
export const makeGetAssignmentSummary =
  (d: Pick<AssessmentDeps, 'submissionRepository' | 'learningAccess'>) =>
  async (actor: Actor, courseId: string): Promise<Result<AssignmentSummary, 'COURSE_NOT_FOUND' | 'NOT_ENROLLED'>> => {
    const gate = await d.learningAccess.requireContentAccess(actor, courseId);
    if (!gate.ok) return err(gate.error);
    const staff = isStaff(actor);
    return ok({
      courseId,
      scope: staff ? 'all' : 'mine',
      lessons: await d.submissionRepository.courseSummary(actor.tenantId, courseId, staff ? undefined : actor.userId),
    });
  };
