import type { LessonProgress } from '../../../domain/learning/progress.js';

export interface ProgressSummary {
  userId: string;
  courseId: string;
  completedLessons: number;
  /** The lesson touched last (progress or continue). */
  lastLessonId: string | null;
  lastActivityAt: Date | null;
}

export interface ProgressRepository {
  get(tenantId: string, userId: string, lessonId: string): Promise<LessonProgress | null>;
  save(progress: LessonProgress): Promise<void>;
  /** Progress rows of any user on these lessons. */
  countOnLessons(tenantId: string, lessonIds: readonly string[]): Promise<number>;
  listForCourse(tenantId: string, userId: string, courseId: string): Promise<LessonProgress[]>;
  /** Per user and course, in one query: never one query per course (no N+1). */
  summaries(tenantId: string, userIds: readonly string[], courseIds: readonly string[]): Promise<ProgressSummary[]>;
}
