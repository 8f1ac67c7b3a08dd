import type { StudentAssignment } from '../../../application/learning/ports/assessment-ports.js';
import type { CourseDetail } from '../../../application/learning/use-cases/get-course-detail.usecase.js';
import type { LessonDetail } from '../../../application/learning/use-cases/get-lesson.usecase.js';
import type { ProgressOutcome } from '../../../application/learning/use-cases/record-progress.usecase.js';
import type { User } from '../../../domain/identity/user.js';
import type { AcceptedInvitation } from '../../../application/learning/use-cases/accept-parent-invitation.usecase.js';
import type { ParentDashboard } from '../../../application/learning/use-cases/get-parent-dashboard.usecase.js';
import type { LinkedStudentDetail } from '../../../application/learning/use-cases/get-linked-student.usecase.js';
import type { LinkedStudent } from '../../../application/learning/use-cases/list-linked-students.usecase.js';
import type { VerifiedCertificate } from '../../../application/learning/use-cases/verify-certificate.usecase.js';
import type { Outline } from '../../../application/learning/outline.js';
import type { z } from 'zod';
import type * as wire from './learning.wire.js';
import { isoTime, isoTimeOrNull } from '../kit/schemas.js';
import { publicPlanView } from './commerce.present.js';
import type { Category, Course, CourseModule, Lesson, LessonSummary } from '../../../domain/learning/course.js';
import { effectiveStatus, type Enrollment } from '../../../domain/learning/enrollment.js';
import type { ProgressStatus } from '../../../domain/learning/progress.js';
import type { Certificate, CertificateTemplate } from '../../../domain/learning/certificate.js';
import { fromMinor } from '../../../domain/shared/money.js';
import { certificateVerifyUrl } from '../../../application/learning/certificate-links.js';
import type { LearningSection } from '../../../application/learning/learning-dashboard.js';
import type { CourseProgress } from '../../../application/learning/course-progress.js';
import type { CourseQuiz } from '../../../application/learning/ports/assessment-ports.js';
import type { Learner } from '../../../application/learning/ports/learner-directory.js';
import type { StudentCourse, StudentSummary } from '../../../application/learning/student-summary.js';
import type {
  LearningAsset,
  Pricing,
  PromoCode,
  StudentProfileListing,
  SubscriptionPlan,
} from '../../../application/learning/ports/admin-repositories.js';
import type { EnrollmentListing } from '../../../application/learning/ports/enrollment-repository.js';
import type { CategoryRef, ListedCourse, OutlineLesson } from '../../../application/learning/ports/catalog.js';

/** Wire shapes (snake_case) of the learning context; dates become ISO strings in JSON. */

export const categoryView = (c: Category): z.input<typeof wire.Category> => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  description: c.description,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

/** A course as every route answers it, from the catalogue's read model (its times as text already) or the entity. */
export const courseView = (c: ListedCourse | Course, category: CategoryRef | null = null): z.input<typeof wire.Course> => ({
  id: c.id,
  title: c.title,
  description: c.description,
  category_id: c.categoryId,
  category: category ? { id: category.id, name: category.name, slug: category.slug } : null,
  difficulty: c.difficulty,
  price: fromMinor(c.price),
  currency: c.currency,
  cover_image: c.coverImage,
  status: c.status,
  published_at: isoTimeOrNull(c.publishedAt),
  created_at: isoTime(c.createdAt),
  updated_at: isoTime(c.updatedAt),
});

export const moduleView = (m: CourseModule): z.input<typeof wire.CourseModule> => ({
  id: m.id,
  course_id: m.courseId,
  title: m.title,
  description: m.description,
  order: m.order,
  created_at: isoTime(m.createdAt),
  updated_at: isoTime(m.updatedAt),
});

/** A lesson without its gated content (`content`, `content_url`: contract §5). */
export const lessonSummaryView = (l: OutlineLesson, status?: ProgressStatus): z.input<typeof wire.LessonSummary> => ({
  id: l.id,
  module_id: l.moduleId,
  course_id: l.courseId,
  title: l.title,
  description: l.description,
  content_type: l.contentType,
  duration: l.duration,
  order: l.order,
  ...(status !== undefined ? { progress_status: status } : {}),
});

export const lessonView = (l: Lesson): z.input<typeof wire.Lesson> => ({
  ...lessonSummaryView(l),
  content_url: l.contentUrl,
  content: l.content,
  created_at: l.createdAt,
  updated_at: l.updatedAt,
});

export const enrollmentView = (e: Enrollment, now: Date): z.input<typeof wire.Enrollment> => ({
  id: e.id,
  user_id: e.userId,
  course_id: e.courseId,
  status: effectiveStatus(e, now),
  source: e.source,
  source_ref: e.sourceRef,
  expires_at: isoTimeOrNull(e.expiresAt),
  created_at: isoTime(e.createdAt),
  updated_at: isoTime(e.updatedAt),
});

export const courseProgressView = (p: CourseProgress): z.input<typeof wire.CourseProgress> => ({
  progress: p.percentage,
  completed: p.completed,
  completed_lessons: p.completedLessons,
  total_lessons: p.totalLessons,
  quizzes_required: p.quizzesRequired,
  quizzes_passed: p.quizzesPassed,
  last_lesson_id: p.lastLessonId,
  last_activity_at: isoTimeOrNull(p.lastActivityAt),
});

export const courseQuizView = (q: CourseQuiz): z.input<typeof wire.CourseQuiz> => ({
  id: q.id,
  title: q.title,
  required: q.required,
  best_result: q.bestResult,
});

export const certificateView = (c: Certificate, publicUrl: string): z.input<typeof wire.Certificate> => ({
  id: c.id,
  code: c.code,
  course_id: c.courseId,
  user_id: c.userId,
  issued_at: isoTime(c.issuedAt),
  student_name: c.studentName,
  course_title: c.courseTitle,
  verify_url: certificateVerifyUrl(publicUrl, c.code),
});

export const templateView = (
  t: Omit<CertificateTemplate, 'updatedAt'> & { updatedAt: Date | null },
  isDefault = false,
): z.input<typeof wire.CertificateTemplate> => ({
  course_id: t.courseId,
  title: t.title,
  body: t.body,
  background_image_url: t.backgroundImageUrl,
  orientation: t.orientation,
  is_default: isDefault,
  updated_at: t.updatedAt,
});

export const learnerView = (l: Learner): z.input<typeof wire.Learner> => ({
  id: l.id,
  display_name: l.displayName,
  email: l.email,
  avatar: l.avatar,
});

export const studentSummaryView = (s: StudentSummary): z.input<typeof wire.StudentSummary> => ({
  courses_enrolled: s.coursesEnrolled,
  courses_completed: s.coursesCompleted,
  average_progress: s.averageProgress,
  certificates: s.certificates,
  last_activity_at: s.lastActivityAt,
});

/** A course of a student (my-courses, a parent's view): the course fields plus `progress` and `last_lesson_id` (contract §6). */
export const studentCourseView = (
  c: Pick<StudentCourse, 'course' | 'enrollment' | 'progress'> & { category?: Category | null },
  now: Date,
): z.input<typeof wire.StudentCourse> => ({
  ...courseView(c.course, c.category ?? null),
  progress: c.progress.percentage,
  last_lesson_id: c.progress.lastLessonId,
  completed: c.progress.completed,
  completed_lessons: c.progress.completedLessons,
  total_lessons: c.progress.totalLessons,
  enrollment: enrollmentView(c.enrollment, now),
});

export const contentItemView = (a: LearningAsset): z.input<typeof wire.ContentItem> => ({
  id: a.id,
  title: a.title,
  description: a.description,
  url: a.url,
  type: a.type,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});

export const pricingView = (p: Pricing): z.input<typeof wire.Pricing> => ({
  id: p.id,
  category_id: p.categoryId,
  unit_price: fromMinor(p.unitPrice),
  currency: p.currency,
  tiers: p.tiers.map((t) => ({ min_quantity: t.minQuantity, unit_price: fromMinor(t.unitPrice) })),
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

/** The plan as the public list shows it, with its times. */
export const planView = (p: SubscriptionPlan): z.input<typeof wire.SubscriptionPlan> => ({
  ...publicPlanView(p),
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

export const promoCodeView = (p: PromoCode): z.input<typeof wire.PromoCode> => ({
  id: p.id,
  code: p.code,
  type: p.type,
  value: fromMinor(p.value),
  valid_from: p.validFrom,
  valid_until: p.validUntil,
  max_uses: p.maxUses,
  used_count: p.usedCount,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

export const studentProfileView = (s: StudentProfileListing): z.input<typeof wire.StudentProfile> => ({
  id: s.profile.id,
  user_id: s.profile.userId,
  school: s.profile.school,
  grade: s.profile.grade,
  phone: s.profile.phone,
  user: { id: s.user.id, email: s.user.email, display_name: s.user.displayName, role: s.user.role, status: s.user.status },
  created_at: s.profile.createdAt,
  updated_at: s.profile.updatedAt,
});

export const enrollmentListingView = (l: EnrollmentListing, now: Date): z.input<typeof wire.EnrollmentListing> => ({
  ...enrollmentView(l.enrollment, now),
  user: { id: l.user.id, email: l.user.email, display_name: l.user.displayName },
  course: { id: l.course.id, title: l.course.title },
});

/** The `learning` section of the dashboard overview, shaped by the caller's role. */
export const learningSectionView = (s: LearningSection): z.input<typeof wire.LearningSection> => {
  switch (s.kind) {
    case 'student':
      return {
        ...studentSummaryView(s.summary),
        courses_in_progress: s.coursesInProgress,
        continue_learning: s.continueLearning.map((c) => ({ course_id: c.courseId, title: c.title, ...courseProgressView(c.progress) })),
      };
    case 'parent':
      return {
        linked_students: s.linkedStudents,
        students: s.students.map((x) => ({ ...learnerView(x.learner), ...studentSummaryView(x.summary) })),
      };
    case 'staff':
      return {
        courses_published: s.coursesPublished,
        active_enrollments: s.activeEnrollments,
        enrollments_last_30_days: s.enrollmentsLast30Days,
        certificates_issued: s.certificatesIssued,
        certificates_last_30_days: s.certificatesLast30Days,
        ...(s.catalogue ? { courses_by_status: s.catalogue.coursesByStatus, categories: s.catalogue.categories } : {}),
      };
  }
};

/** A course with its modules and their lessons (each with the caller's status when `status` is given). */
export const outlineView = (o: Outline, status?: Map<string, ProgressStatus>): z.input<typeof wire.Outline> => ({
  ...courseView(o.course, o.category),
  total_lessons: o.lessons.length,
  total_duration: o.lessons.reduce((s, l) => s + l.duration, 0),
  modules: o.modules.map(({ module, lessons }) => ({
    ...moduleView(module),
    lessons: lessons.map((l) => lessonSummaryView(l, status ? (status.get(l.id) ?? 'not_started') : undefined)),
  })),
});

/** The course page as its caller sees it: GET answers it, and so do create and update. */
export const courseDetailView = (c: CourseDetail, now: Date, publicUrl: string): z.input<typeof wire.CourseDetail> => ({
  ...outlineView(c, c.lessonStatus),
  enrolled: c.enrollment !== null && enrollmentView(c.enrollment, now).status === 'active',
  can_access: c.canAccess,
  enrollment: c.enrollment ? enrollmentView(c.enrollment, now) : null,
  progress: courseProgressView(c.progress),
  certificate: c.certificate ? certificateView(c.certificate, publicUrl) : null,
  quizzes: c.quizzes.map(courseQuizView),
});

export const lessonDetailView = (l: LessonDetail): z.input<typeof wire.LessonDetail> => ({
  ...lessonView(l.lesson),
  module: { id: l.module.id, title: l.module.title },
  course: { id: l.course.id, title: l.course.title },
  progress_status: l.progress?.status ?? 'not_started',
  previous_lesson_id: l.previousLessonId,
  next_lesson_id: l.nextLessonId,
});

/** A lesson's progress saved, with where the course stands and the certificate it may have issued. */
export const progressView = (p: ProgressOutcome, publicUrl: string): z.input<typeof wire.ProgressOutcome> => ({
  lesson_id: p.progress.lessonId,
  status: p.progress.status,
  started_at: p.progress.startedAt,
  completed_at: p.progress.completedAt,
  course: { course_id: p.progress.courseId, ...courseProgressView(p.course) },
  certificate: p.completion.certificate ? certificateView(p.completion.certificate, publicUrl) : null,
  certificate_issued: p.completion.issued,
});

export const continueOutcomeView = (
  c: ProgressOutcome & { next: LessonSummary | null },
  publicUrl: string,
): z.input<typeof wire.ContinueOutcome> => ({
  ...progressView(c, publicUrl),
  next_lesson: c.next ? lessonSummaryView(c.next) : null,
});

/** A child's assignment as a parent sees it. */
export const assignmentView = (a: StudentAssignment): z.input<typeof wire.StudentAssignment> => ({
  id: a.id,
  lesson_id: a.lessonId,
  lesson_title: a.lessonTitle,
  course_id: a.courseId,
  status: a.status,
  score: a.score,
  feedback: a.feedback,
  submitted_at: a.submittedAt,
  graded_at: a.gradedAt,
});

export const linkingCodeView = (c: { code: string; expiresAt: Date }): z.input<typeof wire.LinkingCode> => ({
  linking_code: c.code,
  expires_at: c.expiresAt,
});

/** The same answer whether or not the address has an account. */
export const parentInvitationView = (x: { email: string; expiresAt: Date }): z.input<typeof wire.ParentInvitation> => ({
  email: x.email,
  expires_at: x.expiresAt,
});

const parentUserView = (p: User) => ({ id: p.id, email: p.email, display_name: p.displayName, role: p.role, status: p.status });

export const acceptedParentInvitationView = (a: AcceptedInvitation): z.input<typeof wire.AcceptedParentInvitation> => ({
  user: parentUserView(a.parent),
  student: learnerView(a.student),
  account_created: a.accountCreated,
  linked_at: a.linkedAt,
});

export const linkedStudentView = (x: { student: Learner; linkedAt: Date }): z.input<typeof wire.LinkedStudent> => ({
  ...learnerView(x.student),
  linked_at: x.linkedAt,
});

export const linkedStudentWithSummaryView = (s: LinkedStudent): z.input<typeof wire.LinkedStudentWithSummary> => ({
  ...learnerView(s.student),
  linked_at: s.linkedAt,
  summary: studentSummaryView(s.summary),
});

export const learnerWithSummaryView = (s: Pick<LinkedStudentDetail, 'student' | 'summary'>): z.input<typeof wire.LearnerWithSummary> => ({
  ...learnerView(s.student),
  summary: studentSummaryView(s.summary),
});

/** A linked child's courses and progress. */
export const studentProgressView = (s: LinkedStudentDetail, now: Date): z.input<typeof wire.StudentProgress> => ({
  student: learnerView(s.student),
  summary: studentSummaryView(s.summary),
  courses: s.courses.map((c) => studentCourseView(c, now)),
});

export const parentDashboardView = (dash: ParentDashboard, now: Date): z.input<typeof wire.ParentDashboard> => ({
  totals: {
    students: dash.totals.students,
    courses_enrolled: dash.totals.coursesEnrolled,
    courses_completed: dash.totals.coursesCompleted,
    certificates: dash.totals.certificates,
  },
  students: dash.students.map((s) => ({
    ...learnerView(s.student),
    summary: studentSummaryView(s.summary),
    courses: s.courses.map((c) => studentCourseView(c, now)),
  })),
});

/** Public verification by code (JSON; a browser gets a page instead). */
export const certificateVerificationView = ({ certificate: c }: VerifiedCertificate): z.input<typeof wire.CertificateVerification> => ({
  valid: true,
  code: c.code,
  student_name: c.studentName,
  course_id: c.courseId,
  course_title: c.courseTitle,
  issued_at: c.issuedAt,
});
