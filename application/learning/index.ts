/**
 * The learning context's public API (style rule 8): other contexts use only what is exported
 * here, resolved from the container under the names given.
 *
 * - `learningAccess` (LearningAccess): enrolment and access checks, lesson → module → course,
 *   a lesson's text, parent links, course ids of categories.
 * - `grantEnrollment` (GrantEnrollment): the one way into a course for every source; idempotent.
 *   `grantEnrollments` (GrantEnrollments): the same for many courses of one user, in few statements.
 * - `revokeEnrollments` (RevokeEnrollments): cancels what one source granted (a refunded order).
 * - `evaluateCourseCompletion` (EvaluateCourseCompletion): call after a quiz is passed; issues the
 *   certificate once when the course is complete.
 * - `learningCatalog` (LearningCatalog): courses with their price, subscription plans, category
 *   prices and promo codes as stored by the admin resources (commerce builds on them).
 * - Ports other contexts implement and register under the same name (after learning, in their `overrides`):
 *   `courseQuizRequirements` (CourseQuizRequirements), `studentAssignmentsReader`
 *   (StudentAssignmentsReader) and `gradedWorkOnContent` (GradedWorkOnContent); learning's defaults
 *   answer "no quizzes", "no assignments" and "no graded work".
 */
export { makeLearningAccess, type LearningAccess, type CourseCaller } from './access.js';
export { makeLearningCatalog, type LearningCatalog } from './learning-catalog.js';
export type { GrantEnrollment, GrantEnrollmentError } from './use-cases/grant-enrollment.usecase.js';
export type { GrantEnrollments } from './use-cases/grant-enrollments.usecase.js';
export type { RevokeEnrollments } from './use-cases/revoke-enrollments.usecase.js';
export type { EvaluateCourseCompletion, CompletionOutcome } from './use-cases/evaluate-course-completion.usecase.js';
export {
  noQuizRequirements,
  noStudentAssignments,
  noGradedWork,
  quizKey,
  type CourseQuizRequirements,
  type GradedWorkOnContent,
  type QuizStatus,
  type StudentAssignmentsReader,
  type StudentAssignment,
} from './ports/assessment-ports.js';
export type { CategorySubscriber, CategorySubscribers } from './ports/category-subscribers.js';
export type { SalesRecords } from './ports/sales-records.js';
export type { Course, CourseModule, Lesson, CourseStatus } from '../../domain/learning/course.js';
export type { Enrollment, EnrollmentSource, EnrollmentStatus } from '../../domain/learning/enrollment.js';
export { isEnrollmentActive } from '../../domain/learning/enrollment.js';
export type { Certificate } from '../../domain/learning/certificate.js';
export type { SubscriptionPlan, Pricing, PromoCode } from './ports/admin-repositories.js';
export { isExactPermutation } from '../../domain/learning/reorder.js';
