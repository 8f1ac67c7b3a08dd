import { asFunction, asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { makeLearningAccess } from '../../application/learning/access.js';
import { makeLearningCatalog } from '../../application/learning/learning-catalog.js';
import { makeProgressCalculator } from '../../application/learning/course-progress.js';
import { noGradedWork, noQuizRequirements, noStudentAssignments } from '../../application/learning/ports/assessment-ports.js';
import { noCategorySubscribers } from '../../application/learning/ports/category-subscribers.js';
import { noSalesRecords } from '../../application/learning/ports/sales-records.js';
import { makeLearningDashboard } from '../../application/learning/learning-dashboard.js';
import { makeListCourses } from '../../application/learning/use-cases/list-courses.usecase.js';
import { makeGetPublicOutline } from '../../application/learning/use-cases/get-public-outline.usecase.js';
import { makeGetCourseDetail } from '../../application/learning/use-cases/get-course-detail.usecase.js';
import { makeListMyCourses } from '../../application/learning/use-cases/list-my-courses.usecase.js';
import { makeListCategories } from '../../application/learning/use-cases/list-categories.usecase.js';
import { makeCreateCourse } from '../../application/learning/use-cases/create-course.usecase.js';
import { makeUpdateCourse } from '../../application/learning/use-cases/update-course.usecase.js';
import { makeDeleteCourse } from '../../application/learning/use-cases/delete-course.usecase.js';
import { makeListModules } from '../../application/learning/use-cases/list-modules.usecase.js';
import { makeListLessons } from '../../application/learning/use-cases/list-lessons.usecase.js';
import { makeGetLesson } from '../../application/learning/use-cases/get-lesson.usecase.js';
import { makeCreateModule } from '../../application/learning/use-cases/create-module.usecase.js';
import { makeUpdateModule } from '../../application/learning/use-cases/update-module.usecase.js';
import { makeDeleteModule } from '../../application/learning/use-cases/delete-module.usecase.js';
import { makeReorderModules } from '../../application/learning/use-cases/reorder-modules.usecase.js';
import { makeCreateLesson } from '../../application/learning/use-cases/create-lesson.usecase.js';
import { makeUpdateLesson } from '../../application/learning/use-cases/update-lesson.usecase.js';
import { makeDeleteLesson } from '../../application/learning/use-cases/delete-lesson.usecase.js';
import { makeGrantEnrollment } from '../../application/learning/use-cases/grant-enrollment.usecase.js';
import { makeRevokeEnrollments } from '../../application/learning/use-cases/revoke-enrollments.usecase.js';
import { makeEnrollInFreeCourse } from '../../application/learning/use-cases/enroll-in-free-course.usecase.js';
import { makeEvaluateCourseCompletion } from '../../application/learning/use-cases/evaluate-course-completion.usecase.js';
import { makeRecordProgress } from '../../application/learning/use-cases/record-progress.usecase.js';
import { makeContinueLesson } from '../../application/learning/use-cases/continue-lesson.usecase.js';
import { makeGetMyCertificate } from '../../application/learning/use-cases/get-my-certificate.usecase.js';
import { makeRenderCertificatePdf } from '../../application/learning/use-cases/render-certificate-pdf.usecase.js';
import { makeListMyCertificates } from '../../application/learning/use-cases/list-my-certificates.usecase.js';
import { makeVerifyCertificate } from '../../application/learning/use-cases/verify-certificate.usecase.js';
import { makeGetCertificateTemplate } from '../../application/learning/use-cases/get-certificate-template.usecase.js';
import { makeSaveCertificateTemplate } from '../../application/learning/use-cases/save-certificate-template.usecase.js';
import { makeDeleteCertificateTemplate } from '../../application/learning/use-cases/delete-certificate-template.usecase.js';
import { makeUploadCertificateBackground } from '../../application/learning/use-cases/upload-certificate-background.usecase.js';
import { makeIssueLinkingCode } from '../../application/learning/use-cases/issue-linking-code.usecase.js';
import { makeLinkStudent } from '../../application/learning/use-cases/link-student.usecase.js';
import { makeUnlinkStudent } from '../../application/learning/use-cases/unlink-student.usecase.js';
import { makeListLinkedStudents } from '../../application/learning/use-cases/list-linked-students.usecase.js';
import { makeGetLinkedStudent } from '../../application/learning/use-cases/get-linked-student.usecase.js';
import { makeListLinkedStudentAssignments } from '../../application/learning/use-cases/list-linked-student-assignments.usecase.js';
import { makeGetParentDashboard } from '../../application/learning/use-cases/get-parent-dashboard.usecase.js';
import { makeInviteParent } from '../../application/learning/use-cases/invite-parent.usecase.js';
import { makeAcceptParentInvitation } from '../../application/learning/use-cases/accept-parent-invitation.usecase.js';
import { makeCourseCategoriesResource } from '../../application/learning/admin-resources/course-categories.resource.js';
import { makeLearningAssetsResource, makeLibraryItemsResource } from '../../application/learning/admin-resources/content-items.resource.js';
import { makePricingResource } from '../../application/learning/admin-resources/pricing.resource.js';
import { makeSubscriptionPlansResource } from '../../application/learning/admin-resources/subscription-plans.resource.js';
import { makeStudentsResource } from '../../application/learning/admin-resources/students.resource.js';
import { makeEnrollmentsResource } from '../../application/learning/admin-resources/enrollments.resource.js';
import { makePromoCodesResource } from '../../application/learning/admin-resources/promo-codes.resource.js';
import {
  makeCategoryPgRepository,
  makeCoursePgRepository,
  makeLessonPgRepository,
  makeModulePgRepository,
} from '../../adapters/persistence/pg/catalog.pg-repository.js';
import { makeEnrollmentPgRepository } from '../../adapters/persistence/pg/enrollment.pg-repository.js';
import { makeProgressPgRepository } from '../../adapters/persistence/pg/progress.pg-repository.js';
import { makeCertificatePgRepository } from '../../adapters/persistence/pg/certificate.pg-repository.js';
import { makeParentLinkPgRepository } from '../../adapters/persistence/pg/parent-link.pg-repository.js';
import { makeParentInvitationPgRepository } from '../../adapters/persistence/pg/parent-invitation.pg-repository.js';
import { makeLearnerDirectoryPg } from '../../adapters/persistence/pg/learner-directory.pg-repository.js';
import {
  makeLearningAssetStore,
  makeLibraryItemStore,
  makePricingStore,
  makePromoCodeStore,
} from '../../adapters/persistence/pg/record-store.pg-repository.js';
import { makeStudentProfilePgRepository, makeSubscriptionPlanPgRepository } from '../../adapters/persistence/pg/admin.pg-repositories.js';
import { pdfkitCertificateRenderer } from '../../adapters/gateways/certificates/pdfkit-certificate-renderer.js';
import { makeLearningCatalogRoutes } from '../../adapters/http/routes/learning-catalog.routes.js';
import { makeLearningCertificateRoutes } from '../../adapters/http/routes/learning-certificates.routes.js';
import { makeLearningParentRoutes } from '../../adapters/http/routes/learning-parents.routes.js';
import { makeLearningAdminResourceRoutes } from '../../adapters/http/routes/learning-admin-resources.routes.js';

/**
 * Learning: catalogue, enrolment, progress, certificates, parents, admin resources.
 * Names other contexts resolve (see application/learning/index.ts): `learningAccess`,
 * `learningCatalog`, `grantEnrollment`, `evaluateCourseCompletion`. Names they may replace by registering them
 * again in a module listed after this one: `courseQuizRequirements`, `studentAssignmentsReader`,
 * `gradedWorkOnContent` (assessment), `categorySubscribers` and `salesRecords` (commerce).
 */
export const learningModule: AppModule = {
  name: 'learning',
  registrations: (config) => ({
    publicUrl: asValue(config.publicUrl),
    parentInvitationPage: asValue(`${config.publicUrl}/parent-invitation`),
    courseRepository: asFunction(makeCoursePgRepository).singleton(),
    categoryRepository: asFunction(makeCategoryPgRepository).singleton(),
    moduleRepository: asFunction(makeModulePgRepository).singleton(),
    lessonRepository: asFunction(makeLessonPgRepository).singleton(),
    enrollmentRepository: asFunction(makeEnrollmentPgRepository).singleton(),
    progressRepository: asFunction(makeProgressPgRepository).singleton(),
    certificateRepository: asFunction(makeCertificatePgRepository).singleton(),
    parentLinkRepository: asFunction(makeParentLinkPgRepository).singleton(),
    parentInvitationRepository: asFunction(makeParentInvitationPgRepository).singleton(),
    learnerDirectory: asFunction(makeLearnerDirectoryPg).singleton(),
    learningAssetStore: asFunction(makeLearningAssetStore).singleton(),
    libraryItemStore: asFunction(makeLibraryItemStore).singleton(),
    pricingStore: asFunction(makePricingStore).singleton(),
    promoCodeStore: asFunction(makePromoCodeStore).singleton(),
    subscriptionPlanRepository: asFunction(makeSubscriptionPlanPgRepository).singleton(),
    studentProfileRepository: asFunction(makeStudentProfilePgRepository).singleton(),
    courseQuizRequirements: asValue(noQuizRequirements),
    studentAssignmentsReader: asValue(noStudentAssignments),
    gradedWorkOnContent: asValue(noGradedWork),
    categorySubscribers: asValue(noCategorySubscribers),
    salesRecords: asValue(noSalesRecords),
    certificateRenderer: asValue(pdfkitCertificateRenderer),

    learningAccess: asFunction(makeLearningAccess).singleton(),
    learningCatalog: asFunction(makeLearningCatalog).singleton(),
    progressCalculator: asFunction(makeProgressCalculator).singleton(),
    learningDashboard: asFunction(makeLearningDashboard).singleton(),
    listCourses: asFunction(makeListCourses).singleton(),
    getPublicOutline: asFunction(makeGetPublicOutline).singleton(),
    getCourseDetail: asFunction(makeGetCourseDetail).singleton(),
    listMyCourses: asFunction(makeListMyCourses).singleton(),
    listCategories: asFunction(makeListCategories).singleton(),
    createCourse: asFunction(makeCreateCourse).singleton(),
    updateCourse: asFunction(makeUpdateCourse).singleton(),
    deleteCourse: asFunction(makeDeleteCourse).singleton(),
    listModules: asFunction(makeListModules).singleton(),
    listLessons: asFunction(makeListLessons).singleton(),
    getLesson: asFunction(makeGetLesson).singleton(),
    createModule: asFunction(makeCreateModule).singleton(),
    updateModule: asFunction(makeUpdateModule).singleton(),
    deleteModule: asFunction(makeDeleteModule).singleton(),
    reorderModules: asFunction(makeReorderModules).singleton(),
    createLesson: asFunction(makeCreateLesson).singleton(),
    updateLesson: asFunction(makeUpdateLesson).singleton(),
    deleteLesson: asFunction(makeDeleteLesson).singleton(),
    grantEnrollment: asFunction(makeGrantEnrollment).singleton(),
    revokeEnrollments: asFunction(makeRevokeEnrollments).singleton(),
    enrollInFreeCourse: asFunction(makeEnrollInFreeCourse).singleton(),
    evaluateCourseCompletion: asFunction(makeEvaluateCourseCompletion).singleton(),
    recordProgress: asFunction(makeRecordProgress).singleton(),
    continueLesson: asFunction(makeContinueLesson).singleton(),
    getMyCertificate: asFunction(makeGetMyCertificate).singleton(),
    renderCertificatePdf: asFunction(makeRenderCertificatePdf).singleton(),
    listMyCertificates: asFunction(makeListMyCertificates).singleton(),
    verifyCertificate: asFunction(makeVerifyCertificate).singleton(),
    getCertificateTemplate: asFunction(makeGetCertificateTemplate).singleton(),
    saveCertificateTemplate: asFunction(makeSaveCertificateTemplate).singleton(),
    deleteCertificateTemplate: asFunction(makeDeleteCertificateTemplate).singleton(),
    uploadCertificateBackground: asFunction(makeUploadCertificateBackground).singleton(),
    issueLinkingCode: asFunction(makeIssueLinkingCode).singleton(),
    linkStudent: asFunction(makeLinkStudent).singleton(),
    unlinkStudent: asFunction(makeUnlinkStudent).singleton(),
    listLinkedStudents: asFunction(makeListLinkedStudents).singleton(),
    getLinkedStudent: asFunction(makeGetLinkedStudent).singleton(),
    listLinkedStudentAssignments: asFunction(makeListLinkedStudentAssignments).singleton(),
    getParentDashboard: asFunction(makeGetParentDashboard).singleton(),
    inviteParent: asFunction(makeInviteParent).singleton(),
    acceptParentInvitation: asFunction(makeAcceptParentInvitation).singleton(),
    courseCategoriesResource: asFunction(makeCourseCategoriesResource).singleton(),
    learningAssetsResource: asFunction(makeLearningAssetsResource).singleton(),
    libraryItemsResource: asFunction(makeLibraryItemsResource).singleton(),
    pricingResource: asFunction(makePricingResource).singleton(),
    subscriptionPlansResource: asFunction(makeSubscriptionPlansResource).singleton(),
    studentsResource: asFunction(makeStudentsResource).singleton(),
    enrollmentsResource: asFunction(makeEnrollmentsResource).singleton(),
    promoCodesResource: asFunction(makePromoCodesResource).singleton(),

    learningCatalogRoutes: asFunction(makeLearningCatalogRoutes).singleton(),
    learningCertificateRoutes: asFunction(makeLearningCertificateRoutes).singleton(),
    learningParentRoutes: asFunction(makeLearningParentRoutes).singleton(),
    learningAdminResourceRoutes: asFunction(makeLearningAdminResourceRoutes).singleton(),
  }),
  routes: ['learningCatalogRoutes', 'learningCertificateRoutes', 'learningParentRoutes', 'learningAdminResourceRoutes'],
  dashboard: ['learningDashboard'],
};
