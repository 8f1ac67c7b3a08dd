import type { Submission } from '../../../domain/assessment/assignment.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AssessmentDeps } from '../deps.js';
import { lessonFor, type LessonAccessError } from '../lesson-access.js';
import { newRecord } from '../../shared/records.js';

export type SubmitAssignmentError = LessonAccessError | 'ASSIGNMENT_ALREADY_GRADED';

/**
 * `POST /lessons/:id/assignments {file_url, notes}` on any lesson of a course the caller may open
 * (contract §5, §6). The first call creates the submission; later calls replace file and notes
 * (revision + 1) until a mentor grades it, then 400. The server never fetches `file_url`.
 */
export const makeSubmitAssignment =
  (d: Pick<AssessmentDeps, 'submissionRepository' | 'learningAccess' | 'clock' | 'ids'>) =>
  async (
    actor: Actor,
    lessonId: string,
    input: { fileUrl: string; notes: string | null },
  ): Promise<Result<{ submission: Submission; resubmitted: boolean }, SubmitAssignmentError>> => {
    const lesson = await lessonFor(d, actor, lessonId);
    if (!lesson.ok) return lesson;
    const now = d.clock.now();
    const outcome = await d.submissionRepository.submit({
      ...newRecord(d.ids, actor.tenantId, now),
      lessonId,
      courseId: lesson.value.courseId,
      userId: actor.userId,
      fileUrl: input.fileUrl,
      notes: input.notes,
      status: 'submitted',
      revision: 1,
      score: null,
      feedback: null,
      gradedBy: null,
      submittedAt: now,
      gradedAt: null,
    });
    if (outcome.outcome === 'graded') return err('ASSIGNMENT_ALREADY_GRADED');
    return ok({ submission: outcome.submission, resubmitted: outcome.outcome === 'resubmitted' });
  };
