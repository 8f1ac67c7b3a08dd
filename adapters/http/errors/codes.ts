import type { ErrorsOf } from '../../../application/shared/result.js';
import type { AdminResourceError } from '../../../application/learning/admin-resources/common.js';
import type * as identityAuthenticate from '../../../application/identity/use-cases/authenticate.usecase.js';
import type * as identityBeginDiscoverablePasskeyLogin from '../../../application/identity/use-cases/begin-discoverable-passkey-login.usecase.js';
import type * as identityBeginPasskeyLogin from '../../../application/identity/use-cases/begin-passkey-login.usecase.js';
import type * as identityBeginPasskeyRegistration from '../../../application/identity/use-cases/begin-passkey-registration.usecase.js';
import type * as identityBootstrapRootAdmin from '../../../application/identity/use-cases/bootstrap-root-admin.usecase.js';
import type * as identityClaimLogin from '../../../application/identity/use-cases/claim-login.usecase.js';
import type * as identityChangeOwnPassword from '../../../application/identity/use-cases/change-own-password.usecase.js';
import type * as identityCreateTenant from '../../../application/identity/use-cases/create-tenant.usecase.js';
import type * as identityCreateUser from '../../../application/identity/use-cases/create-user.usecase.js';
import type * as identityDeleteOwnAccount from '../../../application/identity/use-cases/delete-own-account.usecase.js';
import type * as identityDeleteOwnPasskey from '../../../application/identity/use-cases/delete-own-passkey.usecase.js';
import type * as identityDeleteTenant from '../../../application/identity/use-cases/delete-tenant.usecase.js';
import type * as identityDeleteUser from '../../../application/identity/use-cases/delete-user.usecase.js';
import type * as identityFinishPasskeyLogin from '../../../application/identity/use-cases/finish-passkey-login.usecase.js';
import type * as identityFinishPasskeyRegistration from '../../../application/identity/use-cases/finish-passkey-registration.usecase.js';
import type * as identityGetOwnProfile from '../../../application/identity/use-cases/get-own-profile.usecase.js';
import type * as identityGetTenant from '../../../application/identity/use-cases/get-tenant.usecase.js';
import type * as identityGetUser from '../../../application/identity/use-cases/get-user.usecase.js';
import type * as identityListOwnPasskeys from '../../../application/identity/use-cases/list-own-passkeys.usecase.js';
import type * as identityListTenants from '../../../application/identity/use-cases/list-tenants.usecase.js';
import type * as identityListUsers from '../../../application/identity/use-cases/list-users.usecase.js';
import type * as identityLogin from '../../../application/identity/use-cases/login.usecase.js';
import type * as identityLogout from '../../../application/identity/use-cases/logout.usecase.js';
import type * as identityPurgeTenant from '../../../application/identity/use-cases/purge-tenant.usecase.js';
import type * as identityRefreshSession from '../../../application/identity/use-cases/refresh-session.usecase.js';
import type * as identityRegister from '../../../application/identity/use-cases/register.usecase.js';
import type * as identityRenameOwnPasskey from '../../../application/identity/use-cases/rename-own-passkey.usecase.js';
import type * as identityRequestPasswordReset from '../../../application/identity/use-cases/request-password-reset.usecase.js';
import type * as identityResetPassword from '../../../application/identity/use-cases/reset-password.usecase.js';
import type * as identityResolveTenant from '../../../application/identity/use-cases/resolve-tenant.usecase.js';
import type * as identityResumeTenantDeletions from '../../../application/identity/use-cases/resume-tenant-deletions.usecase.js';
import type * as identitySendVerificationCode from '../../../application/identity/use-cases/send-verification-code.usecase.js';
import type * as identitySetAdminPassword from '../../../application/identity/use-cases/set-admin-password.usecase.js';
import type * as identityUpdateOwnProfile from '../../../application/identity/use-cases/update-own-profile.usecase.js';
import type * as identityUpdateTenant from '../../../application/identity/use-cases/update-tenant.usecase.js';
import type * as identityUpdateUser from '../../../application/identity/use-cases/update-user.usecase.js';
import type * as platformDashboardOverview from '../../../application/platform/use-cases/dashboard-overview.usecase.js';
import type * as platformDeleteFile from '../../../application/platform/use-cases/delete-file.usecase.js';
import type * as platformDeliverMail from '../../../application/platform/use-cases/deliver-mail.usecase.js';
import type * as platformGetAdminSettings from '../../../application/platform/use-cases/get-admin-settings.usecase.js';
import type * as platformGetBroadcast from '../../../application/platform/use-cases/get-broadcast.usecase.js';
import type * as platformGetMailerLog from '../../../application/platform/use-cases/get-mailer-log.usecase.js';
import type * as platformGetPublicSettings from '../../../application/platform/use-cases/get-public-settings.usecase.js';
import type * as platformListAuditLogs from '../../../application/platform/use-cases/list-audit-logs.usecase.js';
import type * as platformListDistricts from '../../../application/platform/use-cases/list-districts.usecase.js';
import type * as platformListFiles from '../../../application/platform/use-cases/list-files.usecase.js';
import type * as platformListMailerLogs from '../../../application/platform/use-cases/list-mailer-logs.usecase.js';
import type * as platformListOutbox from '../../../application/platform/use-cases/list-outbox.usecase.js';
import type * as platformListProvinces from '../../../application/platform/use-cases/list-provinces.usecase.js';
import type * as platformListRegencies from '../../../application/platform/use-cases/list-regencies.usecase.js';
import type * as platformMailerLogStats from '../../../application/platform/use-cases/mailer-log-stats.usecase.js';
import type * as platformOpenFile from '../../../application/platform/use-cases/open-file.usecase.js';
import type * as platformReceiveMailerCallback from '../../../application/platform/use-cases/receive-mailer-callback.usecase.js';
import type * as platformRelayBroadcasts from '../../../application/platform/use-cases/relay-broadcasts.usecase.js';
import type * as platformRelayQueuedMail from '../../../application/platform/use-cases/relay-queued-mail.usecase.js';
import type * as platformSendBroadcastBatch from '../../../application/platform/use-cases/send-broadcast-batch.usecase.js';
import type * as platformSendBroadcast from '../../../application/platform/use-cases/send-broadcast.usecase.js';
import type * as platformUpdateSettings from '../../../application/platform/use-cases/update-settings.usecase.js';
import type * as platformUploadFile from '../../../application/platform/use-cases/upload-file.usecase.js';
import type * as learningAcceptParentInvitation from '../../../application/learning/use-cases/accept-parent-invitation.usecase.js';
import type * as learningContinueLesson from '../../../application/learning/use-cases/continue-lesson.usecase.js';
import type * as learningCreateCourse from '../../../application/learning/use-cases/create-course.usecase.js';
import type * as learningCreateLesson from '../../../application/learning/use-cases/create-lesson.usecase.js';
import type * as learningCreateModule from '../../../application/learning/use-cases/create-module.usecase.js';
import type * as learningDeleteCertificateTemplate from '../../../application/learning/use-cases/delete-certificate-template.usecase.js';
import type * as learningDeleteCourse from '../../../application/learning/use-cases/delete-course.usecase.js';
import type * as learningDeleteLesson from '../../../application/learning/use-cases/delete-lesson.usecase.js';
import type * as learningDeleteModule from '../../../application/learning/use-cases/delete-module.usecase.js';
import type * as learningEnrollInFreeCourse from '../../../application/learning/use-cases/enroll-in-free-course.usecase.js';
import type * as learningEvaluateCourseCompletion from '../../../application/learning/use-cases/evaluate-course-completion.usecase.js';
import type * as learningGetCertificateTemplate from '../../../application/learning/use-cases/get-certificate-template.usecase.js';
import type * as learningGetCourseDetail from '../../../application/learning/use-cases/get-course-detail.usecase.js';
import type * as learningGetLesson from '../../../application/learning/use-cases/get-lesson.usecase.js';
import type * as learningGetLinkedStudent from '../../../application/learning/use-cases/get-linked-student.usecase.js';
import type * as learningGetMyCertificate from '../../../application/learning/use-cases/get-my-certificate.usecase.js';
import type * as learningGetParentDashboard from '../../../application/learning/use-cases/get-parent-dashboard.usecase.js';
import type * as learningGetPublicOutline from '../../../application/learning/use-cases/get-public-outline.usecase.js';
import type * as learningGrantEnrollment from '../../../application/learning/use-cases/grant-enrollment.usecase.js';
import type * as learningGrantEnrollments from '../../../application/learning/use-cases/grant-enrollments.usecase.js';
import type * as learningInviteParent from '../../../application/learning/use-cases/invite-parent.usecase.js';
import type * as learningIssueLinkingCode from '../../../application/learning/use-cases/issue-linking-code.usecase.js';
import type * as learningLinkStudent from '../../../application/learning/use-cases/link-student.usecase.js';
import type * as learningListCategories from '../../../application/learning/use-cases/list-categories.usecase.js';
import type * as learningListCourses from '../../../application/learning/use-cases/list-courses.usecase.js';
import type * as learningListLessons from '../../../application/learning/use-cases/list-lessons.usecase.js';
import type * as learningListLinkedStudentAssignments from '../../../application/learning/use-cases/list-linked-student-assignments.usecase.js';
import type * as learningListLinkedStudents from '../../../application/learning/use-cases/list-linked-students.usecase.js';
import type * as learningListModules from '../../../application/learning/use-cases/list-modules.usecase.js';
import type * as learningListMyCertificates from '../../../application/learning/use-cases/list-my-certificates.usecase.js';
import type * as learningListMyCourses from '../../../application/learning/use-cases/list-my-courses.usecase.js';
import type * as learningRecordProgress from '../../../application/learning/use-cases/record-progress.usecase.js';
import type * as learningRenderCertificatePdf from '../../../application/learning/use-cases/render-certificate-pdf.usecase.js';
import type * as learningReorderModules from '../../../application/learning/use-cases/reorder-modules.usecase.js';
import type * as learningRevokeEnrollments from '../../../application/learning/use-cases/revoke-enrollments.usecase.js';
import type * as learningSaveCertificateTemplate from '../../../application/learning/use-cases/save-certificate-template.usecase.js';
import type * as learningUnlinkStudent from '../../../application/learning/use-cases/unlink-student.usecase.js';
import type * as learningUpdateCourse from '../../../application/learning/use-cases/update-course.usecase.js';
import type * as learningUpdateLesson from '../../../application/learning/use-cases/update-lesson.usecase.js';
import type * as learningUpdateModule from '../../../application/learning/use-cases/update-module.usecase.js';
import type * as learningUploadCertificateBackground from '../../../application/learning/use-cases/upload-certificate-background.usecase.js';
import type * as learningVerifyCertificate from '../../../application/learning/use-cases/verify-certificate.usecase.js';
import type * as assessmentCreateQuestion from '../../../application/assessment/use-cases/create-question.usecase.js';
import type * as assessmentCreateQuiz from '../../../application/assessment/use-cases/create-quiz.usecase.js';
import type * as assessmentDeleteQuestion from '../../../application/assessment/use-cases/delete-question.usecase.js';
import type * as assessmentDeleteQuiz from '../../../application/assessment/use-cases/delete-quiz.usecase.js';
import type * as assessmentDuplicateQuestion from '../../../application/assessment/use-cases/duplicate-question.usecase.js';
import type * as assessmentExpireOverdueAttempts from '../../../application/assessment/use-cases/expire-overdue-attempts.usecase.js';
import type * as assessmentExportQuestions from '../../../application/assessment/use-cases/export-questions.usecase.js';
import type * as assessmentExportQuizResults from '../../../application/assessment/use-cases/export-quiz-results.usecase.js';
import type * as assessmentGetAssignmentSummary from '../../../application/assessment/use-cases/get-assignment-summary.usecase.js';
import type * as assessmentGetAttempt from '../../../application/assessment/use-cases/get-attempt.usecase.js';
import type * as assessmentGetMyAssignment from '../../../application/assessment/use-cases/get-my-assignment.usecase.js';
import type * as assessmentGetQuizAnalytics from '../../../application/assessment/use-cases/get-quiz-analytics.usecase.js';
import type * as assessmentGetResponseAnalysis from '../../../application/assessment/use-cases/get-response-analysis.usecase.js';
import type * as assessmentGetQuiz from '../../../application/assessment/use-cases/get-quiz.usecase.js';
import type * as assessmentGradeAssignment from '../../../application/assessment/use-cases/grade-assignment.usecase.js';
import type * as assessmentGradeQuizAnswer from '../../../application/assessment/use-cases/grade-quiz-answer.usecase.js';
import type * as assessmentImportQuestions from '../../../application/assessment/use-cases/import-questions.usecase.js';
import type * as assessmentListAttempts from '../../../application/assessment/use-cases/list-attempts.usecase.js';
import type * as assessmentListGradingQueue from '../../../application/assessment/use-cases/list-grading-queue.usecase.js';
import type * as assessmentListLessonAssignments from '../../../application/assessment/use-cases/list-lesson-assignments.usecase.js';
import type * as assessmentListQuizEssays from '../../../application/assessment/use-cases/list-quiz-essays.usecase.js';
import type * as assessmentListQuizzes from '../../../application/assessment/use-cases/list-quizzes.usecase.js';
import type * as assessmentPublishQuiz from '../../../application/assessment/use-cases/publish-quiz.usecase.js';
import type * as assessmentReorderQuestions from '../../../application/assessment/use-cases/reorder-questions.usecase.js';
import type * as assessmentSaveAnswer from '../../../application/assessment/use-cases/save-answer.usecase.js';
import type * as assessmentStartAttempt from '../../../application/assessment/use-cases/start-attempt.usecase.js';
import type * as assessmentSubmitAssignment from '../../../application/assessment/use-cases/submit-assignment.usecase.js';
import type * as assessmentSubmitAttempt from '../../../application/assessment/use-cases/submit-attempt.usecase.js';
import type * as assessmentUpdateQuestion from '../../../application/assessment/use-cases/update-question.usecase.js';
import type * as assessmentUpdateQuiz from '../../../application/assessment/use-cases/update-quiz.usecase.js';
import type * as assessmentAddRandomSlot from '../../../application/assessment/use-cases/add-random-slot.usecase.js';
import type * as assessmentCreateBankQuestion from '../../../application/assessment/use-cases/create-bank-question.usecase.js';
import type * as assessmentCreateQuestionCategory from '../../../application/assessment/use-cases/create-question-category.usecase.js';
import type * as assessmentDeleteQuestionCategory from '../../../application/assessment/use-cases/delete-question-category.usecase.js';
import type * as assessmentDeleteRandomSlot from '../../../application/assessment/use-cases/delete-random-slot.usecase.js';
import type * as assessmentExportBankQuestions from '../../../application/assessment/use-cases/export-bank-questions.usecase.js';
import type * as assessmentImportBankQuestions from '../../../application/assessment/use-cases/import-bank-questions.usecase.js';
import type * as assessmentListBankQuestions from '../../../application/assessment/use-cases/list-bank-questions.usecase.js';
import type * as assessmentListQuestionCategories from '../../../application/assessment/use-cases/list-question-categories.usecase.js';
import type * as assessmentListRandomSlots from '../../../application/assessment/use-cases/list-random-slots.usecase.js';
import type * as assessmentListQuestionVersions from '../../../application/assessment/use-cases/list-question-versions.usecase.js';
import type * as assessmentUpdateQuestionCategory from '../../../application/assessment/use-cases/update-question-category.usecase.js';
import type * as engagementAddTemplateItem from '../../../application/engagement/use-cases/add-template-item.usecase.js';
import type * as engagementAskLessonAssistant from '../../../application/engagement/use-cases/ask-lesson-assistant.usecase.js';
import type * as engagementAssignScheduleTemplate from '../../../application/engagement/use-cases/assign-schedule-template.usecase.js';
import type * as engagementCreateScheduleItem from '../../../application/engagement/use-cases/create-schedule-item.usecase.js';
import type * as engagementCreateScheduleTemplate from '../../../application/engagement/use-cases/create-schedule-template.usecase.js';
import type * as engagementDeleteScheduleItem from '../../../application/engagement/use-cases/delete-schedule-item.usecase.js';
import type * as engagementDeleteScheduleTemplate from '../../../application/engagement/use-cases/delete-schedule-template.usecase.js';
import type * as engagementDeleteTemplateItem from '../../../application/engagement/use-cases/delete-template-item.usecase.js';
import type * as engagementGetConversation from '../../../application/engagement/use-cases/get-conversation.usecase.js';
import type * as engagementGetFeedToken from '../../../application/engagement/use-cases/get-feed-token.usecase.js';
import type * as engagementGetScheduleTemplate from '../../../application/engagement/use-cases/get-schedule-template.usecase.js';
import type * as engagementListConversations from '../../../application/engagement/use-cases/list-conversations.usecase.js';
import type * as engagementListLessonAiMessages from '../../../application/engagement/use-cases/list-lesson-ai-messages.usecase.js';
import type * as engagementListMessages from '../../../application/engagement/use-cases/list-messages.usecase.js';
import type * as engagementListMySchedule from '../../../application/engagement/use-cases/list-my-schedule.usecase.js';
import type * as engagementListScheduleTemplates from '../../../application/engagement/use-cases/list-schedule-templates.usecase.js';
import type * as engagementMarkConversationRead from '../../../application/engagement/use-cases/mark-conversation-read.usecase.js';
import type * as engagementRenderScheduleFeed from '../../../application/engagement/use-cases/render-schedule-feed.usecase.js';
import type * as engagementReplayChatMessages from '../../../application/engagement/use-cases/replay-chat-messages.usecase.js';
import type * as engagementRevokeFeedToken from '../../../application/engagement/use-cases/revoke-feed-token.usecase.js';
import type * as engagementRotateFeedToken from '../../../application/engagement/use-cases/rotate-feed-token.usecase.js';
import type * as engagementSendMessage from '../../../application/engagement/use-cases/send-message.usecase.js';
import type * as engagementStartConversation from '../../../application/engagement/use-cases/start-conversation.usecase.js';
import type * as engagementUpdateScheduleItem from '../../../application/engagement/use-cases/update-schedule-item.usecase.js';
import type * as engagementUpdateScheduleTemplate from '../../../application/engagement/use-cases/update-schedule-template.usecase.js';
import type * as engagementUpdateTemplateItem from '../../../application/engagement/use-cases/update-template-item.usecase.js';
import type * as crmCreateLead from '../../../application/crm/use-cases/create-lead.usecase.js';
import type * as crmGetAutomation from '../../../application/crm/use-cases/get-automation.usecase.js';
import type * as crmGetCrmDashboard from '../../../application/crm/use-cases/get-crm-dashboard.usecase.js';
import type * as crmGetLead from '../../../application/crm/use-cases/get-lead.usecase.js';
import type * as crmIngestLeadDelivery from '../../../application/crm/use-cases/ingest-lead-delivery.usecase.js';
import type * as crmLinkLeadsOfPerson from '../../../application/crm/use-cases/link-leads-of-person.usecase.js';
import type * as crmLinkLeadsOfUser from '../../../application/crm/use-cases/link-leads-of-user.usecase.js';
import type * as crmListIntegrations from '../../../application/crm/use-cases/list-integrations.usecase.js';
import type * as crmListLeads from '../../../application/crm/use-cases/list-leads.usecase.js';
import type * as crmListWebhookDeliveries from '../../../application/crm/use-cases/list-webhook-deliveries.usecase.js';
import type * as crmMovePipelineOnPayment from '../../../application/crm/use-cases/move-pipeline-on-payment.usecase.js';
import type * as crmReceiveGoogleWebhook from '../../../application/crm/use-cases/receive-google-webhook.usecase.js';
import type * as crmReceiveMetaWebhook from '../../../application/crm/use-cases/receive-meta-webhook.usecase.js';
import type * as crmRelayPendingDeliveries from '../../../application/crm/use-cases/relay-pending-deliveries.usecase.js';
import type * as crmRetryWebhookDelivery from '../../../application/crm/use-cases/retry-webhook-delivery.usecase.js';
import type * as crmUpdateAutomation from '../../../application/crm/use-cases/update-automation.usecase.js';
import type * as crmUpdateIntegration from '../../../application/crm/use-cases/update-integration.usecase.js';
import type * as crmUpdateLead from '../../../application/crm/use-cases/update-lead.usecase.js';
import type * as crmVerifyMetaSubscription from '../../../application/crm/use-cases/verify-meta-subscription.usecase.js';
import type * as commerceCancelOrder from '../../../application/commerce/use-cases/cancel-order.usecase.js';
import type * as commerceCancelSubscription from '../../../application/commerce/use-cases/cancel-subscription.usecase.js';
import type * as commerceCheckPayment from '../../../application/commerce/use-cases/check-payment.usecase.js';
import type * as commerceCheckPrice from '../../../application/commerce/use-cases/check-price.usecase.js';
import type * as commerceCheckoutSubscription from '../../../application/commerce/use-cases/checkout-subscription.usecase.js';
import type * as commerceCompleteSandboxPayment from '../../../application/commerce/use-cases/complete-sandbox-payment.usecase.js';
import type * as commerceCreateOrder from '../../../application/commerce/use-cases/create-order.usecase.js';
import type * as commerceCreateSubscription from '../../../application/commerce/use-cases/create-subscription.usecase.js';
import type * as commerceExpireSubscriptions from '../../../application/commerce/use-cases/expire-subscriptions.usecase.js';
import type * as commerceGetMyOrder from '../../../application/commerce/use-cases/get-my-order.usecase.js';
import type * as commerceGetSubscriptionPayment from '../../../application/commerce/use-cases/get-subscription-payment.usecase.js';
import type * as commerceInitiatePayment from '../../../application/commerce/use-cases/initiate-payment.usecase.js';
import type * as commerceLatestPayment from '../../../application/commerce/use-cases/latest-payment.usecase.js';
import type * as commerceListMyOrders from '../../../application/commerce/use-cases/list-my-orders.usecase.js';
import type * as commerceListMySubscriptions from '../../../application/commerce/use-cases/list-my-subscriptions.usecase.js';
import type * as commerceListPaymentMethods from '../../../application/commerce/use-cases/list-payment-methods.usecase.js';
import type * as commerceListPayments from '../../../application/commerce/use-cases/list-payments.usecase.js';
import type * as commerceListPricing from '../../../application/commerce/use-cases/list-pricing.usecase.js';
import type * as commerceListSubscriptionPlans from '../../../application/commerce/use-cases/list-subscription-plans.usecase.js';
import type * as commerceReceivePaymentNotification from '../../../application/commerce/use-cases/receive-payment-notification.usecase.js';
import type * as commerceRecordOfflinePayment from '../../../application/commerce/use-cases/record-offline-payment.usecase.js';
import type * as commerceResendOrderEmail from '../../../application/commerce/use-cases/resend-order-email.usecase.js';
import type * as commerceResendReceipt from '../../../application/commerce/use-cases/resend-receipt.usecase.js';
import type * as commerceUpdateOrder from '../../../application/commerce/use-cases/update-order.usecase.js';
import type * as webhooksDeleteWebhookEndpoint from '../../../application/webhooks/use-cases/delete-webhook-endpoint.usecase.js';
import type * as webhooksDeliverWebhook from '../../../application/webhooks/use-cases/deliver-webhook.usecase.js';
import type * as webhooksListEndpointDeliveries from '../../../application/webhooks/use-cases/list-endpoint-deliveries.usecase.js';
import type * as webhooksListWebhookEndpoints from '../../../application/webhooks/use-cases/list-webhook-endpoints.usecase.js';
import type * as webhooksRegisterWebhookEndpoint from '../../../application/webhooks/use-cases/register-webhook-endpoint.usecase.js';
import type * as webhooksRelayPendingWebhooks from '../../../application/webhooks/use-cases/relay-pending-webhooks.usecase.js';
import type * as webhooksRetryOutboundDelivery from '../../../application/webhooks/use-cases/retry-outbound-delivery.usecase.js';
import type * as webhooksRotateWebhookSecret from '../../../application/webhooks/use-cases/rotate-webhook-secret.usecase.js';
import type * as webhooksUpdateWebhookEndpoint from '../../../application/webhooks/use-cases/update-webhook-endpoint.usecase.js';

/** Every code the exported use-case factories of a module can fail with. */
type CodesOf<M> = { [K in keyof M]: M[K] extends (...args: never[]) => infer UseCase ? ErrorsOf<UseCase> : never }[keyof M];

/*
 * Each context's codes: those of every one of its use cases (each listed here: a unit test
 * checks none is missing) and those its HTTP routes raise themselves. The error table is
 * checked against them (adapters/http/errors/*.errors.ts), so a code no file maps, or a code
 * filed under a context that cannot answer it, fails the type-check, not a request.
 */
export type IdentityCodes =
  | CodesOf<typeof identityAuthenticate>
  | CodesOf<typeof identityBeginDiscoverablePasskeyLogin>
  | CodesOf<typeof identityBeginPasskeyLogin>
  | CodesOf<typeof identityBeginPasskeyRegistration>
  | CodesOf<typeof identityBootstrapRootAdmin>
  | CodesOf<typeof identityClaimLogin>
  | CodesOf<typeof identityChangeOwnPassword>
  | CodesOf<typeof identityCreateTenant>
  | CodesOf<typeof identityCreateUser>
  | CodesOf<typeof identityDeleteOwnAccount>
  | CodesOf<typeof identityDeleteOwnPasskey>
  | CodesOf<typeof identityDeleteTenant>
  | CodesOf<typeof identityDeleteUser>
  | CodesOf<typeof identityFinishPasskeyLogin>
  | CodesOf<typeof identityFinishPasskeyRegistration>
  | CodesOf<typeof identityGetOwnProfile>
  | CodesOf<typeof identityGetTenant>
  | CodesOf<typeof identityGetUser>
  | CodesOf<typeof identityListOwnPasskeys>
  | CodesOf<typeof identityListTenants>
  | CodesOf<typeof identityListUsers>
  | CodesOf<typeof identityLogin>
  | CodesOf<typeof identityLogout>
  | CodesOf<typeof identityPurgeTenant>
  | CodesOf<typeof identityRefreshSession>
  | CodesOf<typeof identityRegister>
  | CodesOf<typeof identityRenameOwnPasskey>
  | CodesOf<typeof identityRequestPasswordReset>
  | CodesOf<typeof identityResetPassword>
  | CodesOf<typeof identityResolveTenant>
  | CodesOf<typeof identityResumeTenantDeletions>
  | CodesOf<typeof identitySendVerificationCode>
  | CodesOf<typeof identitySetAdminPassword>
  | CodesOf<typeof identityUpdateOwnProfile>
  | CodesOf<typeof identityUpdateTenant>
  | CodesOf<typeof identityUpdateUser>
  // The HTTP edge's own checks (adapters/http/app.ts): no login, a role below the route's.
  | 'UNAUTHORIZED'
  | 'INSUFFICIENT_PERMISSION';

export type PlatformCodes =
  | CodesOf<typeof platformDashboardOverview>
  | CodesOf<typeof platformDeleteFile>
  | CodesOf<typeof platformDeliverMail>
  | CodesOf<typeof platformGetAdminSettings>
  | CodesOf<typeof platformGetBroadcast>
  | CodesOf<typeof platformGetMailerLog>
  | CodesOf<typeof platformGetPublicSettings>
  | CodesOf<typeof platformListAuditLogs>
  | CodesOf<typeof platformListDistricts>
  | CodesOf<typeof platformListFiles>
  | CodesOf<typeof platformListMailerLogs>
  | CodesOf<typeof platformListOutbox>
  | CodesOf<typeof platformListProvinces>
  | CodesOf<typeof platformListRegencies>
  | CodesOf<typeof platformMailerLogStats>
  | CodesOf<typeof platformOpenFile>
  | CodesOf<typeof platformReceiveMailerCallback>
  | CodesOf<typeof platformRelayBroadcasts>
  | CodesOf<typeof platformRelayQueuedMail>
  | CodesOf<typeof platformSendBroadcastBatch>
  | CodesOf<typeof platformSendBroadcast>
  | CodesOf<typeof platformUpdateSettings>
  | CodesOf<typeof platformUploadFile>
  // An upload without its file (files.routes.ts, the quiz import).
  | 'FILE_REQUIRED';

export type LearningCodes =
  | CodesOf<typeof learningAcceptParentInvitation>
  | CodesOf<typeof learningContinueLesson>
  | CodesOf<typeof learningCreateCourse>
  | CodesOf<typeof learningCreateLesson>
  | CodesOf<typeof learningCreateModule>
  | CodesOf<typeof learningDeleteCertificateTemplate>
  | CodesOf<typeof learningDeleteCourse>
  | CodesOf<typeof learningDeleteLesson>
  | CodesOf<typeof learningDeleteModule>
  | CodesOf<typeof learningEnrollInFreeCourse>
  | CodesOf<typeof learningEvaluateCourseCompletion>
  | CodesOf<typeof learningGetCertificateTemplate>
  | CodesOf<typeof learningGetCourseDetail>
  | CodesOf<typeof learningGetLesson>
  | CodesOf<typeof learningGetLinkedStudent>
  | CodesOf<typeof learningGetMyCertificate>
  | CodesOf<typeof learningGetParentDashboard>
  | CodesOf<typeof learningGetPublicOutline>
  | CodesOf<typeof learningGrantEnrollment>
  | CodesOf<typeof learningGrantEnrollments>
  | CodesOf<typeof learningInviteParent>
  | CodesOf<typeof learningIssueLinkingCode>
  | CodesOf<typeof learningLinkStudent>
  | CodesOf<typeof learningListCategories>
  | CodesOf<typeof learningListCourses>
  | CodesOf<typeof learningListLessons>
  | CodesOf<typeof learningListLinkedStudentAssignments>
  | CodesOf<typeof learningListLinkedStudents>
  | CodesOf<typeof learningListModules>
  | CodesOf<typeof learningListMyCertificates>
  | CodesOf<typeof learningListMyCourses>
  | CodesOf<typeof learningRecordProgress>
  | CodesOf<typeof learningRenderCertificatePdf>
  | CodesOf<typeof learningReorderModules>
  | CodesOf<typeof learningRevokeEnrollments>
  | CodesOf<typeof learningSaveCertificateTemplate>
  | CodesOf<typeof learningUnlinkStudent>
  | CodesOf<typeof learningUpdateCourse>
  | CodesOf<typeof learningUpdateLesson>
  | CodesOf<typeof learningUpdateModule>
  | CodesOf<typeof learningUploadCertificateBackground>
  | CodesOf<typeof learningVerifyCertificate>
  // The admin resources (application/learning/admin-resources), and an unknown one (its routes).
  | AdminResourceError
  | 'RESOURCE_NOT_FOUND';

export type AssessmentCodes =
  | CodesOf<typeof assessmentCreateQuestion>
  | CodesOf<typeof assessmentCreateQuiz>
  | CodesOf<typeof assessmentDeleteQuestion>
  | CodesOf<typeof assessmentDeleteQuiz>
  | CodesOf<typeof assessmentDuplicateQuestion>
  | CodesOf<typeof assessmentExpireOverdueAttempts>
  | CodesOf<typeof assessmentExportQuestions>
  | CodesOf<typeof assessmentExportQuizResults>
  | CodesOf<typeof assessmentGetAssignmentSummary>
  | CodesOf<typeof assessmentGetAttempt>
  | CodesOf<typeof assessmentGetMyAssignment>
  | CodesOf<typeof assessmentGetQuizAnalytics>
  | CodesOf<typeof assessmentGetResponseAnalysis>
  | CodesOf<typeof assessmentGetQuiz>
  | CodesOf<typeof assessmentGradeAssignment>
  | CodesOf<typeof assessmentGradeQuizAnswer>
  | CodesOf<typeof assessmentImportQuestions>
  | CodesOf<typeof assessmentListAttempts>
  | CodesOf<typeof assessmentListGradingQueue>
  | CodesOf<typeof assessmentListLessonAssignments>
  | CodesOf<typeof assessmentListQuizEssays>
  | CodesOf<typeof assessmentListQuizzes>
  | CodesOf<typeof assessmentPublishQuiz>
  | CodesOf<typeof assessmentReorderQuestions>
  | CodesOf<typeof assessmentSaveAnswer>
  | CodesOf<typeof assessmentStartAttempt>
  | CodesOf<typeof assessmentSubmitAssignment>
  | CodesOf<typeof assessmentSubmitAttempt>
  | CodesOf<typeof assessmentUpdateQuestion>
  | CodesOf<typeof assessmentUpdateQuiz>
  | CodesOf<typeof assessmentAddRandomSlot>
  | CodesOf<typeof assessmentCreateBankQuestion>
  | CodesOf<typeof assessmentCreateQuestionCategory>
  | CodesOf<typeof assessmentDeleteQuestionCategory>
  | CodesOf<typeof assessmentDeleteRandomSlot>
  | CodesOf<typeof assessmentExportBankQuestions>
  | CodesOf<typeof assessmentImportBankQuestions>
  | CodesOf<typeof assessmentListBankQuestions>
  | CodesOf<typeof assessmentListQuestionCategories>
  | CodesOf<typeof assessmentListRandomSlots>
  | CodesOf<typeof assessmentListQuestionVersions>
  | CodesOf<typeof assessmentUpdateQuestionCategory>;

export type EngagementCodes =
  | CodesOf<typeof engagementAddTemplateItem>
  | CodesOf<typeof engagementAskLessonAssistant>
  | CodesOf<typeof engagementAssignScheduleTemplate>
  | CodesOf<typeof engagementCreateScheduleItem>
  | CodesOf<typeof engagementCreateScheduleTemplate>
  | CodesOf<typeof engagementDeleteScheduleItem>
  | CodesOf<typeof engagementDeleteScheduleTemplate>
  | CodesOf<typeof engagementDeleteTemplateItem>
  | CodesOf<typeof engagementGetConversation>
  | CodesOf<typeof engagementGetFeedToken>
  | CodesOf<typeof engagementGetScheduleTemplate>
  | CodesOf<typeof engagementListConversations>
  | CodesOf<typeof engagementListLessonAiMessages>
  | CodesOf<typeof engagementListMessages>
  | CodesOf<typeof engagementListMySchedule>
  | CodesOf<typeof engagementListScheduleTemplates>
  | CodesOf<typeof engagementMarkConversationRead>
  | CodesOf<typeof engagementRenderScheduleFeed>
  | CodesOf<typeof engagementReplayChatMessages>
  | CodesOf<typeof engagementRevokeFeedToken>
  | CodesOf<typeof engagementRotateFeedToken>
  | CodesOf<typeof engagementSendMessage>
  | CodesOf<typeof engagementStartConversation>
  | CodesOf<typeof engagementUpdateScheduleItem>
  | CodesOf<typeof engagementUpdateScheduleTemplate>
  | CodesOf<typeof engagementUpdateTemplateItem>;

export type CrmCodes =
  | CodesOf<typeof crmCreateLead>
  | CodesOf<typeof crmGetAutomation>
  | CodesOf<typeof crmGetCrmDashboard>
  | CodesOf<typeof crmGetLead>
  | CodesOf<typeof crmIngestLeadDelivery>
  | CodesOf<typeof crmLinkLeadsOfPerson>
  | CodesOf<typeof crmLinkLeadsOfUser>
  | CodesOf<typeof crmListIntegrations>
  | CodesOf<typeof crmListLeads>
  | CodesOf<typeof crmListWebhookDeliveries>
  | CodesOf<typeof crmMovePipelineOnPayment>
  | CodesOf<typeof crmReceiveGoogleWebhook>
  | CodesOf<typeof crmReceiveMetaWebhook>
  | CodesOf<typeof crmRelayPendingDeliveries>
  | CodesOf<typeof crmRetryWebhookDelivery>
  | CodesOf<typeof crmUpdateAutomation>
  | CodesOf<typeof crmUpdateIntegration>
  | CodesOf<typeof crmUpdateLead>
  | CodesOf<typeof crmVerifyMetaSubscription>;

export type CommerceCodes =
  | CodesOf<typeof commerceCancelOrder>
  | CodesOf<typeof commerceCancelSubscription>
  | CodesOf<typeof commerceCheckPayment>
  | CodesOf<typeof commerceCheckPrice>
  | CodesOf<typeof commerceCheckoutSubscription>
  | CodesOf<typeof commerceCompleteSandboxPayment>
  | CodesOf<typeof commerceCreateOrder>
  | CodesOf<typeof commerceCreateSubscription>
  | CodesOf<typeof commerceExpireSubscriptions>
  | CodesOf<typeof commerceGetMyOrder>
  | CodesOf<typeof commerceGetSubscriptionPayment>
  | CodesOf<typeof commerceInitiatePayment>
  | CodesOf<typeof commerceLatestPayment>
  | CodesOf<typeof commerceListMyOrders>
  | CodesOf<typeof commerceListMySubscriptions>
  | CodesOf<typeof commerceListPaymentMethods>
  | CodesOf<typeof commerceListPayments>
  | CodesOf<typeof commerceListPricing>
  | CodesOf<typeof commerceListSubscriptionPlans>
  | CodesOf<typeof commerceReceivePaymentNotification>
  | CodesOf<typeof commerceRecordOfflinePayment>
  | CodesOf<typeof commerceResendOrderEmail>
  | CodesOf<typeof commerceResendReceipt>
  | CodesOf<typeof commerceUpdateOrder>
  // A payment notification without the fields its signature covers (commerce-paygate.routes.ts).
  | 'INVALID_SIGNATURE';

export type WebhooksCodes =
  | CodesOf<typeof webhooksDeleteWebhookEndpoint>
  | CodesOf<typeof webhooksDeliverWebhook>
  | CodesOf<typeof webhooksListEndpointDeliveries>
  | CodesOf<typeof webhooksListWebhookEndpoints>
  | CodesOf<typeof webhooksRegisterWebhookEndpoint>
  | CodesOf<typeof webhooksRelayPendingWebhooks>
  | CodesOf<typeof webhooksRetryOutboundDelivery>
  | CodesOf<typeof webhooksRotateWebhookSecret>
  | CodesOf<typeof webhooksUpdateWebhookEndpoint>;

/** Every code a request can fail with: the error table maps each (adapters/http/errors/index.ts). */
export type ErrorCode =
  IdentityCodes | PlatformCodes | LearningCodes | AssessmentCodes | EngagementCodes | CrmCodes | CommerceCodes | WebhooksCodes;
