import { RecordingDomainEvents } from '../../../adapters/persistence/memory/webhooks.memory.js';
import {
  MemoryCategoryRepository,
  MemoryCertificateRepository,
  MemoryCourseRepository,
  MemoryEnrollmentRepository,
  MemoryLearnerDirectory,
  MemoryLearningState,
  MemoryLessonRepository,
  MemoryModuleRepository,
  MemoryParentLinkRepository,
  MemoryProgressRepository,
} from '../../../adapters/persistence/memory/learning.memory.js';
import { MemoryAuditLog, MemorySettings, MemoryUnitOfWork } from '../../../adapters/persistence/memory/platform.memory.js';
import { MemoryTenantRepository } from '../../../adapters/persistence/memory/identity.memory.js';
import {
  noGradedWork,
  noQuizRequirements,
  noStudentAssignments,
  type CourseQuizRequirements,
} from '../../../application/learning/ports/assessment-ports.js';
import { noCategorySubscribers, type CategorySubscribers } from '../../../application/learning/ports/category-subscribers.js';
import { noSalesRecords } from '../../../application/learning/ports/sales-records.js';
import { makeLearningAccess } from '../../../application/learning/access.js';
import { makeProgressCalculator } from '../../../application/learning/course-progress.js';
import type { LearningDeps } from '../../../application/learning/deps.js';
import type { Course } from '../../../domain/learning/course.js';
import type { RoleLevel } from '../../../domain/identity/role.js';
import { FakeClock } from '../../support/fake-clock.js';

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

/** Learning use-case dependencies on memory adapters, a fake clock and deterministic ids. */
export function memoryLearning(
  overrides: { courseQuizRequirements?: CourseQuizRequirements; categorySubscribers?: CategorySubscribers } = {},
) {
  const state = new MemoryLearningState();
  const clock = new FakeClock();
  const learners = new MemoryLearnerDirectory(state);
  let codeSeq = 0;
  const deps = {
    courseRepository: new MemoryCourseRepository(state),
    categoryRepository: new MemoryCategoryRepository(state),
    moduleRepository: new MemoryModuleRepository(state),
    lessonRepository: new MemoryLessonRepository(state),
    enrollmentRepository: new MemoryEnrollmentRepository(state),
    progressRepository: new MemoryProgressRepository(state),
    certificateRepository: new MemoryCertificateRepository(state),
    parentLinkRepository: new MemoryParentLinkRepository(state),
    learnerDirectory: learners,
    courseQuizRequirements: overrides.courseQuizRequirements ?? noQuizRequirements,
    studentAssignmentsReader: noStudentAssignments,
    gradedWorkOnContent: noGradedWork,
    categorySubscribers: overrides.categorySubscribers ?? noCategorySubscribers,
    salesRecords: noSalesRecords,
    certificateRenderer: { renderPdf: async () => Buffer.from('%PDF-fake') },
    tenantRepository: new MemoryTenantRepository(),
    settingsReader: new MemorySettings(),
    fileService: undefined as unknown as LearningDeps['fileService'],
    auditLog: new MemoryAuditLog(),
    secretDigest: { digest: (s: string) => `digest:${s}` },
    clock,
    ids: { uuid },
    random: {
      // Deterministic, but every code differs: the sequence number spelled in the alphabet.
      string: (length: number, alphabet: string) =>
        String(++codeSeq)
          .padStart(length, '0')
          .split('')
          .map((d) => alphabet[Number(d)]!)
          .join(''),
      bytesHex: (n: number) => '0'.repeat(n * 2),
    },
    uow: new MemoryUnitOfWork(),
    domainEvents: new RecordingDomainEvents(),
    publicUrl: 'http://lms.test',
  } satisfies LearningDeps;
  const learningAccess = makeLearningAccess(deps);
  const progressCalculator = makeProgressCalculator(deps);

  const tenantId = uuid();
  const addUser = (role: RoleLevel, displayName = 'Learner') => {
    const id = uuid();
    learners.add(tenantId, { id, email: `${id}@example.test`, displayName, avatar: null, role, active: true });
    return id;
  };
  const addCourse = (lessons: number, over: Partial<Course> = {}) => {
    const now = clock.now();
    const course: Course = {
      id: uuid(),
      tenantId,
      title: 'Course',
      description: null,
      categoryId: null,
      difficulty: null,
      price: 0n,
      currency: 'IDR',
      coverImage: null,
      status: 'published',
      createdBy: null,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
      ...over,
    };
    state.courses.set(course.id, course);
    const moduleId = uuid();
    state.modules.set(moduleId, {
      id: moduleId,
      tenantId,
      courseId: course.id,
      title: 'M',
      description: null,
      order: 1,
      createdAt: now,
      updatedAt: now,
    });
    const lessonIds: string[] = [];
    for (let i = 0; i < lessons; i++) {
      const id = uuid();
      state.lessons.set(id, {
        id,
        tenantId,
        moduleId,
        courseId: course.id,
        title: `L${i}`,
        description: null,
        contentType: 'text',
        contentUrl: null,
        content: 'x',
        duration: 1,
        order: i + 1,
        createdAt: now,
        updatedAt: now,
      });
      lessonIds.push(id);
    }
    return { courseId: course.id, moduleId, lessonIds };
  };
  return { state, deps, clock, tenantId, learningAccess, progressCalculator, addUser, addCourse };
}
