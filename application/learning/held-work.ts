import { describeGradedWork } from '../../domain/learning/graded-work.js';
import type { LearningDeps } from './deps.js';

/**
 * What deleting these lessons would take from learners (their progress and assignment
 * submissions, plus `attempts` on quizzes going with them), as the refusal names it; null when
 * nothing. The caller holds the locks that keep the counts true until the delete.
 */
export const heldOnLessons = async (
  d: Pick<LearningDeps, 'progressRepository' | 'gradedWorkOnContent'>,
  tenantId: string,
  lessonIds: string[],
  attempts: number,
): Promise<string | null> =>
  describeGradedWork({
    progress: await d.progressRepository.countOnLessons(tenantId, lessonIds),
    submissions: await d.gradedWorkOnContent.submissionsOnLessons(tenantId, lessonIds),
    attempts,
  });
