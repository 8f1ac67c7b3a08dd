import { asFunction, asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import {
  makeCourseQuizRequirements,
  makeGradedWorkOnContent,
  makeStudentAssignmentsReader,
} from '../../application/assessment/course-quiz-requirements.js';
import { makeAssessmentDashboard } from '../../application/assessment/assessment-dashboard.js';
import { makeCreateQuiz } from '../../application/assessment/use-cases/create-quiz.usecase.js';
import { makeUpdateQuiz } from '../../application/assessment/use-cases/update-quiz.usecase.js';
import { makeDeleteQuiz } from '../../application/assessment/use-cases/delete-quiz.usecase.js';
import { makePublishQuiz } from '../../application/assessment/use-cases/publish-quiz.usecase.js';
import { makeCreateQuestion } from '../../application/assessment/use-cases/create-question.usecase.js';
import { makeUpdateQuestion } from '../../application/assessment/use-cases/update-question.usecase.js';
import { makeListQuestionVersions } from '../../application/assessment/use-cases/list-question-versions.usecase.js';
import { makeDeleteQuestion } from '../../application/assessment/use-cases/delete-question.usecase.js';
import { makeDuplicateQuestion } from '../../application/assessment/use-cases/duplicate-question.usecase.js';
import { makeReorderQuestions } from '../../application/assessment/use-cases/reorder-questions.usecase.js';
import { makeImportQuestions } from '../../application/assessment/use-cases/import-questions.usecase.js';
import { makeExportQuizResults } from '../../application/assessment/use-cases/export-quiz-results.usecase.js';
import { makeGetQuizAnalytics } from '../../application/assessment/use-cases/get-quiz-analytics.usecase.js';
import { makeListQuizzes } from '../../application/assessment/use-cases/list-quizzes.usecase.js';
import { makeGetQuiz } from '../../application/assessment/use-cases/get-quiz.usecase.js';
import { makeStartAttempt } from '../../application/assessment/use-cases/start-attempt.usecase.js';
import { makeSaveAnswer } from '../../application/assessment/use-cases/save-answer.usecase.js';
import { makeSubmitAttempt } from '../../application/assessment/use-cases/submit-attempt.usecase.js';
import { makeGetAttempt } from '../../application/assessment/use-cases/get-attempt.usecase.js';
import { makeListAttempts } from '../../application/assessment/use-cases/list-attempts.usecase.js';
import { EXPIRE_ATTEMPTS_JOB, makeExpireOverdueAttempts } from '../../application/assessment/use-cases/expire-overdue-attempts.usecase.js';
import { makeSubmitAssignment } from '../../application/assessment/use-cases/submit-assignment.usecase.js';
import { makeListLessonAssignments } from '../../application/assessment/use-cases/list-lesson-assignments.usecase.js';
import { makeGetMyAssignment } from '../../application/assessment/use-cases/get-my-assignment.usecase.js';
import { makeGradeAssignment } from '../../application/assessment/use-cases/grade-assignment.usecase.js';
import { makeGetAssignmentSummary } from '../../application/assessment/use-cases/get-assignment-summary.usecase.js';
import { makeListGradingQueue } from '../../application/assessment/use-cases/list-grading-queue.usecase.js';
import { makeGradeQuizAnswer } from '../../application/assessment/use-cases/grade-quiz-answer.usecase.js';
import { makeListQuizEssays } from '../../application/assessment/use-cases/list-quiz-essays.usecase.js';
import {
  makeAttemptPgRepository,
  makeQuestionPgRepository,
  makeQuizPgRepository,
  makeQuizResultsPgReader,
  makeSubmissionPgRepository,
} from '../../adapters/persistence/pg/assessment.pg-repositories.js';
import { questionExportWriter, questionImportParser } from '../../adapters/parsers/question-import.parser.js';
import { makeExportQuestions } from '../../application/assessment/use-cases/export-questions.usecase.js';
import { makeExpireQuizAttemptsJob } from '../../adapters/jobs/expire-quiz-attempts.job.js';
import { makeAssessmentQuizAdminRoutes } from '../../adapters/http/routes/assessment-quiz-admin.routes.js';
import { makeAssessmentQuizRoutes } from '../../adapters/http/routes/assessment-quiz.routes.js';
import { makeAssessmentAssignmentRoutes } from '../../adapters/http/routes/assessment-assignments.routes.js';
import { makeAssessmentQuestionBankRoutes } from '../../adapters/http/routes/assessment-question-bank.routes.js';
import { makeQuestionBankPgRepository } from '../../adapters/persistence/pg/question-bank.pg-repository.js';
import { makeCreateQuestionCategory } from '../../application/assessment/use-cases/create-question-category.usecase.js';
import { makeListQuestionCategories } from '../../application/assessment/use-cases/list-question-categories.usecase.js';
import { makeUpdateQuestionCategory } from '../../application/assessment/use-cases/update-question-category.usecase.js';
import { makeDeleteQuestionCategory } from '../../application/assessment/use-cases/delete-question-category.usecase.js';
import { makeCreateBankQuestion } from '../../application/assessment/use-cases/create-bank-question.usecase.js';
import { makeListBankQuestions } from '../../application/assessment/use-cases/list-bank-questions.usecase.js';
import { makeImportBankQuestions } from '../../application/assessment/use-cases/import-bank-questions.usecase.js';
import { makeAddRandomSlot } from '../../application/assessment/use-cases/add-random-slot.usecase.js';
import { makeExportBankQuestions } from '../../application/assessment/use-cases/export-bank-questions.usecase.js';
import { makeListRandomSlots } from '../../application/assessment/use-cases/list-random-slots.usecase.js';
import { makeDeleteRandomSlot } from '../../application/assessment/use-cases/delete-random-slot.usecase.js';

/** How often overdue attempts are swept (they are also graded whenever touched). */
export const EXPIRE_ATTEMPTS_EVERY_MS = 30_000;

/**
 * Assessment: quizzes (authoring, taking, review, import/export, statistics) and assignments.
 * Listed right after learning in modules/index.ts: it replaces learning's defaults
 * `courseQuizRequirements`, `studentAssignmentsReader` and `gradedWorkOnContent` by registering the same names.
 */
export const assessmentModule: AppModule = {
  name: 'assessment',
  registrations: () => ({
    quizRepository: asFunction(makeQuizPgRepository).singleton(),
    questionRepository: asFunction(makeQuestionPgRepository).singleton(),
    attemptRepository: asFunction(makeAttemptPgRepository).singleton(),
    quizResultsReader: asFunction(makeQuizResultsPgReader).singleton(),
    submissionRepository: asFunction(makeSubmissionPgRepository).singleton(),
    questionBankRepository: asFunction(makeQuestionBankPgRepository).singleton(),
    questionImportParser: asValue(questionImportParser),
    questionExportWriter: asValue(questionExportWriter),

    // Learning's ports, implemented here (same names: the later registration wins).
    courseQuizRequirements: asFunction(makeCourseQuizRequirements).singleton(),
    studentAssignmentsReader: asFunction(makeStudentAssignmentsReader).singleton(),
    gradedWorkOnContent: asFunction(makeGradedWorkOnContent).singleton(),
    assessmentDashboard: asFunction(makeAssessmentDashboard).singleton(),

    createQuiz: asFunction(makeCreateQuiz).singleton(),
    updateQuiz: asFunction(makeUpdateQuiz).singleton(),
    deleteQuiz: asFunction(makeDeleteQuiz).singleton(),
    publishQuiz: asFunction(makePublishQuiz).singleton(),
    createQuestion: asFunction(makeCreateQuestion).singleton(),
    updateQuestion: asFunction(makeUpdateQuestion).singleton(),
    listQuestionVersions: asFunction(makeListQuestionVersions).singleton(),
    deleteQuestion: asFunction(makeDeleteQuestion).singleton(),
    duplicateQuestion: asFunction(makeDuplicateQuestion).singleton(),
    reorderQuestions: asFunction(makeReorderQuestions).singleton(),
    importQuestions: asFunction(makeImportQuestions).singleton(),
    exportQuizResults: asFunction(makeExportQuizResults).singleton(),
    getQuizAnalytics: asFunction(makeGetQuizAnalytics).singleton(),
    exportQuestions: asFunction(makeExportQuestions).singleton(),
    listQuizzes: asFunction(makeListQuizzes).singleton(),
    getQuiz: asFunction(makeGetQuiz).singleton(),
    startAttempt: asFunction(makeStartAttempt).singleton(),
    saveAnswer: asFunction(makeSaveAnswer).singleton(),
    submitAttempt: asFunction(makeSubmitAttempt).singleton(),
    getAttempt: asFunction(makeGetAttempt).singleton(),
    gradeQuizAnswer: asFunction(makeGradeQuizAnswer).singleton(),
    listQuizEssays: asFunction(makeListQuizEssays).singleton(),
    listAttempts: asFunction(makeListAttempts).singleton(),
    expireOverdueAttempts: asFunction(makeExpireOverdueAttempts).singleton(),
    submitAssignment: asFunction(makeSubmitAssignment).singleton(),
    listLessonAssignments: asFunction(makeListLessonAssignments).singleton(),
    getMyAssignment: asFunction(makeGetMyAssignment).singleton(),
    gradeAssignment: asFunction(makeGradeAssignment).singleton(),
    getAssignmentSummary: asFunction(makeGetAssignmentSummary).singleton(),
    listGradingQueue: asFunction(makeListGradingQueue).singleton(),
    createQuestionCategory: asFunction(makeCreateQuestionCategory).singleton(),
    listQuestionCategories: asFunction(makeListQuestionCategories).singleton(),
    updateQuestionCategory: asFunction(makeUpdateQuestionCategory).singleton(),
    deleteQuestionCategory: asFunction(makeDeleteQuestionCategory).singleton(),
    createBankQuestion: asFunction(makeCreateBankQuestion).singleton(),
    listBankQuestions: asFunction(makeListBankQuestions).singleton(),
    importBankQuestions: asFunction(makeImportBankQuestions).singleton(),
    addRandomSlot: asFunction(makeAddRandomSlot).singleton(),
    exportBankQuestions: asFunction(makeExportBankQuestions).singleton(),
    listRandomSlots: asFunction(makeListRandomSlots).singleton(),
    deleteRandomSlot: asFunction(makeDeleteRandomSlot).singleton(),

    expireQuizAttemptsJob: asFunction(makeExpireQuizAttemptsJob).singleton(),
    assessmentQuizAdminRoutes: asFunction(makeAssessmentQuizAdminRoutes).singleton(),
    assessmentQuizRoutes: asFunction(makeAssessmentQuizRoutes).singleton(),
    assessmentAssignmentRoutes: asFunction(makeAssessmentAssignmentRoutes).singleton(),
    assessmentQuestionBankRoutes: asFunction(makeAssessmentQuestionBankRoutes).singleton(),
  }),
  routes: ['assessmentQuizAdminRoutes', 'assessmentQuizRoutes', 'assessmentAssignmentRoutes', 'assessmentQuestionBankRoutes'],
  jobs: ['expireQuizAttemptsJob'],
  schedules: [{ job: EXPIRE_ATTEMPTS_JOB, everyMs: EXPIRE_ATTEMPTS_EVERY_MS }],
  dashboard: ['assessmentDashboard'],
};
