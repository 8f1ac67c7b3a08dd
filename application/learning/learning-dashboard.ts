import { Role } from '../../domain/identity/role.js';
import type { Actor } from '../shared/actor.js';
import type { DashboardContributor } from '../platform/ports.js';
import type { LearningDeps } from './deps.js';
import type { ProgressCalculator } from './course-progress.js';
import { courseProgressView, learnerView, studentSummaryView } from './presenters.js';
import { summariseStudents } from './student-summary.js';

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

const DAY_MS = 86_400_000;
const CONTINUE_LIMIT = 5;

/**
 * The `learning` section of `GET /api/dashboard/overview`, shaped by role:
 * students: their courses, what to continue, certificates; parents: their children's progress;
 * mentors: the catalogue and enrolment activity they teach in; admins: that plus the catalogue by status.
 */
export const makeLearningDashboard = (d: Deps): DashboardContributor => {
  const student = async (actor: Actor) => {
    const { summaries, courses } = await summariseStudents(d, actor.tenantId, [actor.userId]);
    const mine = courses.get(actor.userId) ?? [];
    const recent = [...mine]
      .filter((c) => !c.progress.completed)
      .sort((a, b) => (b.progress.lastActivityAt?.getTime() ?? 0) - (a.progress.lastActivityAt?.getTime() ?? 0))
      .slice(0, CONTINUE_LIMIT);
    return {
      ...studentSummaryView(summaries.get(actor.userId)!),
      courses_in_progress: mine.filter((c) => !c.progress.completed && c.progress.percentage > 0).length,
      continue_learning: recent.map((c) => ({ course_id: c.course.id, title: c.course.title, ...courseProgressView(c.progress) })),
    };
  };

  const parent = async (actor: Actor) => {
    const links = await d.parentLinkRepository.listLinks(actor.tenantId, actor.userId, { page: 1, pageSize: 20 });
    const ids = links.items.map((l) => l.studentId);
    const [learners, { summaries }] = await Promise.all([
      d.learnerDirectory.findManyByIds(actor.tenantId, ids),
      summariseStudents(d, actor.tenantId, ids),
    ]);
    const byId = new Map(learners.map((l) => [l.id, l]));
    return {
      linked_students: links.total,
      students: ids
        .filter((id) => byId.has(id))
        .map((id) => ({ ...learnerView(byId.get(id)!), ...studentSummaryView(summaries.get(id)!) })),
    };
  };

  const staff = async (actor: Actor) => {
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
      courses_published: byStatus.published,
      active_enrollments: active,
      enrollments_last_30_days: recent,
      certificates_issued: certificates,
      certificates_last_30_days: certificatesRecent,
    };
    if (actor.role < Role.Admin) return base;
    return { ...base, courses_by_status: byStatus, categories: categories.length };
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
