import { makeSettingsPgRepository, makeAuditLogPg, makeMailPgRepository } from './platform.pg-repositories.js';
import { makeFilePgRepository } from './file.pg-repository.js';
import { makeUserPgRepository } from './user.pg-repository.js';
import { makeLoginPgRepository } from './login.pg-repository.js';
import { makeTenantPgRepository } from './tenant.pg-repository.js';
import { makeTenantDeletionPgRepository } from './tenant-deletion.pg-repository.js';
import { makeVerificationCodePgRepository } from './verification-code.pg-repository.js';
import { makePasswordResetPgRepository } from './password-reset.pg-repository.js';
import { makePasskeyPgRepository } from './passkey.pg-repository.js';
import {
  makeCoursePgRepository,
  makeCategoryPgRepository,
  makeModulePgRepository,
  makeLessonPgRepository,
} from './catalog.pg-repository.js';
import { makeEnrollmentPgRepository } from './enrollment.pg-repository.js';
import { makeProgressPgRepository } from './progress.pg-repository.js';
import { makeCertificatePgRepository } from './certificate.pg-repository.js';
import { makeParentLinkPgRepository } from './parent-link.pg-repository.js';
import { makeParentInvitationPgRepository } from './parent-invitation.pg-repository.js';
import { makeLearnerDirectoryPg } from './learner-directory.pg-repository.js';
import { makeLearningAssetStore, makeLibraryItemStore, makePricingStore, makePromoCodeStore } from './record-store.pg-repository.js';
import { makeSubscriptionPlanPgRepository, makeStudentProfilePgRepository } from './admin.pg-repositories.js';
import { makeScheduleItemPgRepository, makeScheduleTemplatePgRepository, makeFeedTokenPgRepository } from './schedule.pg-repository.js';
import { makeChatPgRepository, makeAiMessagePgRepository } from './chat.pg-repository.js';
import {
  makeOrderPgRepository,
  makePaymentPgRepository,
  makeSubscriptionPgRepository,
  makePromoCodeReservationsPg,
} from './commerce.pg-repositories.js';
import { makeBroadcastPgRepository, makeMailEventPgRepository } from './mail.pg-repositories.js';
import {
  makeLeadPgRepository,
  makeDeliveryPgRepository,
  makeIntegrationPgRepository,
  makeAutomationPgRepository,
} from './crm.pg-repositories.js';
import { makePeopleDirectoryPg, makeCustomerRecordsPg, makeLeadAnalyticsPg } from './crm-customers.pg-repository.js';
import { makeWebhookEndpointPgRepository, makeOutboundDeliveryPgRepository } from './webhooks.pg-repositories.js';
import {
  makeQuizPgRepository,
  makeQuestionPgRepository,
  makeAttemptPgRepository,
  makeQuizResultsPgReader,
  makeSubmissionPgRepository,
} from './assessment.pg-repositories.js';
import { makeQuestionBankPgRepository } from './question-bank.pg-repository.js';
import { makeResponseCountsPgReader } from './response-counts.pg-repository.js';

// Each context's repositories and read models on PostgreSQL/PGlite, under the names the container gives them.

export const platformRepositories = {
  settingsRepository: makeSettingsPgRepository,
  auditLog: makeAuditLogPg,
  mailRepository: makeMailPgRepository,
  fileRepository: makeFilePgRepository,
};

export const identityRepositories = {
  userRepository: makeUserPgRepository,
  loginRepository: makeLoginPgRepository,
  tenantRepository: makeTenantPgRepository,
  tenantDeletionRepository: makeTenantDeletionPgRepository,
  verificationCodeRepository: makeVerificationCodePgRepository,
  passwordResetRepository: makePasswordResetPgRepository,
};

export const passkeyRepositories = {
  passkeyRepository: makePasskeyPgRepository,
};

export const learningRepositories = {
  courseRepository: makeCoursePgRepository,
  categoryRepository: makeCategoryPgRepository,
  moduleRepository: makeModulePgRepository,
  lessonRepository: makeLessonPgRepository,
  enrollmentRepository: makeEnrollmentPgRepository,
  progressRepository: makeProgressPgRepository,
  certificateRepository: makeCertificatePgRepository,
  parentLinkRepository: makeParentLinkPgRepository,
  parentInvitationRepository: makeParentInvitationPgRepository,
  learnerDirectory: makeLearnerDirectoryPg,
  learningAssetStore: makeLearningAssetStore,
  libraryItemStore: makeLibraryItemStore,
  pricingStore: makePricingStore,
  promoCodeStore: makePromoCodeStore,
  subscriptionPlanRepository: makeSubscriptionPlanPgRepository,
  studentProfileRepository: makeStudentProfilePgRepository,
};

export const engagementRepositories = {
  scheduleItemRepository: makeScheduleItemPgRepository,
  scheduleTemplateRepository: makeScheduleTemplatePgRepository,
  feedTokenRepository: makeFeedTokenPgRepository,
  chatRepository: makeChatPgRepository,
  aiMessageRepository: makeAiMessagePgRepository,
};

export const commerceRepositories = {
  orderRepository: makeOrderPgRepository,
  paymentRepository: makePaymentPgRepository,
  subscriptionRepository: makeSubscriptionPgRepository,
  promoCodeReservations: makePromoCodeReservationsPg,
  broadcastRepository: makeBroadcastPgRepository,
  mailEventRepository: makeMailEventPgRepository,
};

export const crmRepositories = {
  leadRepository: makeLeadPgRepository,
  deliveryRepository: makeDeliveryPgRepository,
  integrationRepository: makeIntegrationPgRepository,
  automationRepository: makeAutomationPgRepository,
  peopleDirectory: makePeopleDirectoryPg,
  customerRecords: makeCustomerRecordsPg,
  leadAnalytics: makeLeadAnalyticsPg,
};

export const webhooksRepositories = {
  webhookEndpointRepository: makeWebhookEndpointPgRepository,
  outboundDeliveryRepository: makeOutboundDeliveryPgRepository,
};

export const assessmentRepositories = {
  quizRepository: makeQuizPgRepository,
  questionRepository: makeQuestionPgRepository,
  attemptRepository: makeAttemptPgRepository,
  quizResultsReader: makeQuizResultsPgReader,
  responseCountsReader: makeResponseCountsPgReader,
  submissionRepository: makeSubmissionPgRepository,
  questionBankRepository: makeQuestionBankPgRepository,
};
