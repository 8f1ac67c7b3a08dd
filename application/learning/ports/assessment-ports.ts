import type { Page, PageRequest } from '../../shared/ports.js';

export interface QuizStatus {
  /** Published quizzes of the course. */
  required: number;
  /** Of those, the ones the user has passed. */
  passed: number;
}

/**
 * Course completion needs every published quiz passed (contract §6). Quizzes belong to the
 * assessment context, which registers its implementation under `courseQuizRequirements`;
 * until then the default answers "no quizzes".
 */
export interface CourseQuizRequirements {
  status(tenantId: string, userId: string, courseId: string): Promise<QuizStatus>;
  /** Per user and course in one query (`${userId}:${courseId}` keys; missing means none). */
  statusMany(tenantId: string, userIds: readonly string[], courseIds: readonly string[]): Promise<Map<string, QuizStatus>>;
}

/**
 * A quiz of a course with one user's results, as the course page lists it: a read model of
 * assessment's quizzes and attempts that learning's page statement reads itself (`findPageForLearner`;
 * docs/architecture.md, "Read models across contexts"), not an assessment entity.
 */
export interface CourseQuiz {
  id: string;
  title: string;
  /** Published: completion needs it passed (contract §6). */
  required: boolean;
  /** Whether any attempt of the user passed: what completion counts. */
  passed: boolean;
  /** The user's best graded attempt (highest percentage, then a pass, then the earliest); null before any. */
  bestResult: QuizResult | null;
}

export interface QuizResult {
  score: number;
  percentage: number;
  passed: boolean;
}

export interface StudentAssignment {
  id: string;
  lessonId: string;
  lessonTitle: string | null;
  courseId: string | null;
  status: 'submitted' | 'graded';
  score: number | null;
  feedback: string | null;
  submittedAt: Date;
  gradedAt: Date | null;
}

/** A student's assignment submissions, for parents (assessment registers `studentAssignmentsReader`). */
export interface StudentAssignmentsReader {
  list(tenantId: string, studentId: string, page: PageRequest): Promise<Page<StudentAssignment>>;
}

/**
 * Learners' graded work held by learning content, which deleting the content would take with it
 * (assessment registers `gradedWorkOnContent`).
 */
export interface GradedWorkOnContent {
  /** Attempts on the module's quizzes, which stay locked against new attempts until the unit of work ends. */
  attemptsInModule(tenantId: string, moduleId: string): Promise<number>;
  /** Attempts on the course's quizzes, which stay locked against new attempts until the unit of work ends. */
  attemptsInCourse(tenantId: string, courseId: string): Promise<number>;
  /** Assignment submissions on these lessons. */
  submissionsOnLessons(tenantId: string, lessonIds: readonly string[]): Promise<number>;
  /** Assignment submissions on any lesson of the course. */
  submissionsInCourse(tenantId: string, courseId: string): Promise<number>;
}

export const noGradedWork: GradedWorkOnContent = {
  attemptsInModule: async () => 0,
  attemptsInCourse: async () => 0,
  submissionsOnLessons: async () => 0,
  submissionsInCourse: async () => 0,
};

export const noQuizRequirements: CourseQuizRequirements = {
  status: async () => ({ required: 0, passed: 0 }),
  statusMany: async () => new Map(),
};

export const noStudentAssignments: StudentAssignmentsReader = {
  list: async (_tenantId, _studentId, page) => ({ items: [], total: 0, page: page.page, pageSize: page.pageSize }),
};

export const quizKey = (userId: string, courseId: string): string => `${userId}:${courseId}`;
