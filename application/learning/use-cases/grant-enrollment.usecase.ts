import type { Enrollment, EnrollmentSource } from '../../../domain/learning/enrollment.js';
import { err, ok, type Result } from '../../shared/result.js';
import { makeGrantEnrollments, type GrantDeps, type GrantEnrollmentError } from './grant-enrollments.usecase.js';

export type { GrantEnrollmentError };

/**
 * The one way into a course, for every source (admin, paid order, subscription, free course).
 * Idempotent: one enrolment per user and course; a re-grant extends a live one (never
 * shortens it) or reactivates an expired or cancelled one (`regrant`). Safe under concurrent
 * grants: insert-if-absent, then the row is locked and updated in one unit of work (which
 * joins the caller's, e.g. commerce's payment transaction). `grantEnrollments` for one course.
 */
export const makeGrantEnrollment = (d: GrantDeps) => {
  const grantMany = makeGrantEnrollments(d);
  return async (
    tenantId: string,
    userId: string,
    courseId: string,
    source: EnrollmentSource,
    expiresAt: Date | null,
    sourceRef: string | null = null,
  ): Promise<Result<{ enrollment: Enrollment; created: boolean }, GrantEnrollmentError>> => {
    const { created, regranted, skipped } = await grantMany(tenantId, userId, [courseId], source, expiresAt, sourceRef);
    if (skipped[0]) return err(skipped[0].reason);
    return created[0] ? ok({ enrollment: created[0], created: true }) : ok({ enrollment: regranted[0]!, created: false });
  };
};

export type GrantEnrollment = ReturnType<typeof makeGrantEnrollment>;
