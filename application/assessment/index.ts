/**
 * The assessment context's public API (style rule 8). Registered names (composition/modules/
 * assessment.module.ts), listed after learning so that learning's default ports are replaced:
 *
 * - `courseQuizRequirements` (learning's CourseQuizRequirements): published quizzes of a course and
 *   those a learner has passed; course completion needs them all.
 * - `studentAssignmentsReader` (learning's StudentAssignmentsReader): a student's submissions for
 *   the parent views.
 * - `assessmentDashboard`: the `assessment` section of the dashboard overview.
 *
 * Assessment uses learning only through `application/learning/index.ts` (`learningAccess`,
 * `evaluateCourseCompletion`).
 */
export { makeCourseQuizRequirements, makeStudentAssignmentsReader } from './course-quiz-requirements.js';
export { makeAssessmentDashboard } from './assessment-dashboard.js';
export { EXPIRE_ATTEMPTS_JOB } from './use-cases/expire-overdue-attempts.usecase.js';
