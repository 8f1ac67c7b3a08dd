import type { EnrollmentSource } from '../../../domain/learning/enrollment.js';
import type { LearningDeps } from '../deps.js';

type Deps = Pick<LearningDeps, 'enrollmentRepository' | 'clock'>;

/**
 * The reverse of a grant: the active enrolments one source gave (an order, a subscription) are
 * cancelled, e.g. when its payment is refunded. An enrolment since re-granted by another source
 * carries that source now and stays.
 */
export const makeRevokeEnrollments =
  ({ enrollmentRepository, clock }: Deps) =>
  (tenantId: string, source: EnrollmentSource, sourceRef: string): Promise<number> =>
    enrollmentRepository.cancelBySource(tenantId, source, sourceRef, clock.now());

export type RevokeEnrollments = ReturnType<typeof makeRevokeEnrollments>;
