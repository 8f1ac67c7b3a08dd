import type { Actor } from '../../shared/actor.js';
import type { LearningDeps } from '../deps.js';
import type { ProgressCalculator } from '../course-progress.js';
import type { Learner } from '../ports/learner-directory.js';
import { summariseStudents, type StudentCourse, type StudentSummary } from '../student-summary.js';

export interface ParentDashboard {
  students: Array<{ student: Learner; summary: StudentSummary; courses: StudentCourse[] }>;
  totals: { students: number; coursesEnrolled: number; coursesCompleted: number; certificates: number };
}

/** Up to this many children are shown on the dashboard (the students list pages the rest). */
const DASHBOARD_STUDENTS = 50;

type Deps = Pick<LearningDeps, 'parentLinkRepository' | 'learnerDirectory' | 'enrollmentRepository' | 'certificateRepository' | 'clock'> & {
  progressCalculator: ProgressCalculator;
};

/** What a parent wants first: each child's courses, progress, completions and last activity. */
export const makeGetParentDashboard =
  (d: Deps) =>
  async (actor: Actor): Promise<ParentDashboard> => {
    const links = await d.parentLinkRepository.listLinks(actor.tenantId, actor.userId, { page: 1, pageSize: DASHBOARD_STUDENTS });
    const ids = links.items.map((l) => l.studentId);
    const [learners, { summaries, courses }] = await Promise.all([
      d.learnerDirectory.findManyByIds(actor.tenantId, ids),
      summariseStudents(d, actor.tenantId, ids),
    ]);
    const byId = new Map(learners.map((l) => [l.id, l]));
    // Newest link first, as the students list.
    const students = ids
      .filter((id) => byId.has(id))
      .map((id) => ({ student: byId.get(id)!, summary: summaries.get(id)!, courses: courses.get(id) ?? [] }));
    return {
      students,
      totals: {
        students: links.total,
        coursesEnrolled: students.reduce((s, x) => s + x.summary.coursesEnrolled, 0),
        coursesCompleted: students.reduce((s, x) => s + x.summary.coursesCompleted, 0),
        certificates: students.reduce((s, x) => s + x.summary.certificates, 0),
      },
    };
  };
