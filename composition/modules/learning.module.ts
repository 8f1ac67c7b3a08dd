import { asFunction, asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { learningUseCases } from '../../application/learning/registry.js';
import { noGradedWork, noQuizRequirements, noStudentAssignments } from '../../application/learning/ports/assessment-ports.js';
import { noCategorySubscribers } from '../../application/learning/ports/category-subscribers.js';
import { noSalesRecords } from '../../application/learning/ports/sales-records.js';
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

    ...factories(learningUseCases),

    learningCatalogRoutes: asFunction(makeLearningCatalogRoutes).singleton(),
    learningCertificateRoutes: asFunction(makeLearningCertificateRoutes).singleton(),
    learningParentRoutes: asFunction(makeLearningParentRoutes).singleton(),
    learningAdminResourceRoutes: asFunction(makeLearningAdminResourceRoutes).singleton(),
  }),
  routes: ['learningCatalogRoutes', 'learningCertificateRoutes', 'learningParentRoutes', 'learningAdminResourceRoutes'],
  dashboard: ['learningDashboard'],
};
