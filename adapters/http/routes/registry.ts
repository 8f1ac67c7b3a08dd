import { makePlatformRoutes } from './platform.routes.js';
import { makeFileRoutes } from './files.routes.js';
import { makeRegionRoutes } from './regions.routes.js';
import { makeAuthRoutes } from './auth.routes.js';
import { makeUserRoutes } from './users.routes.js';
import { makeTenantRoutes } from './tenants.routes.js';
import { makePasskeyRoutes } from './passkeys.routes.js';
import { makeLearningCatalogRoutes } from './learning-catalog.routes.js';
import { makeLearningCertificateRoutes } from './learning-certificates.routes.js';
import { makeLearningParentRoutes } from './learning-parents.routes.js';
import { makeLearningAdminResourceRoutes } from './learning-admin-resources.routes.js';
import { makeEngagementScheduleRoutes } from './engagement-schedule.routes.js';
import { makeEngagementChatRoutes } from './engagement-chat.routes.js';
import { makeCommerceRoutes } from './commerce.routes.js';
import { makeCommercePaygateRoutes } from './commerce-paygate.routes.js';
import { makeMailRoutes } from './mail.routes.js';
import { makeCrmRoutes } from './crm.routes.js';
import { makeWebhooksRoutes } from './webhooks.routes.js';
import { makeAssessmentQuizAdminRoutes } from './assessment-quiz-admin.routes.js';
import { makeAssessmentQuizRoutes } from './assessment-quiz.routes.js';
import { makeAssessmentAssignmentRoutes } from './assessment-assignments.routes.js';
import { makeAssessmentQuestionBankRoutes } from './assessment-question-bank.routes.js';

// Each context's route modules, under the names the container gives them (in the order they are mounted).

export const platformRoutes = {
  platformRoutes: makePlatformRoutes,
  fileRoutes: makeFileRoutes,
  regionRoutes: makeRegionRoutes,
};

export const identityRoutes = {
  authRoutes: makeAuthRoutes,
  userRoutes: makeUserRoutes,
  tenantRoutes: makeTenantRoutes,
};

export const passkeyRoutes = {
  passkeyRoutes: makePasskeyRoutes,
};

export const learningRoutes = {
  learningCatalogRoutes: makeLearningCatalogRoutes,
  learningCertificateRoutes: makeLearningCertificateRoutes,
  learningParentRoutes: makeLearningParentRoutes,
  learningAdminResourceRoutes: makeLearningAdminResourceRoutes,
};

export const engagementRoutes = {
  engagementScheduleRoutes: makeEngagementScheduleRoutes,
  engagementChatRoutes: makeEngagementChatRoutes,
};

export const commerceRoutes = {
  commerceRoutes: makeCommerceRoutes,
  commercePaygateRoutes: makeCommercePaygateRoutes,
  mailRoutes: makeMailRoutes,
};

export const crmRoutes = {
  crmRoutes: makeCrmRoutes,
};

export const webhooksRoutes = {
  webhooksRoutes: makeWebhooksRoutes,
};

export const assessmentRoutes = {
  assessmentQuizAdminRoutes: makeAssessmentQuizAdminRoutes,
  assessmentQuizRoutes: makeAssessmentQuizRoutes,
  assessmentAssignmentRoutes: makeAssessmentAssignmentRoutes,
  assessmentQuestionBankRoutes: makeAssessmentQuestionBankRoutes,
};
