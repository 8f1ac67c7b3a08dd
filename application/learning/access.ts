import { bypassesEnrollment, canSeeCourse, type Course, type CourseModule, type Lesson } from '../../domain/learning/course.js';
import { isEnrollmentActive, type Enrollment } from '../../domain/learning/enrollment.js';
import type { RoleLevel } from '../../domain/identity/role.js';
import { err, ok, type Result } from '../shared/result.js';
import type { LearningDeps } from './deps.js';

export interface CourseCaller {
  tenantId: string;
  userId: string;
  role: RoleLevel;
}

/**
 * Whether the caller may see the course and open its gated content, given their enrolment:
 * null when it is hidden from them (drafts to students).
 */
export function courseAccess(
  course: Course,
  enrollment: Enrollment | null,
  role: RoleLevel,
  now: Date,
): { enrolled: boolean; open: boolean } | null {
  const enrolled = enrollment !== null && isEnrollmentActive(enrollment, now);
  if (!canSeeCourse(course, role, enrolled)) return null;
  return { enrolled, open: enrolled || bypassesEnrollment(role) };
}

export type AccessDeps = Pick<
  LearningDeps,
  'courseRepository' | 'moduleRepository' | 'lessonRepository' | 'enrollmentRepository' | 'parentLinkRepository' | 'clock'
>;

/**
 * The read side of learning that every context may use (through `application/learning/index.ts`):
 * enrolment and access checks, lesson → module → course resolution, a lesson's text, parent links.
 * Everything is scoped by tenant: another tenant's id resolves to null.
 */
export const makeLearningAccess = (d: AccessDeps) => {
  const access = {
    /** An active, unexpired enrolment. */
    async isEnrolled(tenantId: string, userId: string, courseId: string): Promise<boolean> {
      const e = await d.enrollmentRepository.find(tenantId, userId, courseId);
      return e !== null && isEnrollmentActive(e, d.clock.now());
    },

    /** Content access (contract §5): enrolled, or Mentor and above. */
    async canAccessCourse(caller: CourseCaller, courseId: string): Promise<boolean> {
      if (bypassesEnrollment(caller.role)) return (await d.courseRepository.findById(caller.tenantId, courseId)) !== null;
      return access.isEnrolled(caller.tenantId, caller.userId, courseId);
    },

    /**
     * The course as the caller may see it, and whether its gated content is open to them:
     * COURSE_NOT_FOUND when it does not exist or is hidden from them (drafts), else
     * `{course, enrollment, enrolled, open}`.
     */
    async courseFor(
      caller: CourseCaller,
      courseId: string,
    ): Promise<Result<{ course: Course; enrollment: Enrollment | null; enrolled: boolean; open: boolean }, 'COURSE_NOT_FOUND'>> {
      // The course and the caller's enrolment in one round trip.
      const found = await d.courseRepository.findForLearner(caller.tenantId, caller.userId, courseId);
      if (!found) return err('COURSE_NOT_FOUND');
      const { course, enrollment } = found;
      const seen = courseAccess(course, enrollment, caller.role, d.clock.now());
      return seen ? ok({ course, enrollment, ...seen }) : err('COURSE_NOT_FOUND');
    },

    /**
     * Gate of lesson content, quizzes and assignments (contract §5): NOT_ENROLLED (403) for a
     * visible course the caller may not open; COURSE_NOT_FOUND for one they may not see.
     */
    async requireContentAccess(caller: CourseCaller, courseId: string): Promise<Result<Course, 'COURSE_NOT_FOUND' | 'NOT_ENROLLED'>> {
      const found = await access.courseFor(caller, courseId);
      if (!found.ok) return found;
      return found.value.open ? ok(found.value.course) : err('NOT_ENROLLED');
    },

    async resolveLesson(tenantId: string, lessonId: string): Promise<{ lesson: Lesson; module: CourseModule; course: Course } | null> {
      const lesson = await d.lessonRepository.findById(tenantId, lessonId);
      if (!lesson) return null;
      const [module, course] = await Promise.all([
        d.moduleRepository.findById(tenantId, lesson.moduleId),
        d.courseRepository.findById(tenantId, lesson.courseId),
      ]);
      return module && course ? { lesson, module, course } : null;
    },

    async resolveModule(tenantId: string, moduleId: string): Promise<{ module: CourseModule; course: Course } | null> {
      const module = await d.moduleRepository.findById(tenantId, moduleId);
      if (!module) return null;
      const course = await d.courseRepository.findById(tenantId, module.courseId);
      return course ? { module, course } : null;
    },

    /** A lesson's text for the AI assistant: title, description and body. */
    async lessonContent(
      tenantId: string,
      lessonId: string,
    ): Promise<{
      lessonId: string;
      courseId: string;
      moduleId: string;
      title: string;
      description: string | null;
      content: string | null;
      contentType: string;
      contentUrl: string | null;
    } | null> {
      const l = await d.lessonRepository.findById(tenantId, lessonId);
      return l
        ? {
            lessonId: l.id,
            courseId: l.courseId,
            moduleId: l.moduleId,
            title: l.title,
            description: l.description,
            content: l.content,
            contentType: l.contentType,
            contentUrl: l.contentUrl,
          }
        : null;
    },

    async moduleIdsOfCourse(tenantId: string, courseId: string): Promise<string[]> {
      return (await d.moduleRepository.listByCourse(tenantId, courseId)).map((m) => m.id);
    },

    /** Every course of these categories but archived ones: a subscription plan grants them all. */
    courseIdsOfCategories(tenantId: string, categoryIds: readonly string[]): Promise<string[]> {
      return categoryIds.length ? d.courseRepository.idsOfCategories(tenantId, categoryIds) : Promise.resolve([]);
    },

    isParentOf(tenantId: string, parentId: string, studentId: string): Promise<boolean> {
      return d.parentLinkRepository.isLinked(tenantId, parentId, studentId);
    },

    linkedStudentIds(tenantId: string, parentId: string): Promise<string[]> {
      return d.parentLinkRepository.studentIdsOf(tenantId, parentId);
    },
  };
  return access;
};

export type LearningAccess = ReturnType<typeof makeLearningAccess>;
