import { Role } from '../../domain/identity/role.js';
import type { Actor } from '../shared/actor.js';
import type { DashboardContributor } from '../platform/ports.js';
import type { LearningDeps } from './deps.js';
import type { ProgressCalculator } from './course-progress.js';
import { linkedStudentsOf, summariseStudents, type StudentSummary } from './student-summary.js';
import type { CourseProgress } from './course-progress.js';
import type { Learner } from './ports/learner-directory.js';
import type { CourseStatus } from '../../domain/learning/course.js';

type Deps = Pick<
  LearningDeps,
  | 'courseRepository'
  | 'enrollmentRepository'
  | 'certificateRepository'
  | 'parentLinkRepository'
  | 'learnerDirectory'
  | 'categoryRepository'
  | 'clock'
> & {
  progressCalculator: ProgressCalculator;
};

/** The `learning` section, by the caller's role. */
export type LearningSection =
  | {
      kind: 'student';
      summary: StudentSummary;
      coursesInProgress: number;
      continueLearning: Array<{ courseId: string; title: string; progress: CourseProgress }>;
    }
  | { kind: 'parent'; linkedStudents: number; students: Array<{ learner: Learner; summary: StudentSummary }> }
  | {
      kind: 'staff';
      coursesPublished: number;
      activeEnrollments: number;
      enrollmentsLast30Days: number;
      certificatesIssued: number;
      certificatesLast30Days: number;
      /** Admins only. */
      catalogue?: { coursesByStatus: Record<CourseStatus, number>; categories: number };
    };

const DAY_MS = 86_400_000;
const CONTINUE_LIMIT = 5;

/**
 * The `learning` section of `GET /api/dashboard/overview`, shaped by role:
 * students: their courses, what to continue, certificates; parents: their children's progress;
 * mentors: the catalogue and enrolment activity they teach in; admins: that plus the catalogue by status.
 */
export const makeLearningDashboard = (d: Deps): DashboardContributor<LearningSection> => {
  const student = async (actor: Actor): Promise<LearningSection> => {
    const { summaries, courses } = await summariseStudents(d, actor.tenantId, [actor.userId]);
    const mine = courses.get(actor.userId) ?? [];
    const recent = [...mine]
      .filter((c) => !c.progress.completed)
      .sort((a, b) => (b.progress.lastActivityAt?.getTime() ?? 0) - (a.progress.lastActivityAt?.getTime() ?? 0))
      .slice(0, CONTINUE_LIMIT);
    return {
      kind: 'student',
      summary: summaries.get(actor.userId)!,
      coursesInProgress: mine.filter((c) => !c.progress.completed && c.progress.percentage > 0).length,
      continueLearning: recent.map((c) => ({ courseId: c.course.id, title: c.course.title, progress: c.progress })),
    };
  };

  const parent = async (actor: Actor): Promise<LearningSection> => {
    const linked = await linkedStudentsOf(d, actor, { page: 1, pageSize: 20 });
    return {
      kind: 'parent',
      linkedStudents: linked.total,
      students: linked.items.map((s) => ({ learner: s.student, summary: s.summary })),
    };
  };

  const staff = async (actor: Actor): Promise<LearningSection> => {
    const now = d.clock.now();
    const since = new Date(now.getTime() - 30 * DAY_MS);
    const [byStatus, active, recent, certificates, certificatesRecent, categories] = await Promise.all([
      d.courseRepository.countByStatus(actor.tenantId),
      d.enrollmentRepository.countActive(actor.tenantId, now),
      d.enrollmentRepository.countActive(actor.tenantId, now, { since }),
      d.certificateRepository.count(actor.tenantId),
      d.certificateRepository.count(actor.tenantId, { since }),
      d.categoryRepository.listAll(actor.tenantId),
    ]);
    const base = {
      kind: 'staff' as const,
      coursesPublished: byStatus.published,
      activeEnrollments: active,
      enrollmentsLast30Days: recent,
      certificatesIssued: certificates,
      certificatesLast30Days: certificatesRecent,
    };
    if (actor.role < Role.Admin) return base;
    return { ...base, catalogue: { coursesByStatus: byStatus, categories: categories.length } };
  };

  return {
    section: 'learning',
    async contribute(actor) {
      if (actor.role >= Role.Mentor) return staff(actor);
      if (actor.role >= Role.Parent) return parent(actor);
      return student(actor);
    },
  };
};
