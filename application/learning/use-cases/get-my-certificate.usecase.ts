import type { Certificate } from '../../../domain/learning/certificate.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningAccess } from '../access.js';
import type { EvaluateCourseCompletion } from './evaluate-course-completion.usecase.js';

/**
 * The caller's certificate of a course. A complete course without one yet (a lesson was
 * removed, a quiz outcome arrived late) issues it now: completion is re-evaluated, idempotently.
 */
export const makeGetMyCertificate =
  (d: { learningAccess: LearningAccess; evaluateCourseCompletion: EvaluateCourseCompletion }) =>
  async (actor: Actor, courseId: string): Promise<Result<Certificate, 'COURSE_NOT_FOUND' | 'CERTIFICATE_NOT_FOUND'>> => {
    const found = await d.learningAccess.courseFor(actor, courseId);
    if (!found.ok) return found;
    const { certificate } = await d.evaluateCourseCompletion(actor.tenantId, actor.userId, courseId);
    return certificate ? ok(certificate) : err('CERTIFICATE_NOT_FOUND');
  };

export type GetMyCertificate = ReturnType<typeof makeGetMyCertificate>;
