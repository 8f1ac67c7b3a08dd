import type { Course } from '../../../domain/learning/course.js';
import type { Enrollment, EnrollmentStatus } from '../../../domain/learning/enrollment.js';
import type { Page, PageRequest } from '../../shared/ports.js';

export interface EnrollmentFilter {
  userId?: string;
  courseId?: string;
  /** Effective status at `now` (an active enrolment past its expiry counts as expired). */
  status?: EnrollmentStatus;
  /** Matches the user's name or email or the course title. */
  search?: string;
}

export interface EnrollmentListing {
  enrollment: Enrollment;
  user: { id: string; email: string; displayName: string };
  course: { id: string; title: string };
}

export interface EnrollmentRepository {
  findById(tenantId: string, id: string): Promise<Enrollment | null>;
  /** One enrolment with its user and course, as the admin list shows it. */
  findListing(tenantId: string, id: string): Promise<EnrollmentListing | null>;
  find(tenantId: string, userId: string, courseId: string): Promise<Enrollment | null>;
  /** Enrolments of one user for these courses, in one query. */
  findForCourses(tenantId: string, userId: string, courseIds: readonly string[]): Promise<Enrollment[]>;
  /** Inserts each whose user has no enrolment in its course yet; the ids of those inserted. */
  insertManyIfAbsent(enrollments: readonly Enrollment[]): Promise<string[]>;
  /**
   * The enrolments of these (user, course) pairs, those that exist, locked for the rest of the unit
   * of work (SELECT … FOR UPDATE), in one statement (none asked: none read).
   */
  lockPairs(tenantId: string, pairs: ReadonlyArray<{ userId: string; courseId: string }>): Promise<Enrollment[]>;
  update(enrollment: Enrollment): Promise<void>;
  /** Writes each one's grant (status, source, source_ref, expires_at, updated_at), all in one statement. */
  updateGrants(enrollments: readonly Enrollment[]): Promise<void>;
  /** Cancels the active enrolments a grant made (a refunded order, a refunded subscription); how many. */
  cancelBySource(tenantId: string, source: Enrollment['source'], sourceRef: string, at: Date): Promise<number>;
  delete(tenantId: string, id: string): Promise<boolean>;
  /** Active (at `now`), non-draft courses of the users with their enrolment, newest enrolment first. */
  activeCoursesOf(
    tenantId: string,
    userIds: readonly string[],
    now: Date,
    page: PageRequest,
  ): Promise<Page<{ enrollment: Enrollment; course: Course }>>;
  list(tenantId: string, filter: EnrollmentFilter, now: Date, page: PageRequest): Promise<Page<EnrollmentListing>>;
  countActive(tenantId: string, now: Date, filter?: { since?: Date; userIds?: readonly string[] }): Promise<number>;
}
