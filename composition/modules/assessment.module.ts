import { asValue } from 'awilix';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { assessmentJobs } from '../../adapters/jobs/registry.js';
import { assessmentRoutes } from '../../adapters/http/routes/registry.js';
import { assessmentRepositories } from '../../adapters/persistence/pg/registry.js';
import { assessmentUseCases } from '../../application/assessment/registry.js';
import { EXPIRE_ATTEMPTS_JOB } from '../../application/assessment/use-cases/expire-overdue-attempts.usecase.js';
import { questionExportWriter, questionImportParser } from '../../adapters/parsers/question-import.parser.js';

/** How often overdue attempts are swept (they are also graded whenever touched). */
export const EXPIRE_ATTEMPTS_EVERY_MS = 30_000;

/**
 * Assessment: quizzes (authoring, taking, review, import/export, statistics) and assignments.
 * Listed right after learning in modules/index.ts: it replaces learning's defaults
 * `courseQuizRequirements`, `studentAssignmentsReader` and `gradedWorkOnContent` (its `overrides`).
 */
export const assessmentModule: AppModule = {
  name: 'assessment',
  registrations: () => ({
    ...factories(assessmentRepositories),
    questionImportParser: asValue(questionImportParser),
    questionExportWriter: asValue(questionExportWriter),

    // With learning's ports `courseQuizRequirements`, `studentAssignmentsReader` and `gradedWorkOnContent` (see `overrides`).
    ...factories(assessmentUseCases),

    ...factories(assessmentJobs),
    ...factories(assessmentRoutes),
  }),
  overrides: ['courseQuizRequirements', 'studentAssignmentsReader', 'gradedWorkOnContent'],
  routes: Object.keys(assessmentRoutes),
  jobs: Object.keys(assessmentJobs),
  schedules: [{ job: EXPIRE_ATTEMPTS_JOB, everyMs: EXPIRE_ATTEMPTS_EVERY_MS }],
  dashboard: ['assessmentDashboard'],
};
