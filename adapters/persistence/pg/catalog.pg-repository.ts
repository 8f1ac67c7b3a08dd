import type { Category, Course, CourseModule, CourseStatus, Lesson, LessonSummary } from '../../../domain/learning/course.js';
import type {
  CatalogueRow,
  CategoryRow,
  CertificateRow,
  CourseRow,
  EnrollmentRow,
  LessonRow,
  LessonSummaryRow,
  ModuleRow,
  OwnCourseRow,
} from './rows/learning.rows.js';
import type {
  CatalogueEntry,
  CategoryRepository,
  CourseFilter,
  CourseRepository,
  LearnerCourse,
  LessonRepository,
  ModuleRepository,
} from '../../../application/learning/ports/catalog.js';
import type { ProgressStatus } from '../../../domain/learning/progress.js';
import type { Enrollment } from '../../../domain/learning/enrollment.js';
import type { Certificate } from '../../../domain/learning/certificate.js';
import { formatMinor, toMinor } from '../../../domain/shared/money.js';
import { contains, type DbDeps } from './base.js';
import {
  camelColumns,
  epochMs,
  guardedWrite,
  isoOfUtcText,
  joinedTable,
  knexPage,
  msDate,
  msDateOrNull,
  num,
  prepared,
  newestFirst,
  rawPage,
  rawPageStatement,
  type RawPageStatement,
  utcText,
} from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';
import { principalJsonById, principalOfJson, type PrincipalJson } from './login.pg-repository.js';
import { ENROLLMENT_COLUMNS, toEnrollment } from './enrollment.pg-repository.js';
import { CERTIFICATE_COLUMNS, toCertificate } from './certificate.pg-repository.js';

// One mapper per aggregate: a course (with its category, and a learner's enrolment and certificate
// on the course page), a category, a module, a lesson.
/** A course's own fields (not its tenant or author), its times read by `time`: the entity's Dates, or the catalogue's text. */
const ownCourse = <T, U>(r: OwnCourseRow<T>, time: (t: T) => U) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  categoryId: r.categoryId,
  difficulty: r.difficulty,
  price: toMinor(r.price),
  currency: r.currency,
  coverImage: r.coverImage,
  status: r.status,
  publishedAt: r.publishedAt === null ? null : time(r.publishedAt),
  createdAt: time(r.createdAt),
  updatedAt: time(r.updatedAt),
});
const toCourse = (r: CourseRow): Course => ({ ...ownCourse(r, (d: Date) => d), tenantId: r.tenantId, createdBy: r.createdBy });
const courseRow = (c: Course): CourseRow => ({ ...c, price: formatMinor(c.price) });

const joinedCategory = joinedTable<CategoryRow>('cat', 'cat', [
  'id',
  'tenant_id',
  'name',
  'slug',
  'description',
  'created_at',
  'updated_at',
]);
const joinedEnrollment = joinedTable<EnrollmentRow>('e', 'enr', ENROLLMENT_COLUMNS);
const joinedCertificate = joinedTable<CertificateRow>('cert', 'cert', CERTIFICATE_COLUMNS);
// Without the body: an outline never shows it, and bodies may be long.
const joinedLesson = joinedTable<LessonSummaryRow>('l', 'les', [
  'id',
  'tenant_id',
  'module_id',
  'course_id',
  'title',
  'description',
  'content_type',
  'content_url',
  'duration',
  'sort_order',
  'created_at',
  'updated_at',
]);

const COURSE_FOR_LEARNER_COLUMNS = [joinedCategory, joinedEnrollment, joinedCertificate].map((j) => j.columns).join(', ');

const toCategory = (r: CategoryRow): Category => ({
  id: r.id,
  tenantId: r.tenantId,
  name: r.name,
  slug: r.slug,
  description: r.description,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const toModule = (r: ModuleRow): CourseModule => ({
  id: r.id,
  tenantId: r.tenantId,
  courseId: r.courseId,
  title: r.title,
  description: r.description,
  order: Number(r.sortOrder),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const toLessonSummary = (r: LessonSummaryRow): LessonSummary => ({
  id: r.id,
  tenantId: r.tenantId,
  moduleId: r.moduleId,
  courseId: r.courseId,
  title: r.title,
  description: r.description,
  contentType: r.contentType,
  contentUrl: r.contentUrl,
  duration: Number(r.duration),
  order: Number(r.sortOrder),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
const toLesson = (r: LessonRow): Lesson => ({ ...toLessonSummary(r), content: r.content });

const moduleRow = ({ order, ...m }: CourseModule): ModuleRow => ({ ...m, sortOrder: order });
const lessonRow = ({ order, ...l }: Lesson): LessonRow => ({ ...l, sortOrder: order });

/**
 * The course page's rows in one statement (issue 32): the course joined to its category and the
 * learner's enrolment and certificate, with the outline and the learner's progress as JSON columns
 * (ordered aggregates), instead of four statements. Its text never varies, so it runs raw and
 * prepared: knex's builder would compile the same text, quoting and case-mapping each identifier, on
 * every request. Every part comes as a JSON array (a tuple, typed below), the course and each joined
 * row too: a column costs the driver a field and a property of the row object, a key in JSON a
 * string, and the tuples leave out what the caller already knows (the course's id and tenant, the
 * learner); timestamps travel as epoch milliseconds (`epochMs`), read back as Dates to the
 * millisecond as pg's own parser reads a column. The lessons come in course order, as an outline
 * lists them (`OutlineLesson`: no content link, no times), so the page sorts nothing.
 * The course's quizzes with the learner's results are one more JSON column, read from assessment's
 * tables (a read model across contexts: docs/architecture.md, "Read models across contexts"): one
 * lateral top-1 per quiz reads the learner's graded attempts once, the best of them and (the window
 * runs before the limit) whether any passed; `passed` is null until graded, so none is missed.
 * Required means published (contract §6, assessment's `isVisibleToStudents`).
 * And the caller's login (`LoginClaim`): the page's one row comes whether or not the course exists,
 * so that a refused login answers 401 before a missing course answers 404.
 * Bindings, each once (`k`): the login (or null), the learner (progress, quiz results, enrolment,
 * certificate), the tenant, the course. Positional: knex reads named bindings with a regular
 * expression that stops at every `::` cast of the text.
 */
const COURSE_PAGE_SQL = `
select ${principalJsonById('k.login')} as principal,
  case when c.id is not null then json_build_array(c.title, c.description, c.category_id, c.difficulty, c.price::text, c.currency,
    c.cover_image, c.status, c.created_by, ${epochMs('c.published_at')}, ${epochMs('c.created_at')}, ${epochMs('c.updated_at')}) end as course,
  case when cat.id is not null then json_build_array(cat.id, cat.name, cat.slug, cat.description, ${epochMs('cat.created_at')},
    ${epochMs('cat.updated_at')}) end as category,
  case when e.id is not null then json_build_array(e.id, e.status, e.source, e.source_ref, ${epochMs('e.expires_at')}, ${epochMs('e.created_at')},
    ${epochMs('e.updated_at')}) end as enrollment,
  case when cert.id is not null then json_build_array(cert.id, cert.code, cert.student_name, cert.course_title, ${epochMs('cert.issued_at')})
    end as certificate,
  (select coalesce(json_agg(json_build_array(m.id, m.title, m.description, m.sort_order, ${epochMs('m.created_at')}, ${epochMs('m.updated_at')})
            order by m.sort_order, m.created_at, m.id), '[]')
     from course_modules m where m.tenant_id = c.tenant_id and m.course_id = c.id) as modules,
  (select coalesce(json_agg(json_build_array(l.id, l.module_id, l.title, l.description, l.content_type, l.duration, l.sort_order)
            order by m.sort_order, m.created_at, m.id, l.sort_order, l.created_at, l.id), '[]')
     from course_modules m join lessons l on l.module_id = m.id and l.tenant_id = m.tenant_id
    where m.tenant_id = c.tenant_id and m.course_id = c.id) as lessons,
  (select coalesce(json_agg(json_build_array(p.lesson_id, p.status, ${epochMs('p.started_at')}, ${epochMs('p.completed_at')},
            ${epochMs('p.updated_at')})), '[]')
     from lesson_progress p where p.tenant_id = c.tenant_id and p.user_id = k.learner and p.course_id = c.id) as progress,
  (select coalesce(json_agg(json_build_array(q.id, q.title, q.status = 'published', b.score, b.percentage, b.passed,
            coalesce(b.any_passed, false)) order by q.created_at desc, q.id desc), '[]')
     from quizzes q
     left join lateral (
       select a.score, a.percentage, a.passed, bool_or(a.passed) over () as any_passed from quiz_attempts a
        where a.tenant_id = q.tenant_id and a.quiz_id = q.id and a.user_id = k.learner and a.percentage is not null
        order by a.percentage desc, a.passed desc, a.submitted_at asc, a.id asc
        limit 1) b on true
    where q.tenant_id = c.tenant_id and q.course_id = c.id) as quizzes
  from (select ?::uuid as login, ?::uuid as learner, ?::uuid as tenant, ?::uuid as course) k
  left join courses c on c.tenant_id = k.tenant and c.id = k.course
  left join course_categories cat on cat.id = c.category_id and cat.tenant_id = c.tenant_id
  left join enrollments e on e.course_id = c.id and e.tenant_id = c.tenant_id and e.user_id = k.learner
  left join certificates cert on cert.course_id = c.id and cert.tenant_id = c.tenant_id and cert.user_id = k.learner`;
/** The course without its id and tenant (the caller's); its price as text, exact. */
type CourseTuple = [
  title: string,
  description: string | null,
  categoryId: string | null,
  difficulty: string | null,
  price: string,
  currency: string,
  coverImage: string | null,
  status: CourseStatus,
  createdBy: string | null,
  publishedAt: number | null,
  createdAt: number,
  updatedAt: number,
];
type CategoryTuple = [id: string, name: string, slug: string, description: string | null, createdAt: number, updatedAt: number];
type EnrollmentTuple = [
  id: string,
  status: Enrollment['status'],
  source: Enrollment['source'],
  sourceRef: string | null,
  expiresAt: number | null,
  createdAt: number,
  updatedAt: number,
];
type CertificateTuple = [id: string, code: string, studentName: string, courseTitle: string, issuedAt: number];

const toPageCourse = (
  tenantId: string,
  id: string,
  [
    title,
    description,
    categoryId,
    difficulty,
    price,
    currency,
    coverImage,
    status,
    createdBy,
    publishedAt,
    createdAt,
    updatedAt,
  ]: CourseTuple,
): Course => ({
  id,
  tenantId,
  title,
  description,
  categoryId,
  difficulty,
  price: toMinor(price),
  currency,
  coverImage,
  status,
  createdBy,
  publishedAt: msDateOrNull(publishedAt),
  createdAt: msDate(createdAt),
  updatedAt: msDate(updatedAt),
});
const toPageCategory = (tenantId: string, [id, name, slug, description, createdAt, updatedAt]: CategoryTuple): Category => ({
  id,
  tenantId,
  name,
  slug,
  description,
  createdAt: msDate(createdAt),
  updatedAt: msDate(updatedAt),
});
const toPageEnrollment = (
  tenantId: string,
  userId: string,
  courseId: string,
  [id, status, source, sourceRef, expiresAt, createdAt, updatedAt]: EnrollmentTuple,
): Enrollment => ({
  id,
  tenantId,
  userId,
  courseId,
  status,
  source,
  sourceRef,
  expiresAt: msDateOrNull(expiresAt),
  createdAt: msDate(createdAt),
  updatedAt: msDate(updatedAt),
});
const toPageCertificate = (
  tenantId: string,
  userId: string,
  courseId: string,
  [id, code, studentName, courseTitle, issuedAt]: CertificateTuple,
): Certificate => ({ id, tenantId, userId, courseId, code, studentName, courseTitle, issuedAt: msDate(issuedAt) });
/** Times as epoch milliseconds (`epochMs`). */
type ModuleTuple = [id: string, title: string, description: string | null, sortOrder: number, createdAt: number, updatedAt: number];
/** In course order; of its course (the page's). */
type LessonTuple = [
  id: string,
  moduleId: string,
  title: string,
  description: string | null,
  contentType: LessonSummary['contentType'],
  duration: number,
  sortOrder: number,
];
type ProgressTuple = [lessonId: string, status: ProgressStatus, startedAt: number | null, completedAt: number | null, updatedAt: number];
/** Marks as JSON numbers; the best attempt's three are null before any graded attempt. */
type QuizTuple = [
  id: string,
  title: string,
  required: boolean,
  score: number | null,
  percentage: number | null,
  bestPassed: boolean | null,
  passed: boolean,
];

/**
 * The catalogue (issue 32): what a row answers and nothing more (no `c.*`: the tenant, the author
 * and the category's description and times were parsed, Dates included, and never answered),
 * under the names the mapper reads, in one fixed text per shape of the filter, run raw and
 * prepared: knex's builder compiled, quoted and case-mapped the same statement on every request.
 * Columns, not a JSON array per row as the course page's one row: building ten rows' arrays and
 * their times' epoch milliseconds cost PostgreSQL a third more than sending the columns, and the
 * database is the tier that does not scale out (bench/README.md, "JSON tuples"). Its times as UTC
 * text (`utcText`), which costs PostgreSQL what the timestamps' own text does, answered without a
 * `Date` in between (the read model's `IsoTime`).
 */
const CATALOGUE_COLUMNS = `${camelColumns('c', [
  'id',
  'title',
  'description',
  'category_id',
  'difficulty',
  'price',
  'currency',
  'cover_image',
  'status',
])}, ${[
  `${utcText('c.published_at')} as "publishedAt"`,
  `${utcText('c.created_at')} as "createdAt"`,
  `${utcText('c.updated_at')} as "updatedAt"`,
  'cat.name as "categoryName"',
  'cat.slug as "categorySlug"',
].join(', ')}`;

const toCatalogueEntry = (r: CatalogueRow): CatalogueEntry => ({
  course: ownCourse(r, isoOfUtcText),
  // The join matched on the course's category id: that is the category's.
  category: r.categoryId !== null && r.categoryName !== null ? { id: r.categoryId, name: r.categoryName, slug: r.categorySlug! } : null,
});

/**
 * The catalogue's filters, each a fixed fragment and its one binding. One status is `=`, any other
 * number one array (`= any(?)`, so the text does not vary with it): an array on the index's second
 * column would make PostgreSQL sort every matching row instead of reading the index in order, and
 * the public catalogue (published only) is the hot one.
 */
const CATALOGUE_FILTERS = [
  { key: 's', sql: 'c.status = ?', applies: (f: CourseFilter) => f.statuses?.length === 1, binding: (f: CourseFilter) => f.statuses![0]! },
  {
    key: 'S',
    sql: 'c.status = any(?)',
    applies: (f: CourseFilter) => f.statuses !== undefined && f.statuses.length !== 1,
    binding: (f: CourseFilter) => [...f.statuses!],
  },
  { key: 'c', sql: 'c.category_id = ?', applies: (f: CourseFilter) => Boolean(f.categoryId), binding: (f: CourseFilter) => f.categoryId! },
  {
    key: 'd',
    sql: 'lower(c.difficulty) = lower(?)',
    applies: (f: CourseFilter) => Boolean(f.difficulty),
    binding: (f: CourseFilter) => f.difficulty!,
  },
  { key: 'q', sql: 'c.title ilike ?', applies: (f: CourseFilter) => Boolean(f.search), binding: (f: CourseFilter) => contains(f.search!) },
] as const;
type CatalogueFilter = (typeof CATALOGUE_FILTERS)[number];

const catalogueShape = (f: CourseFilter): string =>
  CATALOGUE_FILTERS.filter((filter) => filter.applies(f))
    .map((filter) => filter.key)
    .join('');

/** Every shape's statement, composed once (the two status fragments never meet): `course_catalogue_<shape>`. */
const catalogueShapes = new Map<string, { statement: RawPageStatement; filters: readonly CatalogueFilter[] }>(
  Array.from({ length: 2 ** CATALOGUE_FILTERS.length }, (_, bits) => CATALOGUE_FILTERS.filter((_, i) => bits & (1 << i)))
    .filter((filters) => !(filters.some((f) => f.key === 's') && filters.some((f) => f.key === 'S')))
    .map((filters) => {
      const shape = filters.map((f) => f.key).join('');
      const statement = rawPageStatement({
        name: `course_catalogue_${shape}`,
        select: CATALOGUE_COLUMNS,
        from: 'courses c left join course_categories cat on cat.id = c.category_id and cat.tenant_id = c.tenant_id',
        // Over the courses alone: the category join adds columns, never rows.
        countFrom: 'courses c',
        where: ['c.tenant_id = ?', ...filters.map((f) => f.sql)].join(' and '),
        order: newestFirst('c.created_at', 'c.id'),
      });
      return [shape, { statement, filters }];
    }),
);

/** `c.*` with the prefixed columns of the joined tables (read by `joinedTable`). */
type JoinedCourseRow = CourseRow & Record<`cat${string}` | `enr${string}` | `cert${string}`, unknown>;
type JoinedModuleRow = ModuleRow & Record<`les${string}`, unknown>;
interface CoursePageRow {
  principal: PrincipalJson | null;
  /** Null: no such course in the tenant (the login is read all the same). */
  course: CourseTuple | null;
  category: CategoryTuple | null;
  enrollment: EnrollmentTuple | null;
  certificate: CertificateTuple | null;
  modules: ModuleTuple[];
  lessons: LessonTuple[];
  progress: ProgressTuple[];
  quizzes: QuizTuple[];
}

/** The course joined to its category and the learner's enrolment and certificate (the caller selects). */
function learnerCourseQuery(db: DbDeps['db'], tenantId: string, userId: string, courseId: string) {
  return db
    .q()({ c: 'courses' })
    .leftJoin({ cat: 'course_categories' }, function () {
      this.on('cat.id', 'c.category_id').andOn('cat.tenant_id', 'c.tenant_id');
    })
    .leftJoin({ e: 'enrollments' }, function () {
      this.on('e.course_id', 'c.id').andOn('e.tenant_id', 'c.tenant_id').andOnVal('e.user_id', userId);
    })
    .leftJoin({ cert: 'certificates' }, function () {
      this.on('cert.course_id', 'c.id').andOn('cert.tenant_id', 'c.tenant_id').andOnVal('cert.user_id', userId);
    })
    .where({ 'c.tenant_id': tenantId, 'c.id': courseId });
}

function toLearnerCourse(r: JoinedCourseRow): LearnerCourse {
  const category = joinedCategory.read(r);
  const enrollment = joinedEnrollment.read(r);
  const certificate = joinedCertificate.read(r);
  return {
    course: toCourse(r),
    category: category && toCategory(category),
    enrollment: enrollment && toEnrollment(enrollment),
    certificate: certificate && toCertificate(certificate),
  };
}

export const makeCoursePgRepository = ({ db }: DbDeps): CourseRepository => {
  const courses = tenantTable(db, 'courses', toCourse);
  return {
    findById: (tenantId, id) => courses.find({ tenantId, id }),
    lock: (tenantId, id) => courses.lock({ tenantId, id }),
    async lockShared(tenantId, ids) {
      if (ids.length === 0) return [];
      const rows = (await db
        .q()('courses')
        .where({ tenantId })
        .whereIn('id', [...ids])
        .forShare()) as CourseRow[];
      return rows.map(toCourse);
    },
    async findForLearner(tenantId, userId, courseId) {
      // The course page's per-learner state in one round trip instead of four.
      const r = (await learnerCourseQuery(db, tenantId, userId, courseId)
        .first('c.*', db.q().raw(COURSE_FOR_LEARNER_COLUMNS))
        .options(prepared('course_for_learner'))) as JoinedCourseRow | undefined;
      return r ? toLearnerCourse(r) : null;
    },
    async findPageForLearner(tenantId, userId, courseId, loginId) {
      const result = await db.q().raw(COURSE_PAGE_SQL, [loginId, userId, tenantId, courseId]).options(prepared('course_page_with_login'));
      const r = (result as { rows: CoursePageRow[] }).rows[0]!;
      const principal = principalOfJson(r.principal);
      if (r.course === null) return { principal, page: null };
      return {
        principal,
        page: {
          course: toPageCourse(tenantId, courseId, r.course),
          category: r.category && toPageCategory(tenantId, r.category),
          enrollment: r.enrollment && toPageEnrollment(tenantId, userId, courseId, r.enrollment),
          certificate: r.certificate && toPageCertificate(tenantId, userId, courseId, r.certificate),
          modules: r.modules.map(([id, title, description, sortOrder, createdAt, updatedAt]) => ({
            id,
            tenantId,
            courseId,
            title,
            description,
            order: Number(sortOrder),
            createdAt: msDate(createdAt),
            updatedAt: msDate(updatedAt),
          })),
          lessons: r.lessons.map(([id, moduleId, title, description, contentType, duration, sortOrder]) => ({
            id,
            moduleId,
            courseId,
            title,
            description,
            contentType,
            duration: Number(duration),
            order: Number(sortOrder),
          })),
          progress: r.progress.map(([lessonId, status, startedAt, completedAt, updatedAt]) => ({
            tenantId,
            userId,
            lessonId,
            courseId,
            status,
            startedAt: msDateOrNull(startedAt),
            completedAt: msDateOrNull(completedAt),
            updatedAt: msDate(updatedAt),
          })),
          quizzes: r.quizzes.map(([id, title, required, score, percentage, bestPassed, passed]) => ({
            id,
            title,
            required,
            passed,
            bestResult: percentage === null ? null : { score: num(score), percentage, passed: Boolean(bestPassed) },
          })),
        },
      };
    },
    findManyByIds: (tenantId, ids) => courses.findIn(tenantId, 'id', ids),
    list(tenantId, filter, page) {
      const shape = catalogueShapes.get(catalogueShape(filter))!;
      return rawPage(db.q(), shape.statement, [tenantId, ...shape.filters.map((f) => f.binding(filter))], page, toCatalogueEntry);
    },
    insert: (course) => courses.insert(courseRow(course)),
    update: (course) => courses.update(courseRow(course)),
    async delete(tenantId, id) {
      await courses.delete(tenantId, id);
    },
    async countByStatus(tenantId) {
      const rows = (await db.q()('courses').where({ tenantId }).select('status').count({ n: '*' }).groupBy('status')) as Array<{
        status: CourseStatus;
        n: number;
      }>;
      const out: Record<CourseStatus, number> = { draft: 0, published: 0, archived: 0 };
      for (const r of rows) out[r.status] = num(r.n);
      return out;
    },
    async idsOfCategories(tenantId, categoryIds) {
      if (categoryIds.length === 0) return [];
      return (
        (await db
          .q()('courses')
          .where({ tenantId })
          .whereIn('categoryId', [...categoryIds])
          .whereNot({ status: 'archived' })
          .select('id')) as Array<{ id: string }>
      ).map((r) => r.id);
    },
  };
};

export const makeCategoryPgRepository = ({ db }: DbDeps): CategoryRepository => {
  const categories = tenantTable(db, 'course_categories', toCategory);
  return {
    findById: (tenantId, id) => categories.find({ tenantId, id }),
    findBySlug: (tenantId, slug) => categories.find({ tenantId, slug }),
    findManyByIds: (tenantId, ids) => categories.findIn(tenantId, 'id', ids),
    async listAll(tenantId) {
      return (
        await db
          .q()('course_categories')
          .where({ tenantId })
          .orderBy([{ column: 'name' }, { column: 'id' }])
      ).map(toCategory);
    },
    list(tenantId, search, page) {
      const q = db.q()('course_categories').where({ tenantId }).select('*');
      if (search) q.where((w) => w.whereILike('name', contains(search)).orWhereILike('slug', contains(search)));
      return knexPage(q, page, toCategory, { order: newestFirst() });
    },
    insert: (category) => categories.insertIfAbsent(category, ['tenant_id', 'slug']),
    async update(category) {
      const { id, tenantId, createdAt: _c, ...changes } = category;
      return (await guardedWrite(db, (q) => q('course_categories').where({ id, tenantId }).update(changes))) === 'ok';
    },
    async delete(tenantId, id) {
      await categories.delete(tenantId, id);
    },
    async isInUse(tenantId, id) {
      // Raw: three EXISTS or'ed into one answer, one round trip; the builder selects no boolean expression of subqueries.
      const used = await db.q().raw(
        `select exists (select 1 from courses where tenant_id = ? and category_id = ?)
           or exists (select 1 from pricing where tenant_id = ? and category_id = ?)
           or exists (select 1 from subscription_plan_categories where tenant_id = ? and category_id = ?) as used`,
        [tenantId, id, tenantId, id, tenantId, id],
      );
      return Boolean((used.rows as Array<{ used: boolean }>)[0]?.used);
    },
  };
};

export const makeModulePgRepository = ({ db }: DbDeps): ModuleRepository => {
  const modules = tenantTable(db, 'course_modules', toModule);
  return {
    findById: (tenantId, id) => modules.find({ tenantId, id }),
    async lock(tenantId, id) {
      const m = await modules.lock({ tenantId, id });
      if (!m) return null;
      await db.q()('lessons').where({ tenantId, moduleId: id }).select('id').forUpdate();
      return m;
    },
    listByCourse: (tenantId, courseId) => modules.listSorted({ tenantId, courseId }),
    async listWithLessons(tenantId, courseId) {
      const rows = (await db
        .q()({ m: 'course_modules' })
        .leftJoin({ l: 'lessons' }, function () {
          this.on('l.module_id', 'm.id').andOn('l.tenant_id', 'm.tenant_id');
        })
        .where({ 'm.tenant_id': tenantId, 'm.course_id': courseId })
        .orderBy([{ column: 'm.sort_order' }, { column: 'm.created_at' }, { column: 'm.id' }])
        .select('m.*', db.q().raw(joinedLesson.columns))
        .options(prepared('course_outline'))) as JoinedModuleRow[];
      const modules = new Map<string, CourseModule>();
      const lessons: LessonSummary[] = [];
      for (const r of rows) {
        if (!modules.has(r.id)) modules.set(r.id, toModule(r));
        const lesson = joinedLesson.read(r);
        if (lesson) lessons.push(toLessonSummary(lesson));
      }
      return { modules: [...modules.values()], lessons };
    },
    insert: (module) => modules.insert(moduleRow(module)),
    update: (module) => modules.update(moduleRow(module)),
    async delete(tenantId, id) {
      await modules.delete(tenantId, id);
    },
    setOrder: (tenantId, courseId, orderedIds, at) => modules.setOrder(tenantId, 'courseId', courseId, orderedIds, at),
    nextOrder: (tenantId, courseId) => modules.nextOrder({ tenantId, courseId }),
  };
};

export const makeLessonPgRepository = ({ db }: DbDeps): LessonRepository => {
  const lessons = tenantTable(db, 'lessons', toLesson);
  return {
    findById: (tenantId, id) => lessons.find({ tenantId, id }),
    lock: (tenantId, id) => lessons.lock({ tenantId, id }),
    listByModule: (tenantId, moduleId) => lessons.listSorted({ tenantId, moduleId }),
    insert: (lesson) => lessons.insert(lessonRow(lesson)),
    update: (lesson) => lessons.update(lessonRow(lesson)),
    async delete(tenantId, id) {
      await lessons.delete(tenantId, id);
    },
    nextOrder: (tenantId, moduleId) => lessons.nextOrder({ tenantId, moduleId }),
    countByCourses: (tenantId, courseIds) => lessons.countEachIn(tenantId, 'courseId', courseIds),
  };
};
