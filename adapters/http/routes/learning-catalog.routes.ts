import { z } from 'zod';
import type { Actor } from '../../../application/shared/actor.js';
import type { LoginClaim } from '../../../application/identity/login-claim.js';
import type { Clock } from '../../../application/shared/ports.js';
import {
  categoryView,
  continueOutcomeView,
  courseDetailView,
  courseView,
  enrollmentView,
  lessonDetailView,
  lessonSummaryView,
  lessonView,
  moduleView,
  outlineView,
  progressView,
  studentCourseView,
} from '../wire/learning.present.js';
import { COURSE_STATUSES, type Lesson } from '../../../domain/learning/course.js';
import { PROGRESS_STATUSES } from '../../../domain/learning/progress.js';
import { Role } from '../../../domain/identity/role.js';
import { reply } from '../kit/envelope.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import { acknowledgement, idParam, pageQuery, pageView, requiredText, text, toPageRequest, uuid } from '../kit/schemas.js';
import type { RouteModule } from '../kit/route-table.js';
import { removeById } from './route-helpers.js';
import { currency, mediaUrl, money, optionalText, searchQuery } from './learning-schemas.js';
import * as wire from '../wire/learning.wire.js';
import type { LearningRegistry } from '../../../application/learning/registry.js';

type Deps = Pick<
  LearningRegistry,
  | 'listCourses'
  | 'getPublicOutline'
  | 'getCourseDetail'
  | 'listMyCourses'
  | 'listCategories'
  | 'createCourse'
  | 'updateCourse'
  | 'deleteCourse'
  | 'listModules'
  | 'listLessons'
  | 'getLesson'
  | 'createModule'
  | 'updateModule'
  | 'deleteModule'
  | 'reorderModules'
  | 'createLesson'
  | 'updateLesson'
  | 'deleteLesson'
  | 'enrollInFreeCourse'
  | 'recordProgress'
  | 'continueLesson'
> & {
  clock: Clock;
  publicUrl: string;
};

const status = z.enum(COURSE_STATUSES);
const CourseBody = z.object({
  title: requiredText(300),
  description: optionalText(20_000),
  category_id: uuid.nullable().optional(),
  difficulty: text(50).nullable().optional(),
  price: money.optional(),
  currency: currency.optional(),
  cover_image: mediaUrl.nullable().optional(),
  status: status.optional(),
});
const CourseUpdate = CourseBody.partial();
const toCourseInput = (b: z.infer<typeof CourseUpdate>) => ({
  title: b.title,
  description: b.description,
  categoryId: b.category_id,
  difficulty: b.difficulty,
  price: b.price,
  currency: b.currency,
  coverImage: b.cover_image,
  status: b.status,
});
const CourseListQuery = pageQuery.extend({
  category: z.string().trim().max(120).optional(),
  level: z.string().trim().max(50).optional(),
  search: searchQuery,
  status: status.optional(),
});

const order = z.number().int().min(0).max(1_000_000);
const ModuleBody = z.object({ course_id: uuid, title: requiredText(300), description: optionalText(5000), order: order.optional() });
const ModuleUpdate = ModuleBody.omit({ course_id: true }).partial();
const ReorderBody = z.object({ module_ids: z.array(uuid).min(1).max(1000), course_id: uuid.optional() });
const LessonBody = z.object({
  module_id: uuid,
  title: requiredText(300),
  description: optionalText(5000),
  content_type: requiredText(50).optional(),
  content_url: mediaUrl.nullable().optional(),
  content: optionalText(500_000),
  duration: z.number().int().min(0).max(1_000_000).optional(),
  order: order.optional(),
});
const LessonUpdate = LessonBody.omit({ module_id: true }).partial();
const toLessonInput = (b: z.infer<typeof LessonUpdate>) => ({
  title: b.title,
  description: b.description,
  contentType: b.content_type,
  contentUrl: b.content_url,
  content: b.content,
  duration: b.duration,
  order: b.order,
});
const ProgressBody = z.object({ lesson_id: uuid, status: z.enum(PROGRESS_STATUSES) });
const ModulesQuery = pageQuery.extend({ course_id: uuid });
const LessonsQuery = pageQuery.extend({ module_id: uuid });

export const makeLearningCatalogRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['courses'];

    r.get(
      '/api/lms/courses',
      {
        operationId: 'listCourses',
        errors: errorsFrom(d.listCourses)([]),
        summary: 'Course catalogue (published courses; Mentors and above may filter by status)',
        access: 'optional',
        query: CourseListQuery,
        tags,
        response: wire.CoursePage,
      },
      async ({ auth, tenant, query }) =>
        pageView(await d.listCourses(tenant.id, auth?.role ?? null, query, toPageRequest(query)), (c) => courseView(c.course, c.category)),
    );

    r.get(
      '/api/lms/courses/:id/public',
      {
        operationId: 'getCourseOutline',
        summary: 'Outline of a published course, without lesson content',
        access: 'public',
        params: idParam,
        tags,
        response: wire.Outline,
        errors: errorsFrom(d.getPublicOutline)(['COURSE_NOT_FOUND']),
      },
      async ({ tenant, params }) => outlineView(unwrap(await d.getPublicOutline(tenant.id, params.id))),
    );

    /** The course page as its caller sees it: GET answers it, and so do create and update (a write answers what a GET then answers). */
    const courseDetail = async (caller: Actor | LoginClaim, courseId: string) => {
      return courseDetailView(unwrap(await d.getCourseDetail(caller, courseId)), d.clock.now(), d.publicUrl);
    };
    r.get(
      '/api/lms/courses/:id',
      {
        operationId: 'getCourse',
        summary: "Course outline with the caller's enrolment and progress",
        access: Role.Student,
        // The hottest page: the login is read with it (issue 32).
        login: 'statement',
        params: idParam,
        tags,
        response: wire.CourseDetail,
        errors: errorsFrom(d.getCourseDetail)(['COURSE_NOT_FOUND']),
      },
      async ({ claim, params }) => courseDetail(claim, params.id),
    );

    r.get(
      '/api/lms/my-courses',
      {
        operationId: 'listMyCourses',
        errors: errorsFrom(d.listMyCourses)([]),
        summary: 'Courses the caller is enrolled in, with progress and last lesson',
        access: Role.Student,
        query: pageQuery,
        tags,
        response: wire.StudentCoursePage,
      },
      async ({ actor, query }) => {
        const now = d.clock.now();
        return pageView(await d.listMyCourses(actor.tenantId, actor.userId, toPageRequest(query)), (c) => studentCourseView(c, now));
      },
    );

    r.get(
      '/api/lms/course-categories',
      {
        operationId: 'listCourseCategories',
        errors: errorsFrom(d.listCategories)([]),
        summary: 'Course categories by name',
        access: 'public',
        tags,
        response: z.array(wire.Category),
      },
      async ({ tenant }) => (await d.listCategories(tenant.id)).map(categoryView),
    );

    r.post(
      '/api/lms/courses/:id/enroll',
      {
        operationId: 'enrollInFreeCourse',
        summary: 'Enrol in a free (price 0) published course',
        access: Role.Student,
        params: idParam,
        tags,
        response: wire.Enrollment,
        errors: errorsFrom(d.enrollInFreeCourse)(['COURSE_NOT_FOUND', 'COURSE_NOT_FREE', 'USER_NOT_FOUND']),
      },
      async ({ actor, params }) => reply(enrollmentView(unwrap(await d.enrollInFreeCourse(actor, params.id)), d.clock.now()), 'Enrolled'),
    );

    r.post(
      '/api/lms/admin/courses',
      {
        operationId: 'createCourse',
        summary: 'Create a course',
        access: Role.Admin,
        body: CourseBody,
        tags,
        response: wire.CourseDetail,
        errors: errorsFrom(d.createCourse)(['UNKNOWN_CATEGORY']),
      },
      async ({ actor, meta, body }) => {
        const created = unwrap(await d.createCourse(actor, meta, { ...toCourseInput(body), title: body.title }));
        return reply(await courseDetail(actor, created.course.id), 'Course created');
      },
    );

    r.put(
      '/api/lms/admin/courses/:id',
      {
        operationId: 'updateCourse',
        summary: 'Update a course (any subset of its fields)',
        access: Role.Admin,
        params: idParam,
        body: CourseUpdate,
        tags,
        response: wire.CourseDetail,
        errors: errorsFrom(d.updateCourse)(['COURSE_NOT_FOUND', 'UNKNOWN_CATEGORY']),
      },
      async ({ actor, meta, params, body }) => {
        unwrap(await d.updateCourse(actor, meta, params.id, toCourseInput(body)));
        return reply(await courseDetail(actor, params.id), 'Course updated');
      },
    );

    r.delete(
      '/api/lms/admin/courses/:id',
      {
        operationId: 'deleteCourse',
        summary: 'Delete a course no learner has records in or paid for',
        access: Role.Admin,
        params: idParam,
        tags,
        response: acknowledgement,
        errors: errorsFrom(d.deleteCourse)(['COURSE_NOT_FOUND', 'COURSE_IN_USE']),
      },
      removeById(d.deleteCourse, 'Course deleted'),
    );

    const mtags = ['modules and lessons'];
    r.get(
      '/api/lms/modules',
      {
        operationId: 'listModules',
        summary: 'Modules of a course, by order',
        access: Role.Student,
        query: ModulesQuery,
        tags: mtags,
        response: wire.ModulePage,
        errors: errorsFrom(d.listModules)(['COURSE_NOT_FOUND']),
      },
      async ({ actor, query }) => pageView(unwrap(await d.listModules(actor, query.course_id, toPageRequest(query))), moduleView),
    );

    r.get(
      '/api/lms/lessons',
      {
        operationId: 'listLessons',
        summary: "Lessons of a module, by order, with the caller's status (no content)",
        access: Role.Student,
        query: LessonsQuery,
        tags: mtags,
        response: wire.LessonSummaryPage,
        errors: errorsFrom(d.listLessons)(['MODULE_NOT_FOUND']),
      },
      async ({ actor, query }) => {
        const found = unwrap(await d.listLessons(actor, query.module_id, toPageRequest(query)));
        return pageView(found.page, (l: Lesson) => lessonSummaryView(l, found.status.get(l.id) ?? 'not_started'));
      },
    );

    r.get(
      '/api/lms/lessons/:id',
      {
        operationId: 'getLesson',
        summary: 'A lesson with its content (enrolled users, Mentors and above)',
        access: Role.Student,
        params: idParam,
        tags: mtags,
        response: wire.LessonDetail,
        errors: errorsFrom(d.getLesson)(['LESSON_NOT_FOUND', 'NOT_ENROLLED']),
      },
      async ({ actor, params }) => {
        return lessonDetailView(unwrap(await d.getLesson(actor, params.id)));
      },
    );

    r.post(
      '/api/lms/progress',
      {
        operationId: 'recordProgress',
        summary: "Record the caller's progress on a lesson",
        access: Role.Student,
        body: ProgressBody,
        tags: mtags,
        response: wire.ProgressOutcome,
        errors: errorsFrom(d.recordProgress)(['LESSON_NOT_FOUND', 'NOT_ENROLLED']),
      },
      async ({ actor, body }) =>
        reply(
          progressView(unwrap(await d.recordProgress(actor, { lessonId: body.lesson_id, status: body.status })), d.publicUrl),
          'Progress saved',
        ),
    );

    r.post(
      '/api/lms/lessons/:id/continue',
      {
        operationId: 'continueLesson',
        summary: 'Mark a lesson in progress and get the next one',
        access: Role.Student,
        params: idParam,
        tags: mtags,
        response: wire.ContinueOutcome,
        errors: errorsFrom(d.continueLesson)(['LESSON_NOT_FOUND', 'NOT_ENROLLED']),
      },
      async ({ actor, params }) => {
        return continueOutcomeView(unwrap(await d.continueLesson(actor, params.id)), d.publicUrl);
      },
    );

    // Registered before `/modules/:id` so that `reorder` is not taken for an id.
    r.put(
      '/api/lms/admin/modules/reorder',
      {
        operationId: 'reorderModules',
        summary: 'Reorder the modules of a course (exactly its modules)',
        access: Role.Admin,
        body: ReorderBody,
        tags: mtags,
        response: z.array(wire.CourseModule),
        errors: errorsFrom(d.reorderModules)(['INVALID_REORDER']),
      },
      async ({ actor, meta, body }) =>
        reply(
          unwrap(await d.reorderModules(actor, meta, { moduleIds: body.module_ids, courseId: body.course_id })).map(moduleView),
          'Modules reordered',
        ),
    );

    r.post(
      '/api/lms/admin/modules',
      {
        operationId: 'createModule',
        summary: 'Create a module',
        access: Role.Admin,
        body: ModuleBody,
        tags: mtags,
        response: wire.CourseModule,
        errors: errorsFrom(d.createModule)(['COURSE_NOT_FOUND']),
      },
      async ({ actor, meta, body }) =>
        reply(
          moduleView(
            unwrap(
              await d.createModule(actor, meta, {
                courseId: body.course_id,
                title: body.title,
                description: body.description,
                order: body.order,
              }),
            ),
          ),
          'Module created',
        ),
    );

    r.put(
      '/api/lms/admin/modules/:id',
      {
        operationId: 'updateModule',
        summary: 'Update a module',
        access: Role.Admin,
        params: idParam,
        body: ModuleUpdate,
        tags: mtags,
        response: wire.CourseModule,
        errors: errorsFrom(d.updateModule)(['MODULE_NOT_FOUND']),
      },
      async ({ actor, meta, params, body }) =>
        reply(moduleView(unwrap(await d.updateModule(actor, meta, params.id, body))), 'Module updated'),
    );

    r.delete(
      '/api/lms/admin/modules/:id',
      {
        operationId: 'deleteModule',
        summary: 'Delete a module and its lessons and quizzes, unless learners have results in it',
        access: Role.Admin,
        params: idParam,
        tags: mtags,
        response: acknowledgement,
        errors: errorsFrom(d.deleteModule)(['MODULE_NOT_FOUND', 'MODULE_IN_USE']),
      },
      removeById(d.deleteModule, 'Module deleted'),
    );

    r.post(
      '/api/lms/admin/lessons',
      {
        operationId: 'createLesson',
        summary: 'Create a lesson',
        access: Role.Admin,
        body: LessonBody,
        tags: mtags,
        response: wire.Lesson,
        errors: errorsFrom(d.createLesson)(['MODULE_NOT_FOUND']),
      },
      async ({ actor, meta, body }) =>
        reply(
          lessonView(unwrap(await d.createLesson(actor, meta, { ...toLessonInput(body), moduleId: body.module_id, title: body.title }))),
          'Lesson created',
        ),
    );

    r.put(
      '/api/lms/admin/lessons/:id',
      {
        operationId: 'updateLesson',
        summary: 'Update a lesson',
        access: Role.Admin,
        params: idParam,
        body: LessonUpdate,
        tags: mtags,
        response: wire.Lesson,
        errors: errorsFrom(d.updateLesson)(['LESSON_NOT_FOUND']),
      },
      async ({ actor, meta, params, body }) =>
        reply(lessonView(unwrap(await d.updateLesson(actor, meta, params.id, toLessonInput(body)))), 'Lesson updated'),
    );

    r.delete(
      '/api/lms/admin/lessons/:id',
      {
        operationId: 'deleteLesson',
        summary: 'Delete a lesson without progress or submissions',
        access: Role.Admin,
        params: idParam,
        tags: mtags,
        response: acknowledgement,
        errors: errorsFrom(d.deleteLesson)(['LESSON_NOT_FOUND', 'LESSON_IN_USE']),
      },
      removeById(d.deleteLesson, 'Lesson deleted'),
    );
  };
