import { z } from 'zod';
import { COURSE_STATUSES } from '../../../domain/learning/course.js';
import { ENROLLMENT_SOURCES, ENROLLMENT_STATUSES } from '../../../domain/learning/enrollment.js';
import { PROGRESS_STATUSES } from '../../../domain/learning/progress.js';
import { ORIENTATIONS } from '../../../domain/learning/certificate.js';
import { PROMO_TYPES } from '../../../domain/learning/admin-resources.js';
import { id, pageOf, timestamp } from '../kit/schemas.js';
import { LoginUser } from './identity.wire.js';

/*
 * Wire shapes of the learning context: the success `data` of its routes. Each shared shape has a
 * component id (`.meta({ id })`), so the document names it once and refers to it (`$ref`).
 */

export const CategoryRef = z.object({ id, name: z.string(), slug: z.string() }).meta({ id: 'CategoryRef' });

export const Category = z
  .object({ id, name: z.string(), slug: z.string(), description: z.string().nullable(), created_at: timestamp, updated_at: timestamp })
  .meta({ id: 'Category' });

export const Course = z
  .object({
    id,
    title: z.string().meta({ examples: ['Algebra for grade 10'] }),
    description: z.string().nullable(),
    category_id: id.nullable(),
    category: CategoryRef.nullable(),
    difficulty: z
      .string()
      .nullable()
      .meta({ examples: ['beginner'] }),
    price: z.number().meta({ description: "In the currency's unit (whole rupiah for IDR); 0 is free", examples: [150000] }),
    currency: z.string().meta({ examples: ['IDR'] }),
    cover_image: z.string().nullable(),
    status: z.enum(COURSE_STATUSES),
    published_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Course' });

export const CourseModule = z
  .object({
    id,
    course_id: id,
    title: z.string(),
    description: z.string().nullable(),
    order: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Module' });

const progressStatus = z.enum(PROGRESS_STATUSES);

const lessonSummaryFields = {
  id,
  module_id: id,
  course_id: id,
  title: z.string(),
  description: z.string().nullable(),
  content_type: z.string().meta({ examples: ['text', 'video'] }),
  duration: z.number().int().meta({ description: 'Minutes' }),
  order: z.number().int(),
};

/** A lesson without its gated content (contract §5); `progress_status` is the caller's where they have one. */
export const LessonSummary = z.object({ ...lessonSummaryFields, progress_status: progressStatus.optional() }).meta({ id: 'LessonSummary' });

export const Lesson = z
  .object({
    ...lessonSummaryFields,
    content_url: z.string().nullable(),
    content: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Lesson' });

export const Enrollment = z
  .object({
    id,
    user_id: id,
    course_id: id,
    status: z.enum(ENROLLMENT_STATUSES).meta({ description: 'An active enrolment past `expires_at` reads `expired`' }),
    source: z.enum(ENROLLMENT_SOURCES),
    source_ref: z.string().nullable().meta({ description: 'The order or subscription that granted it' }),
    expires_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Enrollment' });

export const CourseProgress = z
  .object({
    progress: z
      .number()
      .int()
      .min(0)
      .max(100)
      .meta({ description: 'Share of lessons completed and published quizzes passed, rounded down' }),
    completed: z.boolean(),
    completed_lessons: z.number().int(),
    total_lessons: z.number().int(),
    quizzes_required: z.number().int(),
    quizzes_passed: z.number().int(),
    last_lesson_id: id.nullable(),
    last_activity_at: timestamp.nullable(),
  })
  .meta({ id: 'CourseProgress' });

export const Certificate = z
  .object({
    id,
    code: z.string().meta({ examples: ['K7QF-2MZP-8XRT'] }),
    course_id: id,
    user_id: id,
    issued_at: timestamp,
    student_name: z.string(),
    course_title: z.string(),
    verify_url: z.string().meta({ description: "The public verification page (the QR code's link)" }),
  })
  .meta({ id: 'Certificate' });

export const Outline = Course.extend({
  total_lessons: z.number().int(),
  total_duration: z.number().int().meta({ description: 'Minutes' }),
  modules: z.array(CourseModule.extend({ lessons: z.array(LessonSummary) })),
}).meta({ id: 'CourseOutline' });

export const CourseQuiz = z
  .object({
    id,
    title: z.string(),
    required: z
      .boolean()
      .meta({ description: 'Published: completing the course needs it passed (drafts are listed to Mentors and above only)' }),
    best_result: z
      .object({ score: z.number(), percentage: z.number(), passed: z.boolean() })
      .nullable()
      .meta({ description: "The caller's best graded attempt (highest percentage, then a pass, then the earliest); null before any" }),
  })
  .meta({ id: 'CourseQuiz' });

export const CourseDetail = Outline.extend({
  enrolled: z.boolean(),
  can_access: z.boolean().meta({ description: 'Whether the caller may open lesson content (enrolled, or Mentor and above)' }),
  enrollment: Enrollment.nullable(),
  progress: CourseProgress,
  certificate: Certificate.nullable(),
  quizzes: z.array(CourseQuiz).meta({ description: "The course's quizzes, newest first, as the quiz list shows them to the caller" }),
}).meta({ id: 'CourseDetail' });

/** A course of a student (my-courses, a parent's view): the course plus progress (contract §6). */
export const StudentCourse = Course.extend({
  progress: z.number().int().min(0).max(100),
  last_lesson_id: id.nullable(),
  completed: z.boolean(),
  completed_lessons: z.number().int(),
  total_lessons: z.number().int(),
  enrollment: Enrollment,
}).meta({ id: 'StudentCourse' });

export const LessonDetail = Lesson.extend({
  module: z.object({ id, title: z.string() }),
  course: z.object({ id, title: z.string() }),
  progress_status: progressStatus,
  previous_lesson_id: id.nullable(),
  next_lesson_id: id.nullable(),
}).meta({ id: 'LessonDetail' });

export const ProgressOutcome = z
  .object({
    lesson_id: id,
    status: progressStatus,
    started_at: timestamp.nullable(),
    completed_at: timestamp.nullable(),
    course: CourseProgress.extend({ course_id: id }),
    certificate: Certificate.nullable().meta({ description: 'The course certificate, when the caller has one' }),
    certificate_issued: z.boolean().meta({ description: 'True when this very call completed the course and issued it' }),
  })
  .meta({ id: 'ProgressOutcome' });

export const ContinueOutcome = ProgressOutcome.extend({ next_lesson: LessonSummary.nullable() }).meta({ id: 'ContinueOutcome' });

export const CoursePage = pageOf(Course).meta({ id: 'CoursePage' });
export const StudentCoursePage = pageOf(StudentCourse).meta({ id: 'StudentCoursePage' });
export const ModulePage = pageOf(CourseModule).meta({ id: 'ModulePage' });
export const LessonSummaryPage = pageOf(LessonSummary).meta({ id: 'LessonSummaryPage' });

export const CertificatePage = pageOf(Certificate).meta({ id: 'CertificatePage' });

export const CertificateVerification = z
  .object({
    valid: z.boolean(),
    code: z.string(),
    student_name: z.string(),
    course_id: id,
    course_title: z.string(),
    issued_at: timestamp,
  })
  .meta({ id: 'CertificateVerification' });

export const CertificateTemplate = z
  .object({
    course_id: id,
    title: z.string(),
    body: z.string().meta({ description: 'Placeholders: {{student_name}} {{course_title}} {{issued_at}} {{code}}' }),
    background_image_url: z.string().nullable(),
    orientation: z.enum(ORIENTATIONS),
    is_default: z.boolean().meta({ description: 'True when the course has no template of its own' }),
    updated_at: timestamp.nullable(),
  })
  .meta({ id: 'CertificateTemplate' });

/** A student as their parents (and mentors) see them. */
export const Learner = z.object({ id, display_name: z.string(), email: z.string(), avatar: z.string().nullable() }).meta({ id: 'Learner' });

export const StudentSummary = z
  .object({
    courses_enrolled: z.number().int(),
    courses_completed: z.number().int(),
    average_progress: z.number(),
    certificates: z.number().int(),
    last_activity_at: timestamp.nullable(),
  })
  .meta({ id: 'StudentSummary' });

export const LinkingCode = z
  .object({ linking_code: z.string().meta({ examples: ['K7QF2MZP'] }), expires_at: timestamp })
  .meta({ id: 'LinkingCode', description: '8 characters without look-alikes, valid 24 hours, single use' });

export const LinkedStudent = Learner.extend({ linked_at: timestamp }).meta({ id: 'LinkedStudent' });

export const ParentInvitation = z
  .object({ email: z.string().meta({ examples: ['ibu.rahma@example.com'] }), expires_at: timestamp })
  .meta({ id: 'ParentInvitation', description: 'Mailed as a single-use link, valid 7 days' });

export const AcceptedParentInvitation = z
  .object({
    user: LoginUser,
    student: Learner,
    account_created: z.boolean(),
    linked_at: timestamp,
  })
  .meta({ id: 'AcceptedParentInvitation' });
/** A linked student and their progress summary (no `meta` id: the document shows it inline, as before). */
export const LearnerWithSummary = Learner.extend({ summary: StudentSummary });
export const LinkedStudentWithSummary = LinkedStudent.extend({ summary: StudentSummary }).meta({ id: 'LinkedStudentWithSummary' });
export const LinkedStudentPage = pageOf(LinkedStudentWithSummary).meta({ id: 'LinkedStudentPage' });

export const ParentDashboard = z
  .object({
    totals: z.object({
      students: z.number().int(),
      courses_enrolled: z.number().int(),
      courses_completed: z.number().int(),
      certificates: z.number().int(),
    }),
    students: z.array(Learner.extend({ summary: StudentSummary, courses: z.array(StudentCourse) })),
  })
  .meta({ id: 'ParentDashboard' });

export const StudentProgress = z
  .object({ student: Learner, summary: StudentSummary, courses: z.array(StudentCourse) })
  .meta({ id: 'StudentProgress' });

export const StudentAssignment = z
  .object({
    id,
    lesson_id: id,
    lesson_title: z.string().nullable(),
    course_id: id.nullable(),
    status: z.enum(['submitted', 'graded']),
    score: z.number().nullable(),
    feedback: z.string().nullable(),
    submitted_at: timestamp,
    graded_at: timestamp.nullable(),
  })
  .meta({ id: 'StudentAssignment' });
export const StudentAssignmentPage = pageOf(StudentAssignment).meta({ id: 'StudentAssignmentPage' });

export const ContentItem = z
  .object({
    id,
    title: z.string(),
    description: z.string().nullable(),
    url: z.string().nullable(),
    type: z.string().meta({ examples: ['link'] }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'ContentItem', description: 'A learning asset or a library item' });
export const ContentItemPage = pageOf(ContentItem).meta({ id: 'ContentItemPage' });

export const Pricing = z
  .object({
    id,
    category_id: id,
    unit_price: z.number(),
    currency: z.string(),
    tiers: z.array(z.object({ min_quantity: z.number().int(), unit_price: z.number() })).meta({ description: 'Ascending by min_quantity' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Pricing' });

export const SubscriptionPlan = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    price: z.number(),
    currency: z.string(),
    duration_days: z.number().int(),
    category_ids: z.array(id),
    active: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'SubscriptionPlan' });

export const PromoCode = z
  .object({
    id,
    code: z.string().meta({ examples: ['HEMAT10'] }),
    type: z.enum(PROMO_TYPES),
    value: z.number(),
    valid_from: timestamp.nullable(),
    valid_until: timestamp.nullable(),
    max_uses: z.number().int().nullable().meta({ description: 'null: unlimited' }),
    used_count: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'PromoCode' });

export const StudentProfile = z
  .object({
    id,
    user_id: id,
    school: z.string().nullable(),
    grade: z.string().nullable(),
    phone: z.string().nullable(),
    user: z.object({ id, email: z.string(), display_name: z.string(), role: z.number().int(), status: z.number().int() }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'StudentProfile' });

export const EnrollmentListing = Enrollment.extend({
  user: z.object({ id, email: z.string(), display_name: z.string() }),
  course: z.object({ id, title: z.string() }),
}).meta({ id: 'EnrollmentListing' });

/** A record of one of the admin resources (`:resource` says which). */
export const AdminRecord = z
  .union([Category, ContentItem, Pricing, SubscriptionPlan, StudentProfile, EnrollmentListing, PromoCode])
  .meta({ id: 'AdminRecord' });
export const AdminRecordPage = pageOf(AdminRecord).meta({ id: 'AdminRecordPage' });

/** The dashboard overview's `learning` section (learning-dashboard.ts), one shape per role. */
export const LearningSection = z
  .union([
    StudentSummary.extend({
      courses_in_progress: z.number().int(),
      continue_learning: z
        .array(CourseProgress.extend({ course_id: id, title: z.string() }))
        .meta({ description: 'Courses with recent activity, latest first' }),
    }).meta({ title: 'Student' }),
    z
      .object({
        linked_students: z.number().int(),
        students: z.array(Learner.extend(StudentSummary.shape)).meta({ description: 'The first linked children, each with a summary' }),
      })
      .meta({ title: 'Parent' }),
    z
      .object({
        courses_published: z.number().int(),
        active_enrollments: z.number().int(),
        enrollments_last_30_days: z.number().int(),
        certificates_issued: z.number().int(),
        certificates_last_30_days: z.number().int(),
        courses_by_status: z.object(Object.fromEntries(COURSE_STATUSES.map((s) => [s, z.number().int()]))).optional(),
        categories: z.number().int().optional(),
      })
      .meta({ title: 'Staff', description: 'Mentors and admins; admins also the catalogue by status (`courses_by_status`, `categories`)' }),
  ])
  .meta({ id: 'LearningSection' });
