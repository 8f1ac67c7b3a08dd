import type { SubmissionStatus } from '../../../domain/assessment/assignment.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import { ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { lessonFor, type LessonAccessError } from '../lesson-access.js';
import type { SubmissionView } from '../ports/submission-repository.js';
import { isStaff } from '../quiz-access.js';

/** Submissions of a lesson: Mentors and above see everyone's, a student only their own (contract §6). */
export const makeListLessonAssignments =
  (d: Pick<AssessmentDeps, 'submissionRepository' | 'learningAccess'>) =>
  async (
    actor: Actor,
    lessonId: string,
    filter: { status?: SubmissionStatus | undefined },
    page: PageRequest,
  ): Promise<Result<Page<SubmissionView>, LessonAccessError>> => {
    const lesson = await lessonFor(d, actor, lessonId);
    if (!lesson.ok) return lesson;
    return ok(
      await d.submissionRepository.list(
        actor.tenantId,
        { lessonId, status: filter.status, userId: isStaff(actor) ? undefined : actor.userId },
        page,
      ),
    );
  };
