import type { Built } from '../shared/registry.js';
import type { LearningDeps } from './deps.js';
import { makeLearningAccess } from './access.js';
import { makeLearningCatalog } from './learning-catalog.js';
import { makeProgressCalculator } from './course-progress.js';
import { makeLearningDashboard } from './learning-dashboard.js';
import { makeListCourses } from './use-cases/list-courses.usecase.js';
import { makeGetPublicOutline } from './use-cases/get-public-outline.usecase.js';
import { makeGetCourseDetail } from './use-cases/get-course-detail.usecase.js';
import { makeListMyCourses } from './use-cases/list-my-courses.usecase.js';
import { makeListCategories } from './use-cases/list-categories.usecase.js';
import { makeCreateCourse } from './use-cases/create-course.usecase.js';
import { makeUpdateCourse } from './use-cases/update-course.usecase.js';
import { makeDeleteCourse } from './use-cases/delete-course.usecase.js';
import { makeListModules } from './use-cases/list-modules.usecase.js';
import { makeListLessons } from './use-cases/list-lessons.usecase.js';
import { makeGetLesson } from './use-cases/get-lesson.usecase.js';
import { makeCreateModule } from './use-cases/create-module.usecase.js';
import { makeUpdateModule } from './use-cases/update-module.usecase.js';
import { makeDeleteModule } from './use-cases/delete-module.usecase.js';
import { makeReorderModules } from './use-cases/reorder-modules.usecase.js';
import { makeCreateLesson } from './use-cases/create-lesson.usecase.js';
import { makeUpdateLesson } from './use-cases/update-lesson.usecase.js';
import { makeDeleteLesson } from './use-cases/delete-lesson.usecase.js';
import { makeGrantEnrollment } from './use-cases/grant-enrollment.usecase.js';
import { makeGrantEnrollments } from './use-cases/grant-enrollments.usecase.js';
import { makeRevokeEnrollments } from './use-cases/revoke-enrollments.usecase.js';
import { makeEnrollInFreeCourse } from './use-cases/enroll-in-free-course.usecase.js';
import { makeEvaluateCourseCompletion } from './use-cases/evaluate-course-completion.usecase.js';
import { makeRecordProgress } from './use-cases/record-progress.usecase.js';
import { makeContinueLesson } from './use-cases/continue-lesson.usecase.js';
import { makeGetMyCertificate } from './use-cases/get-my-certificate.usecase.js';
import { makeRenderCertificatePdf } from './use-cases/render-certificate-pdf.usecase.js';
import { makeListMyCertificates } from './use-cases/list-my-certificates.usecase.js';
import { makeVerifyCertificate } from './use-cases/verify-certificate.usecase.js';
import { makeGetCertificateTemplate } from './use-cases/get-certificate-template.usecase.js';
import { makeSaveCertificateTemplate } from './use-cases/save-certificate-template.usecase.js';
import { makeDeleteCertificateTemplate } from './use-cases/delete-certificate-template.usecase.js';
import { makeUploadCertificateBackground } from './use-cases/upload-certificate-background.usecase.js';
import { makeIssueLinkingCode } from './use-cases/issue-linking-code.usecase.js';
import { makeLinkStudent } from './use-cases/link-student.usecase.js';
import { makeUnlinkStudent } from './use-cases/unlink-student.usecase.js';
import { makeListLinkedStudents } from './use-cases/list-linked-students.usecase.js';
import { makeGetLinkedStudent } from './use-cases/get-linked-student.usecase.js';
import { makeListLinkedStudentAssignments } from './use-cases/list-linked-student-assignments.usecase.js';
import { makeGetParentDashboard } from './use-cases/get-parent-dashboard.usecase.js';
import { makeInviteParent } from './use-cases/invite-parent.usecase.js';
import { makeAcceptParentInvitation } from './use-cases/accept-parent-invitation.usecase.js';
import { makeCourseCategoriesResource } from './admin-resources/course-categories.resource.js';
import { makeLearningAssetsResource } from './admin-resources/content-items.resource.js';
import { makeLibraryItemsResource } from './admin-resources/content-items.resource.js';
import { makePricingResource } from './admin-resources/pricing.resource.js';
import { makeSubscriptionPlansResource } from './admin-resources/subscription-plans.resource.js';
import { makeStudentsResource } from './admin-resources/students.resource.js';
import { makeEnrollmentsResource } from './admin-resources/enrollments.resource.js';
import { makePromoCodesResource } from './admin-resources/promo-codes.resource.js';

/** Learning's use cases and services, each under the name the container gives it (one line each). */
export const learningUseCases = {
  learningAccess: makeLearningAccess,
  learningCatalog: makeLearningCatalog,
  progressCalculator: makeProgressCalculator,
  learningDashboard: makeLearningDashboard,
  listCourses: makeListCourses,
  getPublicOutline: makeGetPublicOutline,
  getCourseDetail: makeGetCourseDetail,
  listMyCourses: makeListMyCourses,
  listCategories: makeListCategories,
  createCourse: makeCreateCourse,
  updateCourse: makeUpdateCourse,
  deleteCourse: makeDeleteCourse,
  listModules: makeListModules,
  listLessons: makeListLessons,
  getLesson: makeGetLesson,
  createModule: makeCreateModule,
  updateModule: makeUpdateModule,
  deleteModule: makeDeleteModule,
  reorderModules: makeReorderModules,
  createLesson: makeCreateLesson,
  updateLesson: makeUpdateLesson,
  deleteLesson: makeDeleteLesson,
  grantEnrollment: makeGrantEnrollment,
  grantEnrollments: makeGrantEnrollments,
  revokeEnrollments: makeRevokeEnrollments,
  enrollInFreeCourse: makeEnrollInFreeCourse,
  evaluateCourseCompletion: makeEvaluateCourseCompletion,
  recordProgress: makeRecordProgress,
  continueLesson: makeContinueLesson,
  getMyCertificate: makeGetMyCertificate,
  renderCertificatePdf: makeRenderCertificatePdf,
  listMyCertificates: makeListMyCertificates,
  verifyCertificate: makeVerifyCertificate,
  getCertificateTemplate: makeGetCertificateTemplate,
  saveCertificateTemplate: makeSaveCertificateTemplate,
  deleteCertificateTemplate: makeDeleteCertificateTemplate,
  uploadCertificateBackground: makeUploadCertificateBackground,
  issueLinkingCode: makeIssueLinkingCode,
  linkStudent: makeLinkStudent,
  unlinkStudent: makeUnlinkStudent,
  listLinkedStudents: makeListLinkedStudents,
  getLinkedStudent: makeGetLinkedStudent,
  listLinkedStudentAssignments: makeListLinkedStudentAssignments,
  getParentDashboard: makeGetParentDashboard,
  inviteParent: makeInviteParent,
  acceptParentInvitation: makeAcceptParentInvitation,
  courseCategoriesResource: makeCourseCategoriesResource,
  learningAssetsResource: makeLearningAssetsResource,
  libraryItemsResource: makeLibraryItemsResource,
  pricingResource: makePricingResource,
  subscriptionPlansResource: makeSubscriptionPlansResource,
  studentsResource: makeStudentsResource,
  enrollmentsResource: makeEnrollmentsResource,
  promoCodesResource: makePromoCodesResource,
};

/** What the container holds for this context: its ports (deps.ts) and what its table builds; route modules `Pick` from it. */
export type LearningRegistry = LearningDeps & Built<typeof learningUseCases>;
