import type { SubmissionStatus } from '../../../domain/assessment/assignment.js';
import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { AssessmentDeps } from '../deps.js';
import type { SubmissionView } from '../ports/submission-repository.js';

/**
 * `GET /mentor/assignments` (Mentor and above): the tenant's submissions, by default those waiting
 * for a grade, oldest first (a queue); graded or all newest first. Filters: course and lesson.
 * Only submissions of users of a lower role than the caller (spec hierarchy rule 1): nobody sees
 * their own work or a peer's here, as nobody may grade it.
 */
export const makeListGradingQueue =
  (d: Pick<AssessmentDeps, 'submissionRepository'>) =>
  (
    actor: Actor,
    filter: { status?: SubmissionStatus | undefined; courseId?: string | undefined; lessonId?: string | undefined },
    page: PageRequest,
  ): Promise<Page<SubmissionView>> =>
    d.submissionRepository.list(actor.tenantId, { ...filter, authorRoleBelow: actor.role }, page);
