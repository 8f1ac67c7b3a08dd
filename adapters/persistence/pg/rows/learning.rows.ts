import type { Category, Course, CourseModule, Lesson } from '../../../../domain/learning/course.js';
import type { Enrollment } from '../../../../domain/learning/enrollment.js';
import type { Certificate, CertificateTemplate } from '../../../../domain/learning/certificate.js';
import type { LessonProgress } from '../../../../domain/learning/progress.js';
import type { LinkingCode, ParentLink } from '../../../../domain/learning/parent-link.js';
import type { ParentInvitation } from '../../../../domain/learning/parent-invitation.js';
import type { StudentProfile } from '../../../../application/learning/ports/admin-repositories.js';

/**
 * Rows of the learning catalogue, enrolments and certificates (conventions in commerce.rows.ts).
 * Where a row is the entity column for column it is that type; money (`courses.price`) is
 * decimal text, and modules and lessons keep their position as `sortOrder`.
 */

export type CourseRow = Omit<Course, 'price'> & { price: string };
/** A course's own columns (not its tenant or author), its times as `T`: Dates, or `utcText`'s text. */
export type OwnCourseRow<T> = Pick<
  CourseRow,
  'id' | 'title' | 'description' | 'categoryId' | 'difficulty' | 'price' | 'currency' | 'coverImage' | 'status'
> & { publishedAt: T | null; createdAt: T; updatedAt: T };
/** A catalogue row: the course's answered columns, its times as `utcText` writes them, and its category's name and slug (null without one). */
export type CatalogueRow = OwnCourseRow<string> & { categoryName: string | null; categorySlug: string | null };
export type CategoryRow = Category;

export type ModuleRow = Omit<CourseModule, 'order'> & { sortOrder: number };
export type LessonRow = Omit<Lesson, 'order'> & { sortOrder: number };
/** A lesson as outlines read it: without its body. */
export type LessonSummaryRow = Omit<LessonRow, 'content'>;

export type EnrollmentRow = Enrollment;
export type CertificateRow = Certificate;
export type CertificateTemplateRow = CertificateTemplate;

export type LessonProgressRow = LessonProgress;
export type LinkingCodeRow = LinkingCode;
export type ParentLinkRow = ParentLink;
export type ParentInvitationRow = ParentInvitation;
export type StudentProfileRow = StudentProfile;

declare module 'knex/types/tables.js' {
  interface Tables {
    courses: CourseRow;
    course_categories: CategoryRow;
    course_modules: ModuleRow;
    lessons: LessonRow;
    enrollments: EnrollmentRow;
    certificates: CertificateRow;
    certificate_templates: CertificateTemplateRow;
    lesson_progress: LessonProgressRow;
    linking_codes: LinkingCodeRow;
    parent_links: ParentLinkRow;
    parent_invitations: ParentInvitationRow;
    student_profiles: StudentProfileRow;
  }
}
