import { Role } from '../../domain/identity/role.js';
import type { DashboardContributor } from '../platform/ports.js';
import type { AssessmentDeps } from './deps.js';

/** The `assessment` section, shaped by the caller's role. */
export type AssessmentSection =
  | { kind: 'mentor'; gradingQueue: number }
  | { kind: 'admin'; gradingQueue: number; attemptsToday: number; quizzesPublished: number }
  | { kind: 'student'; quizzesInProgress: number; assignmentsPendingGrade: number; assignmentsGraded: number };

/**
 * The `assessment` section of `GET /api/dashboard/overview`: students see their running quiz
 * attempts and assignments waiting for a grade; mentors the grading queue; admins also the quiz
 * attempts started today (UTC) and published quizzes. Parents get nothing here (their children's
 * assignments are in the parent views).
 */
export const makeAssessmentDashboard = (
  d: Pick<AssessmentDeps, 'quizRepository' | 'attemptRepository' | 'submissionRepository' | 'clock'>,
): DashboardContributor<AssessmentSection> => ({
  section: 'assessment',
  async contribute(actor) {
    const now = d.clock.now();
    if (actor.role >= Role.Mentor) {
      const pending = await d.submissionRepository.count(actor.tenantId, { status: 'submitted', authorRoleBelow: actor.role });
      if (actor.role < Role.Admin) return { kind: 'mentor', gradingQueue: pending };
      const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const [attemptsToday, published] = await Promise.all([
        d.attemptRepository.countStartedSince(actor.tenantId, today),
        d.quizRepository.countPublished(actor.tenantId),
      ]);
      return { kind: 'admin', gradingQueue: pending, attemptsToday, quizzesPublished: published };
    }
    if (actor.role >= Role.Parent) return null;
    const [running, pending, graded] = await Promise.all([
      d.attemptRepository.countRunning(actor.tenantId, actor.userId, now),
      d.submissionRepository.count(actor.tenantId, { userId: actor.userId, status: 'submitted' }),
      d.submissionRepository.count(actor.tenantId, { userId: actor.userId, status: 'graded' }),
    ]);
    return { kind: 'student', quizzesInProgress: running, assignmentsPendingGrade: pending, assignmentsGraded: graded };
  },
});
