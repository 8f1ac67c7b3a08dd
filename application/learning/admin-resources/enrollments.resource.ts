import { type EnrollmentSource, type EnrollmentStatus } from '../../../domain/learning/enrollment.js';
import type { EnrollmentListing } from '../ports/enrollment-repository.js';
import { err, ok } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { GrantEnrollment } from '../use-cases/grant-enrollment.usecase.js';
import { removeRecord, audit, type AdminResource, type ListQuery } from './common.js';

export interface EnrollmentInput {
  userId: string;
  courseId: string;
  status?: EnrollmentStatus | undefined;
  source?: EnrollmentSource | undefined;
  expiresAt?: Date | null | undefined;
}
export interface EnrollmentQuery extends ListQuery {
  userId?: string | undefined;
  courseId?: string | undefined;
  status?: EnrollmentStatus | undefined;
}

/**
 * Enrolments by hand. Create is a grant (source `admin` unless told): idempotent per user and
 * course, extending or reactivating an existing one. Update sets status and expiry as given
 * (an admin may shorten or cancel); delete removes the enrolment (progress stays for a re-grant).
 */
export const makeEnrollmentsResource = (
  d: Pick<LearningDeps, 'enrollmentRepository' | 'auditLog' | 'clock' | 'uow'> & { grantEnrollment: GrantEnrollment },
): AdminResource<EnrollmentListing, EnrollmentInput, Partial<Omit<EnrollmentInput, 'userId' | 'courseId'>>, EnrollmentQuery> => {
  const listing = (tenantId: string, id: string) => d.enrollmentRepository.findListing(tenantId, id);
  return {
    list: (tenantId, query, page) => d.enrollmentRepository.list(tenantId, query, d.clock.now(), page),
    async create(actor, meta, input) {
      return d.uow.run(async () => {
        const granted = await d.grantEnrollment(
          actor.tenantId,
          input.userId,
          input.courseId,
          input.source ?? 'admin',
          input.expiresAt ?? null,
        );
        if (!granted.ok)
          return err('UNKNOWN_REFERENCE', granted.error === 'COURSE_NOT_FOUND' ? 'course_id: no such course' : 'user_id: no such user');
        let enrollment = granted.value.enrollment;
        if (input.status && input.status !== 'active') {
          enrollment = { ...enrollment, status: input.status, updatedAt: d.clock.now() };
          await d.enrollmentRepository.update(enrollment);
        }
        await audit(d, actor, meta, 'enrollments', 'create', enrollment.id, {
          user_id: input.userId,
          course_id: input.courseId,
          source: enrollment.source,
          created: granted.value.created,
        });
        return ok((await listing(actor.tenantId, enrollment.id))!);
      });
    },
    async update(actor, meta, id, input) {
      return d.uow.run(async () => {
        const current = await d.enrollmentRepository.findById(actor.tenantId, id);
        if (!current) return err('RECORD_NOT_FOUND');
        const updated = {
          ...current,
          status: input.status ?? current.status,
          source: input.source ?? current.source,
          expiresAt: input.expiresAt === undefined ? current.expiresAt : input.expiresAt,
          updatedAt: d.clock.now(),
        };
        await d.enrollmentRepository.update(updated);
        await audit(d, actor, meta, 'enrollments', 'update', id, { status: { from: current.status, to: updated.status } });
        return ok((await listing(actor.tenantId, id))!);
      });
    },
    remove: (actor, meta, id) => removeRecord(d, actor, meta, 'enrollments', id, () => d.enrollmentRepository.delete(actor.tenantId, id)),
  };
};
