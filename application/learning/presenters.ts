import type { Category, Course, CourseModule, Lesson, LessonSummary } from '../../domain/learning/course.js';
import { effectiveStatus, type Enrollment } from '../../domain/learning/enrollment.js';
import type { ProgressStatus } from '../../domain/learning/progress.js';
import type { Certificate, CertificateTemplate } from '../../domain/learning/certificate.js';
import { fromMinor } from '../../domain/shared/money.js';
import type { CourseProgress } from './course-progress.js';
import type { CourseQuiz } from './ports/assessment-ports.js';
import type { Learner } from './ports/learner-directory.js';
import type { StudentCourse, StudentSummary } from './student-summary.js';
import type { LearningAsset, Pricing, PromoCode, StudentProfileListing, SubscriptionPlan } from './ports/admin-repositories.js';
import type { EnrollmentListing } from './ports/enrollment-repository.js';

/** Wire shapes (snake_case) of the learning context; dates become ISO strings in JSON. */

export const verifyUrlOf = (publicUrl: string, code: string): string =>
  `${publicUrl}/api/lms/certificates/verify/${encodeURIComponent(code)}`;

export const categoryView = (c: Category) => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  description: c.description,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

export const courseView = (c: Course, category: Category | null = null) => ({
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
  published_at: c.publishedAt,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

export const moduleView = (m: CourseModule) => ({
  id: m.id,
  course_id: m.courseId,
  title: m.title,
  description: m.description,
  order: m.order,
  created_at: m.createdAt,
  updated_at: m.updatedAt,
});

/** A lesson without its gated content (`content`, `content_url`: contract §5). */
export const lessonSummaryView = (l: LessonSummary, status?: ProgressStatus) => ({
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

export const lessonView = (l: Lesson) => ({
  ...lessonSummaryView(l),
  content_url: l.contentUrl,
  content: l.content,
  created_at: l.createdAt,
  updated_at: l.updatedAt,
});

export const enrollmentView = (e: Enrollment, now: Date) => ({
  id: e.id,
  user_id: e.userId,
  course_id: e.courseId,
  status: effectiveStatus(e, now),
  source: e.source,
  source_ref: e.sourceRef,
  expires_at: e.expiresAt,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
});

export const courseProgressView = (p: CourseProgress) => ({
  progress: p.percentage,
  completed: p.completed,
  completed_lessons: p.completedLessons,
  total_lessons: p.totalLessons,
  quizzes_required: p.quizzesRequired,
  quizzes_passed: p.quizzesPassed,
  last_lesson_id: p.lastLessonId,
  last_activity_at: p.lastActivityAt,
});

export const courseQuizView = (q: CourseQuiz) => ({ id: q.id, title: q.title, required: q.required, best_result: q.bestResult });

export const certificateView = (c: Certificate, publicUrl: string) => ({
  id: c.id,
  code: c.code,
  course_id: c.courseId,
  user_id: c.userId,
  issued_at: c.issuedAt,
  student_name: c.studentName,
  course_title: c.courseTitle,
  verify_url: verifyUrlOf(publicUrl, c.code),
});

export const templateView = (t: Omit<CertificateTemplate, 'updatedAt'> & { updatedAt: Date | null }, isDefault = false) => ({
  course_id: t.courseId,
  title: t.title,
  body: t.body,
  background_image_url: t.backgroundImageUrl,
  orientation: t.orientation,
  is_default: isDefault,
  updated_at: t.updatedAt,
});

export const learnerView = (l: Learner) => ({ id: l.id, display_name: l.displayName, email: l.email, avatar: l.avatar });

export const studentSummaryView = (s: StudentSummary) => ({
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
) => ({
  ...courseView(c.course, c.category ?? null),
  progress: c.progress.percentage,
  last_lesson_id: c.progress.lastLessonId,
  completed: c.progress.completed,
  completed_lessons: c.progress.completedLessons,
  total_lessons: c.progress.totalLessons,
  enrollment: enrollmentView(c.enrollment, now),
});

export const contentItemView = (a: LearningAsset) => ({
  id: a.id,
  title: a.title,
  description: a.description,
  url: a.url,
  type: a.type,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});

export const pricingView = (p: Pricing) => ({
  id: p.id,
  category_id: p.categoryId,
  unit_price: fromMinor(p.unitPrice),
  currency: p.currency,
  tiers: p.tiers.map((t) => ({ min_quantity: t.minQuantity, unit_price: fromMinor(t.unitPrice) })),
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

export const planView = (p: SubscriptionPlan) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price: fromMinor(p.price),
  currency: p.currency,
  duration_days: p.durationDays,
  category_ids: p.categoryIds,
  active: p.active,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

export const promoCodeView = (p: PromoCode) => ({
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

export const studentProfileView = (s: StudentProfileListing) => ({
  id: s.profile.id,
  user_id: s.profile.userId,
  school: s.profile.school,
  grade: s.profile.grade,
  phone: s.profile.phone,
  user: { id: s.user.id, email: s.user.email, display_name: s.user.displayName, role: s.user.role, status: s.user.status },
  created_at: s.profile.createdAt,
  updated_at: s.profile.updatedAt,
});

export const enrollmentListingView = (l: EnrollmentListing, now: Date) => ({
  ...enrollmentView(l.enrollment, now),
  user: { id: l.user.id, email: l.user.email, display_name: l.user.displayName },
  course: { id: l.course.id, title: l.course.title },
});
