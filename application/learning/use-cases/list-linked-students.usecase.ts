import type { Actor } from '../../shared/actor.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { LearningDeps } from '../deps.js';
import type { ProgressCalculator } from '../course-progress.js';
import type { Learner } from '../ports/learner-directory.js';
import { summariseStudents, type StudentSummary } from '../student-summary.js';

export interface LinkedStudent {
  student: Learner;
  linkedAt: Date;
  summary: StudentSummary;
}

type Deps = Pick<LearningDeps, 'parentLinkRepository' | 'learnerDirectory' | 'enrollmentRepository' | 'certificateRepository' | 'clock'> & {
  progressCalculator: ProgressCalculator;
};

/** The caller's linked students, newest link first, each with a progress summary (no N+1). */
export const makeListLinkedStudents =
  (d: Deps) =>
  async (actor: Actor, page: PageRequest): Promise<Page<LinkedStudent>> => {
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
  };
