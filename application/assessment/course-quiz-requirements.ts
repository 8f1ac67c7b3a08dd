import {
  quizKey,
  type CourseQuizRequirements,
  type GradedWorkOnContent,
  type StudentAssignment,
  type StudentAssignmentsReader,
} from '../learning/index.js';
import type { AssessmentDeps } from './deps.js';

/**
 * Learning's `courseQuizRequirements` port (contract §6: a course is complete when every lesson is
 * completed and every published quiz passed): required = the course's published quizzes, passed =
 * those of them with a passed attempt of the user. One grouped query whatever the number of
 * users and courses. Registered under the same name after learning's default.
 */
export const makeCourseQuizRequirements = (d: Pick<AssessmentDeps, 'quizRepository'>): CourseQuizRequirements => ({
  statusMany: (tenantId, userIds, courseIds) => d.quizRepository.requirementStatus(tenantId, userIds, courseIds),
  async status(tenantId, userId, courseId) {
    return (
      (await d.quizRepository.requirementStatus(tenantId, [userId], [courseId])).get(quizKey(userId, courseId)) ?? {
        required: 0,
        passed: 0,
      }
    );
  },
});

/** Learning's `studentAssignmentsReader` port: a student's submissions for their parents, newest first. */
export const makeStudentAssignmentsReader = (d: Pick<AssessmentDeps, 'submissionRepository'>): StudentAssignmentsReader => ({
  async list(tenantId, studentId, page) {
    const found = await d.submissionRepository.list(tenantId, { userId: studentId }, page);
    return {
      ...found,
      items: found.items.map((s): StudentAssignment => ({
        id: s.id,
        lessonId: s.lessonId,
        lessonTitle: s.lessonTitle,
        courseId: s.courseId,
        status: s.status,
        score: s.score,
        feedback: s.feedback,
        submittedAt: s.submittedAt,
        gradedAt: s.gradedAt,
      })),
    };
  },
});

/**
 * Learning's `gradedWorkOnContent` port: what deleting a course, module or lesson would take with it.
 * The quizzes are locked before their attempts are counted, so no attempt starts between the count
 * and the delete of the same unit of work.
 */
export const makeGradedWorkOnContent = (
  d: Pick<AssessmentDeps, 'quizRepository' | 'attemptRepository' | 'submissionRepository'>,
): GradedWorkOnContent => ({
  async attemptsInModule(tenantId, moduleId) {
    return d.attemptRepository.countOnQuizzes(tenantId, await d.quizRepository.lockByModule(tenantId, moduleId));
  },
  async attemptsInCourse(tenantId, courseId) {
    return d.attemptRepository.countOnQuizzes(tenantId, await d.quizRepository.lockByCourse(tenantId, courseId));
  },
  submissionsOnLessons: (tenantId, lessonIds) => d.submissionRepository.count(tenantId, { lessonIds }),
  submissionsInCourse: (tenantId, courseId) => d.submissionRepository.count(tenantId, { courseId }),
});
