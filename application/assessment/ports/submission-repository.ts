import type { Submission, SubmissionStatus } from '../../../domain/assessment/assignment.js';
import type { Page, PageRequest } from '../../shared/ports.js';
import type { RoleLevel } from '../../../domain/identity/role.js';

/** A submission with what lists show beside it. */
export interface SubmissionView extends Submission {
  student: { id: string; displayName: string; email: string } | null;
  lessonTitle: string | null;
  courseTitle: string | null;
}

export type SubmitOutcome = { outcome: 'created' | 'resubmitted'; submission: Submission } | { outcome: 'graded' };

export interface LessonAssignmentSummary {
  lessonId: string;
  lessonTitle: string | null;
  total: number;
  pending: number;
  graded: number;
  averageScore: number | null;
}

export interface SubmissionFilter {
  status?: SubmissionStatus | undefined;
  courseId?: string | undefined;
  lessonId?: string | undefined;
  /** Any of these lessons (none given: no submission matches). */
  lessonIds?: readonly string[] | undefined;
  userId?: string | undefined;
  /** Only submissions of users whose role is below this one (a grader's queue: spec hierarchy rule 1). */
  authorRoleBelow?: RoleLevel | undefined;
}

export interface SubmissionRepository {
  findById(tenantId: string, id: string): Promise<Submission | null>;
  findByUserLesson(tenantId: string, userId: string, lessonId: string): Promise<Submission | null>;
  /**
   * The first submission of (user, lesson), or a resubmission that replaces file and notes while it
   * is not graded, decided by the database in one statement (`graded`: nothing was written).
   */
  submit(submission: Submission): Promise<SubmitOutcome>;
  /** Writes the grade; null when there is no such submission. */
  grade(
    tenantId: string,
    id: string,
    grade: { score: number; feedback: string | null; gradedBy: string; gradedAt: Date },
  ): Promise<Submission | null>;
  /**
   * Submissions with their student, lesson and course titles. Order: oldest first when listing
   * `submitted` ones (a grading queue), else newest first.
   */
  list(tenantId: string, filter: SubmissionFilter, page: PageRequest): Promise<Page<SubmissionView>>;
  /** Per lesson of the course that has submissions (course order): counts and mean score. */
  courseSummary(tenantId: string, courseId: string, userId?: string): Promise<LessonAssignmentSummary[]>;
  count(tenantId: string, filter: SubmissionFilter): Promise<number>;
}
