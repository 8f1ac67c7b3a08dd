import type { Built } from '../shared/registry.js';
import type { AssessmentDeps } from './deps.js';
import { makeCourseQuizRequirements } from './course-quiz-requirements.js';
import { makeStudentAssignmentsReader } from './course-quiz-requirements.js';
import { makeGradedWorkOnContent } from './course-quiz-requirements.js';
import { makeAssessmentDashboard } from './assessment-dashboard.js';
import { makeCreateQuiz } from './use-cases/create-quiz.usecase.js';
import { makeUpdateQuiz } from './use-cases/update-quiz.usecase.js';
import { makeDeleteQuiz } from './use-cases/delete-quiz.usecase.js';
import { makePublishQuiz } from './use-cases/publish-quiz.usecase.js';
import { makeCreateQuestion } from './use-cases/create-question.usecase.js';
import { makeListQuestionVersions } from './use-cases/list-question-versions.usecase.js';
import { makeUpdateQuestion } from './use-cases/update-question.usecase.js';
import { makeDeleteQuestion } from './use-cases/delete-question.usecase.js';
import { makeDuplicateQuestion } from './use-cases/duplicate-question.usecase.js';
import { makeReorderQuestions } from './use-cases/reorder-questions.usecase.js';
import { makeImportQuestions } from './use-cases/import-questions.usecase.js';
import { makeExportQuizResults } from './use-cases/export-quiz-results.usecase.js';
import { makeGetQuizAnalytics } from './use-cases/get-quiz-analytics.usecase.js';
import { makeGetResponseAnalysis } from './use-cases/get-response-analysis.usecase.js';
import { makeExportQuestions } from './use-cases/export-questions.usecase.js';
import { makeListQuizzes } from './use-cases/list-quizzes.usecase.js';
import { makeGetQuiz } from './use-cases/get-quiz.usecase.js';
import { makeStartAttempt } from './use-cases/start-attempt.usecase.js';
import { makeSaveAnswer } from './use-cases/save-answer.usecase.js';
import { makeSubmitAttempt } from './use-cases/submit-attempt.usecase.js';
import { makeGetAttempt } from './use-cases/get-attempt.usecase.js';
import { makeGradeQuizAnswer } from './use-cases/grade-quiz-answer.usecase.js';
import { makeListQuizEssays } from './use-cases/list-quiz-essays.usecase.js';
import { makeListAttempts } from './use-cases/list-attempts.usecase.js';
import { makeExpireOverdueAttempts } from './use-cases/expire-overdue-attempts.usecase.js';
import { makeSubmitAssignment } from './use-cases/submit-assignment.usecase.js';
import { makeListLessonAssignments } from './use-cases/list-lesson-assignments.usecase.js';
import { makeGetMyAssignment } from './use-cases/get-my-assignment.usecase.js';
import { makeGradeAssignment } from './use-cases/grade-assignment.usecase.js';
import { makeGetAssignmentSummary } from './use-cases/get-assignment-summary.usecase.js';
import { makeListGradingQueue } from './use-cases/list-grading-queue.usecase.js';
import { makeCreateQuestionCategory } from './use-cases/create-question-category.usecase.js';
import { makeListQuestionCategories } from './use-cases/list-question-categories.usecase.js';
import { makeUpdateQuestionCategory } from './use-cases/update-question-category.usecase.js';
import { makeDeleteQuestionCategory } from './use-cases/delete-question-category.usecase.js';
import { makeCreateBankQuestion } from './use-cases/create-bank-question.usecase.js';
import { makeListBankQuestions } from './use-cases/list-bank-questions.usecase.js';
import { makeImportBankQuestions } from './use-cases/import-bank-questions.usecase.js';
import { makeAddRandomSlot } from './use-cases/add-random-slot.usecase.js';
import { makeExportBankQuestions } from './use-cases/export-bank-questions.usecase.js';
import { makeListRandomSlots } from './use-cases/list-random-slots.usecase.js';
import { makeDeleteRandomSlot } from './use-cases/delete-random-slot.usecase.js';

/** Assessment's use cases and services, each under the name the container gives it (one line each). */
export const assessmentUseCases = {
  // courseQuizRequirements, studentAssignmentsReader and gradedWorkOnContent are learning's ports (the module's overrides).
  courseQuizRequirements: makeCourseQuizRequirements,
  studentAssignmentsReader: makeStudentAssignmentsReader,
  gradedWorkOnContent: makeGradedWorkOnContent,
  assessmentDashboard: makeAssessmentDashboard,
  createQuiz: makeCreateQuiz,
  updateQuiz: makeUpdateQuiz,
  deleteQuiz: makeDeleteQuiz,
  publishQuiz: makePublishQuiz,
  createQuestion: makeCreateQuestion,
  updateQuestion: makeUpdateQuestion,
  listQuestionVersions: makeListQuestionVersions,
  deleteQuestion: makeDeleteQuestion,
  duplicateQuestion: makeDuplicateQuestion,
  reorderQuestions: makeReorderQuestions,
  importQuestions: makeImportQuestions,
  exportQuizResults: makeExportQuizResults,
  getQuizAnalytics: makeGetQuizAnalytics,
  getResponseAnalysis: makeGetResponseAnalysis,
  exportQuestions: makeExportQuestions,
  listQuizzes: makeListQuizzes,
  getQuiz: makeGetQuiz,
  startAttempt: makeStartAttempt,
  saveAnswer: makeSaveAnswer,
  submitAttempt: makeSubmitAttempt,
  getAttempt: makeGetAttempt,
  gradeQuizAnswer: makeGradeQuizAnswer,
  listQuizEssays: makeListQuizEssays,
  listAttempts: makeListAttempts,
  expireOverdueAttempts: makeExpireOverdueAttempts,
  submitAssignment: makeSubmitAssignment,
  listLessonAssignments: makeListLessonAssignments,
  getMyAssignment: makeGetMyAssignment,
  gradeAssignment: makeGradeAssignment,
  getAssignmentSummary: makeGetAssignmentSummary,
  listGradingQueue: makeListGradingQueue,
  createQuestionCategory: makeCreateQuestionCategory,
  listQuestionCategories: makeListQuestionCategories,
  updateQuestionCategory: makeUpdateQuestionCategory,
  deleteQuestionCategory: makeDeleteQuestionCategory,
  createBankQuestion: makeCreateBankQuestion,
  listBankQuestions: makeListBankQuestions,
  importBankQuestions: makeImportBankQuestions,
  addRandomSlot: makeAddRandomSlot,
  exportBankQuestions: makeExportBankQuestions,
  listRandomSlots: makeListRandomSlots,
  deleteRandomSlot: makeDeleteRandomSlot,
};

/** What the container holds for this context: its ports (deps.ts) and what its table builds; route modules `Pick` from it. */
export type AssessmentRegistry = AssessmentDeps & Built<typeof assessmentUseCases>;
