import type { TenantRepository } from '../identity/ports/tenant-repository.js';
import type { DomainEvents } from '../shared/domain-events.js';
import type { AuditLog, SettingsReader } from '../platform/ports.js';
import type { FileService } from '../platform/index.js';
import type { Clock, IdGenerator, RandomSource, UnitOfWork } from '../shared/ports.js';
import type { CategoryRepository, CourseRepository, LessonRepository, ModuleRepository } from './ports/catalog.js';
import type { EnrollmentRepository } from './ports/enrollment-repository.js';
import type { ProgressRepository } from './ports/progress-repository.js';
import type { CertificateRepository } from './ports/certificate-repository.js';
import type { ParentLinkRepository } from './ports/parent-link-repository.js';
import type { LearnerDirectory } from './ports/learner-directory.js';
import type { CourseQuizRequirements, GradedWorkOnContent, StudentAssignmentsReader } from './ports/assessment-ports.js';
import type { CertificateRenderer } from './ports/certificate-renderer.js';
import type { CategorySubscribers } from './ports/category-subscribers.js';
import type { SalesRecords } from './ports/sales-records.js';

/** Digest of short-lived secrets (linking codes); the shared `secretDigest` registration fits it. */
export interface CodeDigest {
  digest(secret: string): string;
}

/** Everything the learning use cases may ask for; each takes the part it needs (`Pick`). */
export type LearningDeps = {
  courseRepository: CourseRepository;
  categoryRepository: CategoryRepository;
  moduleRepository: ModuleRepository;
  lessonRepository: LessonRepository;
  enrollmentRepository: EnrollmentRepository;
  progressRepository: ProgressRepository;
  certificateRepository: CertificateRepository;
  parentLinkRepository: ParentLinkRepository;
  learnerDirectory: LearnerDirectory;
  courseQuizRequirements: CourseQuizRequirements;
  studentAssignmentsReader: StudentAssignmentsReader;
  gradedWorkOnContent: GradedWorkOnContent;
  categorySubscribers: CategorySubscribers;
  salesRecords: SalesRecords;
  certificateRenderer: CertificateRenderer;
  /** The issuer's name on certificates (identity owns tenants), unless the tenant's `SiteName` says otherwise. */
  tenantRepository: Pick<TenantRepository, 'findById'>;
  settingsReader: Pick<SettingsReader, 'get'>;
  fileService: FileService;
  auditLog: AuditLog;
  domainEvents: DomainEvents;
  secretDigest: CodeDigest;
  clock: Clock;
  ids: IdGenerator;
  random: RandomSource;
  uow: UnitOfWork;
  /** Base of the links we hand out (certificate verification). */
  publicUrl: string;
};
