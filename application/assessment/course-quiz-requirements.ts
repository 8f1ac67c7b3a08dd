import { quizKey, type CourseQuizRequirements, type QuizStatus, type StudentAssignment, type StudentAssignmentsReader } from '../learning/index.js';
import type { AssessmentDeps } from './deps.js';

/**
 * Learning's `courseQuizRequirements` port (contract §6: a course is complete when every lesson is
 * completed and every published quiz passed): required = the course's published quizzes, passed =
 * those of them with a passed attempt of the user. One grouped query whatever the number of
 * users and courses. Registered under the same name after learning's default.
 */
export const makeCourseQuizRequirements = (d: Pick<AssessmentDeps, 'quizRepository'>): CourseQuizRequirements => {
  const statusMany = async (tenantId: string, userIds: readonly string[], courseIds: readonly string[]): Promise<Map<string, QuizStatus>> => {
    if (userIds.length === 0 || courseIds.length === 0) return new Map();
    return d.quizRepository.requirementStatus(tenantId, userIds, courseIds);
  };
  return {
    statusMany,
    async status(tenantId, userId, courseId) {
      return (await statusMany(tenantId, [userId], [courseId])).get(quizKey(userId, courseId)) ?? { required: 0, passed: 0 };
    },
  };
};

/** Learning's `studentAssignmentsReader` port: a student's submissions for their parents, newest first. */
export const makeStudentAssignmentsReader = (d: Pick<AssessmentDeps, 'submissionRepository'>): StudentAssignmentsReader => ({
  async list(tenantId, studentId, page) {
    const found = await d.submissionRepository.list(tenantId, { userId: studentId }, page);
    return {
      ...found,
      items: found.items.map((s): StudentAssignment => ({
        id: s.id, lessonId: s.lessonId, lessonTitle: s.lessonTitle, courseId: s.courseId, status: s.status, score: s.score, feedback: s.feedback,
        submittedAt: s.submittedAt, gradedAt: s.gradedAt,
      })),
    };
  },
});
