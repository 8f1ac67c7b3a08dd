import type { DomainEvents } from '../shared/domain-events.js';
import type { Clock, IdGenerator, RandomSource, UnitOfWork } from '../shared/ports.js';
import type { AuditLog, Mailer } from '../platform/ports.js';
import type { UserRepository } from '../identity/ports/user-repository.js';
import type { EvaluateCourseCompletion, LearningAccess } from '../learning/index.js';
import type { QuestionRepository, QuizRepository } from './ports/quiz-repository.js';
import type { AttemptRepository } from './ports/attempt-repository.js';
import type { QuizResultsReader } from './ports/quiz-results-reader.js';
import type { ResponseCountsReader } from './ports/response-counts-reader.js';
import type { SubmissionRepository } from './ports/submission-repository.js';
import type { QuestionExportWriter, QuestionImportParser } from './ports/question-import-parser.js';

/** Everything the assessment use cases may ask for; each takes the part it needs (`Pick`). */
export type AssessmentDeps = {
  quizRepository: QuizRepository;
  questionRepository: QuestionRepository;
  attemptRepository: AttemptRepository;
  quizResultsReader: QuizResultsReader;
  responseCountsReader: ResponseCountsReader;
  submissionRepository: SubmissionRepository;
  questionImportParser: QuestionImportParser;
  questionExportWriter: QuestionExportWriter;
  /** Learning's public API: enrolment gate, lesson → module → course. */
  learningAccess: LearningAccess;
  /** Learning's completion check, called when an attempt passes (contract §6). */
  evaluateCourseCompletion: EvaluateCourseCompletion;
  /** Identity's users (shared registration): the student's address for grading mail. */
  userRepository: UserRepository;
  mailer: Mailer;
  domainEvents: DomainEvents;
  auditLog: AuditLog;
  clock: Clock;
  ids: IdGenerator;
  random: RandomSource;
  uow: UnitOfWork;
};
