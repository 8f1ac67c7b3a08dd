import type { Enrollment } from '../../../domain/learning/enrollment.js';
import type { ProgressStatus } from '../../../domain/learning/progress.js';
import type { Certificate } from '../../../domain/learning/certificate.js';
import { bypassesEnrollment } from '../../../domain/learning/course.js';
import type { Actor } from '../../shared/actor.js';
import { acceptClaim, type LoginClaim, type LoginClaimError } from '../../identity/login-claim.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import { courseAccess } from '../access.js';
import { singleCourseProgress, type CourseProgress } from '../course-progress.js';
import { outlineInOrder, type Outline } from '../outline.js';
import type { CourseQuiz } from '../ports/assessment-ports.js';

export interface CourseDetail extends Outline {
  enrollment: Enrollment | null;
  /** Whether the caller may open lesson content (enrolled, or Mentor and above). */
  canAccess: boolean;
  progress: CourseProgress;
  lessonStatus: Map<string, ProgressStatus>;
  certificate: Certificate | null;
  /** As the quiz list shows them to the caller: published ones, and drafts too for Mentors and above. */
  quizzes: CourseQuiz[];
}

type Deps = Pick<LearningDeps, 'courseRepository' | 'clock'>;

/**
 * The outline plus the caller's enrolment, progress per lesson and course, certificate and quiz
 * results. The caller is an authenticated actor (a write answering the page), or a login claimed
 * by `GET /courses/:id`, read with the page and accepted here (`LoginClaim`).
 */
export const makeGetCourseDetail =
  (d: Deps) =>
  async (caller: Actor | LoginClaim, courseId: string): Promise<Result<CourseDetail, 'COURSE_NOT_FOUND' | LoginClaimError>> => {
    // The whole page in one statement, the quiz list with the caller's results included, which also
    // gives the completion figures (docs/architecture.md, "Read models across contexts").
    const read = await d.courseRepository.findPageForLearner(
      caller.tenantId,
      caller.userId,
      courseId,
      'via' in caller ? caller.loginId : null,
    );
    let actor: Actor;
    if ('via' in caller) {
      const accepted = acceptClaim(read.principal, caller, d.clock.now());
      if (!accepted.ok) return accepted;
      actor = accepted.value;
    } else actor = caller;
    const found = read.page;
    const access = found && courseAccess(found.course, found.enrollment, actor.role, d.clock.now());
    if (!found || !access) return err('COURSE_NOT_FOUND');
    const { course, category, enrollment, certificate, progress: lessonProgress, quizzes } = found;
    const outline = outlineInOrder(course, category, found.modules, found.lessons);
    const required = quizzes.filter((q) => q.required);
    const quizStatus = { required: required.length, passed: required.filter((q) => q.passed).length };
    return ok({
      ...outline,
      enrollment,
      canAccess: access.open,
      progress: singleCourseProgress(actor.userId, courseId, outline.lessons.length, lessonProgress, quizStatus),
      lessonStatus: new Map(lessonProgress.map((p) => [p.lessonId, p.status])),
      certificate,
      quizzes: bypassesEnrollment(actor.role) ? quizzes : required,
    });
  };
