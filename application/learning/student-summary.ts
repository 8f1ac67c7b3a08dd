import type { Course } from '../../domain/learning/course.js';
import type { Enrollment } from '../../domain/learning/enrollment.js';
import type { Actor } from '../shared/actor.js';
import type { Page, PageRequest } from '../shared/ports.js';
import type { LearningDeps } from './deps.js';
import type { Learner } from './ports/learner-directory.js';
import { progressKey, type CourseProgress, type ProgressCalculator } from './course-progress.js';

export interface StudentSummary {
  coursesEnrolled: number;
  coursesCompleted: number;
  /** Mean progress over the active courses, 0 without any. */
  averageProgress: number;
  certificates: number;
  lastActivityAt: Date | null;
}

export interface StudentCourse {
  course: Course;
  enrollment: Enrollment;
  progress: CourseProgress;
}

/** Up to this many active courses per student are summarised. */
const SUMMARY_COURSES = 500;

/**
 * Summaries of several students (a parent's children, a dashboard) with a fixed number of
 * queries: their active courses, progress in them, quiz status and certificate counts.
 */
export async function summariseStudents(
  d: Pick<LearningDeps, 'enrollmentRepository' | 'certificateRepository' | 'clock'> & { progressCalculator: ProgressCalculator },
  tenantId: string,
  studentIds: readonly string[],
): Promise<{ summaries: Map<string, StudentSummary>; courses: Map<string, StudentCourse[]> }> {
  const summaries = new Map<string, StudentSummary>();
  const courses = new Map<string, StudentCourse[]>();
  if (studentIds.length === 0) return { summaries, courses };
  const [active, certificates] = await Promise.all([
    d.enrollmentRepository.activeCoursesOf(tenantId, studentIds, d.clock.now(), { page: 1, pageSize: SUMMARY_COURSES * studentIds.length }),
    d.certificateRepository.countByUsers(tenantId, studentIds),
  ]);
  const courseIds = [...new Set(active.items.map((i) => i.course.id))];
  const progress = await d.progressCalculator(tenantId, studentIds, courseIds);
  for (const item of active.items) {
    const list = courses.get(item.enrollment.userId) ?? [];
    list.push({
      course: item.course,
      enrollment: item.enrollment,
      progress: progress.get(progressKey(item.enrollment.userId, item.course.id))!,
    });
    courses.set(item.enrollment.userId, list);
  }
  for (const id of studentIds) {
    const list = courses.get(id) ?? [];
    const last =
      list
        .map((c) => c.progress.lastActivityAt)
        .filter((t): t is Date => t !== null)
        .sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
    summaries.set(id, {
      coursesEnrolled: list.length,
      coursesCompleted: list.filter((c) => c.progress.completed).length,
      averageProgress: list.length ? Math.round(list.reduce((s, c) => s + c.progress.percentage, 0) / list.length) : 0,
      certificates: certificates.get(id) ?? 0,
      lastActivityAt: last,
    });
  }
  return { summaries, courses };
}

export type LinkedStudentsDeps = Pick<
  LearningDeps,
  'parentLinkRepository' | 'learnerDirectory' | 'enrollmentRepository' | 'certificateRepository' | 'clock'
> & { progressCalculator: ProgressCalculator };

export interface LinkedStudent {
  student: Learner;
  linkedAt: Date;
  summary: StudentSummary;
}

/**
 * A page of the parent's linked students, newest link first, each with a progress summary (no
 * N+1); a link whose student is gone from the directory is left out.
 */
export async function linkedStudentsOf(d: LinkedStudentsDeps, actor: Actor, page: PageRequest): Promise<Page<LinkedStudent>> {
  const links = await d.parentLinkRepository.listLinks(actor.tenantId, actor.userId, page);
  const ids = links.items.map((l) => l.studentId);
  const [learners, { summaries }] = await Promise.all([
    d.learnerDirectory.findManyByIds(actor.tenantId, ids),
    summariseStudents(d, actor.tenantId, ids),
  ]);
  const byId = new Map(learners.map((l) => [l.id, l]));
  return {
    ...links,
    items: links.items
      .filter((l) => byId.has(l.studentId))
      .map((l) => ({ student: byId.get(l.studentId)!, linkedAt: l.createdAt, summary: summaries.get(l.studentId)! })),
  };
}
