export const PROGRESS_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

export interface LessonProgress {
  tenantId: string;
  userId: string;
  lessonId: string;
  courseId: string;
  status: ProgressStatus;
  startedAt: Date | null;
  completedAt: Date | null;
  updatedAt: Date;
}

const rank: Record<ProgressStatus, number> = { not_started: 0, in_progress: 1, completed: 2 };

/**
 * Progress only moves forward: a completed lesson stays completed when it is opened again
 * (certificates are never taken back), an opened one never returns to not started.
 */
export function advance(
  current: LessonProgress | null,
  base: Omit<LessonProgress, 'status' | 'startedAt' | 'completedAt' | 'updatedAt'>,
  requested: ProgressStatus,
  now: Date,
): LessonProgress {
  const from = current?.status ?? 'not_started';
  const status = rank[requested] > rank[from] ? requested : from;
  return {
    ...base,
    status,
    startedAt: current?.startedAt ?? (status === 'not_started' ? null : now),
    completedAt: current?.completedAt ?? (status === 'completed' ? now : null),
    // Touching a lesson (even without a change) makes it the course's last lesson.
    updatedAt: now,
  };
}

/** What a course asks of a learner: its lessons and its published quizzes (contract §6). */
export interface CourseRequirements {
  lessons: number;
  completedLessons: number;
  quizzesRequired: number;
  quizzesPassed: number;
}

/** A course without any lesson or quiz has nothing to complete and issues nothing. */
export const isCourseComplete = (r: CourseRequirements): boolean =>
  r.lessons + r.quizzesRequired > 0 && r.completedLessons >= r.lessons && r.quizzesPassed >= r.quizzesRequired;

/**
 * Share of the course's items done, 0–100. Rounded down so that 100 means complete: 199 of
 * 200 lessons is 99, not 100.
 */
export function completionPercentage(r: CourseRequirements): number {
  const total = r.lessons + r.quizzesRequired;
  if (total === 0) return 0;
  if (isCourseComplete(r)) return 100;
  const done = Math.min(r.completedLessons, r.lessons) + Math.min(r.quizzesPassed, r.quizzesRequired);
  return Math.min(99, Math.floor((done * 100) / total));
}

/** The lesson after `currentId` in course order, or null at the end. */
export function nextLessonId(orderedIds: readonly string[], currentId: string): string | null {
  const i = orderedIds.indexOf(currentId);
  return i >= 0 && i + 1 < orderedIds.length ? orderedIds[i + 1]! : null;
}
