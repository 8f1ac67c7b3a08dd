import type { Enrollment } from '../../../domain/learning/enrollment.js';
import type { ProgressStatus } from '../../../domain/learning/progress.js';
import type { Certificate } from '../../../domain/learning/certificate.js';
import type { Actor } from '../../shared/actor.js';
import { ok, type Result } from '../../shared/result.js';
import type { LearningDeps } from '../deps.js';
import type { LearningAccess } from '../access.js';
import { progressKey, type CourseProgress, type ProgressCalculator } from '../course-progress.js';
import { loadOutline, type Outline } from '../outline.js';

export interface CourseDetail extends Outline {
  enrollment: Enrollment | null;
  /** Whether the caller may open lesson content (enrolled, or Mentor and above). */
  canAccess: boolean;
  progress: CourseProgress;
  lessonStatus: Map<string, ProgressStatus>;
  certificate: Certificate | null;
}

type Deps = Pick<LearningDeps, 'courseRepository' | 'categoryRepository' | 'moduleRepository' | 'lessonRepository' | 'enrollmentRepository' | 'progressRepository' | 'certificateRepository'> & {
  learningAccess: LearningAccess;
  progressCalculator: ProgressCalculator;
};

/** The outline plus the caller's enrolment, progress per lesson and course, and certificate. */
export const makeGetCourseDetail = (d: Deps) =>
  async (actor: Actor, courseId: string): Promise<Result<CourseDetail, 'COURSE_NOT_FOUND'>> => {
    const found = await d.learningAccess.courseFor(actor, courseId);
    if (!found.ok) return found;
    const { course, open } = found.value;
    const [outline, enrollment, lessonProgress, progress, certificate] = await Promise.all([
      loadOutline(d, course),
      d.enrollmentRepository.find(actor.tenantId, actor.userId, courseId),
      d.progressRepository.listForCourse(actor.tenantId, actor.userId, courseId),
      d.progressCalculator(actor.tenantId, [actor.userId], [courseId]),
      d.certificateRepository.find(actor.tenantId, actor.userId, courseId),
    ]);
    return ok({
      ...outline, enrollment, canAccess: open, progress: progress.get(progressKey(actor.userId, courseId))!,
      lessonStatus: new Map(lessonProgress.map((p) => [p.lessonId, p.status])), certificate,
    });
  };
