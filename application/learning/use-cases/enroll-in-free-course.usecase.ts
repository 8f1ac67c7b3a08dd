import { isFree, isPublic } from '../../../domain/learning/course.js';
import type { Enrollment } from '../../../domain/learning/enrollment.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { GrantEnrollment } from './grant-enrollment.usecase.js';

/** `POST /api/lms/courses/:id/enroll`: published courses whose price is 0 (contract §5); paid ones go through an order. */
export const makeEnrollInFreeCourse =
  (d: Pick<LearningDeps, 'courseRepository'> & { grantEnrollment: GrantEnrollment }) =>
  async (actor: Actor, courseId: string): Promise<Result<Enrollment, 'COURSE_NOT_FOUND' | 'COURSE_NOT_FREE' | 'USER_NOT_FOUND'>> => {
    const course = await d.courseRepository.findById(actor.tenantId, courseId);
    if (!course || !isPublic(course)) return err('COURSE_NOT_FOUND');
    if (!isFree(course)) return err('COURSE_NOT_FREE');
    const granted = await d.grantEnrollment(actor.tenantId, actor.userId, courseId, 'free', null);
    return granted.ok ? ok(granted.value.enrollment) : granted;
  };
