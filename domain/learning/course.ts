import type { Minor } from '../shared/money.js';
import { Role, type RoleLevel } from '../identity/role.js';
import type { TenantRecord } from '../shared/record.js';

export const COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export interface Course extends TenantRecord {
  title: string;
  description: string | null;
  categoryId: string | null;
  /** The spec's `difficulty` (the list's `level` filter). */
  difficulty: string | null;
  price: Minor;
  currency: string;
  coverImage: string | null;
  status: CourseStatus;
  createdBy: string | null;
  publishedAt: Date | null;
}

export interface Category extends TenantRecord {
  name: string;
  slug: string;
  description: string | null;
}

export interface CourseModule extends TenantRecord {
  courseId: string;
  title: string;
  description: string | null;
  order: number;
}

export interface Lesson extends TenantRecord {
  moduleId: string;
  courseId: string;
  title: string;
  description: string | null;
  contentType: string;
  contentUrl: string | null;
  /** Text or markdown body (contract §6). */
  content: string | null;
  duration: number;
  order: number;
}

/** A lesson without its body: what outlines and navigation need. */
export type LessonSummary = Omit<Lesson, 'content'>;

/** Mentors and above read every course and its content without an enrolment (contract §5). */
export const bypassesEnrollment = (role: RoleLevel): boolean => role >= Role.Mentor;

/**
 * Who sees a course at all: published ones everybody; archived ones the students enrolled in
 * them (they keep what they have); drafts only Mentors and above. Everyone else: not found.
 */
export function canSeeCourse(course: Pick<Course, 'status'>, role: RoleLevel | null, enrolled: boolean): boolean {
  if (role !== null && bypassesEnrollment(role)) return true;
  if (course.status === 'published') return true;
  return course.status === 'archived' && enrolled;
}

/** Only published courses are listed or enrollable (contract §6). */
export const isPublic = (course: Pick<Course, 'status'>): boolean => course.status === 'published';

export const isFree = (course: Pick<Course, 'price'>): boolean => course.price === 0n;

/** The first publication is remembered; later status changes keep it. */
export function withStatus(course: Course, status: CourseStatus, now: Date): Course {
  return { ...course, status, publishedAt: status === 'published' && !course.publishedAt ? now : course.publishedAt };
}

/** Orders an outline: modules by their order, lessons by theirs within the module (ties by creation). */
export const byOrder = <T extends { order: number; createdAt: Date; id: string }>(a: T, b: T): number =>
  a.order - b.order || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function orderedLessons<L extends LessonSummary>(modules: readonly CourseModule[], lessons: readonly L[]): L[] {
  const rank = new Map([...modules].sort(byOrder).map((m, i) => [m.id, i]));
  return lessons.filter((l) => rank.has(l.moduleId)).sort((a, b) => rank.get(a.moduleId)! - rank.get(b.moduleId)! || byOrder(a, b));
}
