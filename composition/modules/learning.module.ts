import { asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { learningRoutes } from '../../adapters/http/routes/registry.js';
import { learningRepositories } from '../../adapters/persistence/pg/registry.js';
import { learningUseCases } from '../../application/learning/registry.js';
import { noGradedWork, noQuizRequirements, noStudentAssignments } from '../../application/learning/ports/assessment-ports.js';
import { noCategorySubscribers } from '../../application/learning/ports/category-subscribers.js';
import { noSalesRecords } from '../../application/learning/ports/sales-records.js';
import { pdfkitCertificateRenderer } from '../../adapters/gateways/certificates/pdfkit-certificate-renderer.js';

/**
 * Learning: catalogue, enrolment, progress, certificates, parents, admin resources.
 * Names other contexts resolve (see application/learning/index.ts): `learningAccess`,
 * `learningCatalog`, `grantEnrollment`, `grantEnrollments`, `evaluateCourseCompletion`. Names they may replace by registering them
 * again in a module listed after this one, which names them in its `overrides`: `courseQuizRequirements`,
 * `studentAssignmentsReader`, `gradedWorkOnContent` (assessment), `categorySubscribers` and `salesRecords` (commerce).
 */
export const learningModule: AppModule = {
  name: 'learning',
  registrations: (config) => ({
    publicUrl: asValue(config.publicUrl),
    parentInvitationPage: asValue(`${config.publicUrl}/parent-invitation`),
    ...factories(learningRepositories),
    courseQuizRequirements: asValue(noQuizRequirements),
    studentAssignmentsReader: asValue(noStudentAssignments),
    gradedWorkOnContent: asValue(noGradedWork),
    categorySubscribers: asValue(noCategorySubscribers),
    salesRecords: asValue(noSalesRecords),
    certificateRenderer: asValue(pdfkitCertificateRenderer),

    ...factories(learningUseCases),

    ...factories(learningRoutes),
  }),
  routes: Object.keys(learningRoutes),
  dashboard: ['learningDashboard'],
};
