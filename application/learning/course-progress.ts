import { completionPercentage, isCourseComplete, type LessonProgress } from '../../domain/learning/progress.js';
import { quizKey } from './ports/assessment-ports.js';
import type { LearningDeps } from './deps.js';

export interface CourseProgress {
  userId: string;
  courseId: string;
  percentage: number;
  totalLessons: number;
  completedLessons: number;
  quizzesRequired: number;
  quizzesPassed: number;
  completed: boolean;
  lastLessonId: string | null;
  lastActivityAt: Date | null;
}

export type ProgressCalculator = (
  tenantId: string,
  userIds: readonly string[],
  courseIds: readonly string[],
) => Promise<Map<string, CourseProgress>>;

/**
 * Progress of users in courses with a fixed number of queries (lesson counts, progress
 * summaries, quiz status), whatever the number of courses: lists never go N+1.
 * Keys: `${userId}:${courseId}`.
 */
export const makeProgressCalculator =
  (d: Pick<LearningDeps, 'lessonRepository' | 'progressRepository' | 'courseQuizRequirements'>): ProgressCalculator =>
  async (tenantId, userIds, courseIds) => {
    const out = new Map<string, CourseProgress>();
    if (userIds.length === 0 || courseIds.length === 0) return out;
    const [counts, summaries, quizzes] = await Promise.all([
      d.lessonRepository.countByCourses(tenantId, courseIds),
      d.progressRepository.summaries(tenantId, userIds, courseIds),
      d.courseQuizRequirements.statusMany(tenantId, userIds, courseIds),
    ]);
    const byKey = new Map(summaries.map((s) => [quizKey(s.userId, s.courseId), s]));
    for (const userId of userIds) {
      for (const courseId of courseIds) {
        const key = quizKey(userId, courseId);
        const s = byKey.get(key);
        const q = quizzes.get(key) ?? { required: 0, passed: 0 };
        const req = {
          lessons: counts.get(courseId) ?? 0,
          completedLessons: s?.completedLessons ?? 0,
          quizzesRequired: q.required,
          quizzesPassed: q.passed,
        };
        out.set(key, {
          userId,
          courseId,
          percentage: completionPercentage(req),
          totalLessons: req.lessons,
          completedLessons: req.completedLessons,
          quizzesRequired: q.required,
          quizzesPassed: q.passed,
          completed: isCourseComplete(req),
          lastLessonId: s?.lastLessonId ?? null,
          lastActivityAt: s?.lastActivityAt ?? null,
        });
      }
    }
    return out;
  };

export const progressKey = quizKey;

/**
 * Progress in one course from what a course page has already loaded (its lessons and the
 * caller's lesson rows): only the quiz status costs a query. Same figures as the calculator.
 */
export function singleCourseProgress(
  userId: string,
  courseId: string,
  totalLessons: number,
  rows: readonly LessonProgress[],
  quizzes: { required: number; passed: number },
): CourseProgress {
  const completedLessons = rows.filter((r) => r.status === 'completed').length;
  const latest = [...rows].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.lessonId < b.lessonId ? -1 : 1))[0];
  const req = { lessons: totalLessons, completedLessons, quizzesRequired: quizzes.required, quizzesPassed: quizzes.passed };
  return {
    userId,
    courseId,
    percentage: completionPercentage(req),
    totalLessons,
    completedLessons,
    quizzesRequired: quizzes.required,
    quizzesPassed: quizzes.passed,
    completed: isCourseComplete(req),
    lastLessonId: latest?.lessonId ?? null,
    lastActivityAt: latest?.updatedAt ?? null,
  };
}
