import type { Category, Course, CourseModule, CourseStatus, Lesson, LessonSummary } from '../../../domain/learning/course.js';
import type {
  CategoryRow,
  CertificateRow,
  CourseRow,
  EnrollmentRow,
  LessonRow,
  LessonSummaryRow,
  ModuleRow,
} from './rows/learning.rows.js';
import type {
  CategoryRepository,
  CourseRepository,
  LessonRepository,
  ModuleRepository,
} from '../../../application/learning/ports/catalog.js';
import { formatMinor, toMinor } from '../../../domain/shared/money.js';
import { contains, type DbDeps } from './base.js';
import { guardedWrite, joinedTable, knexPage, num, prepared, newestFirst } from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';
import { ENROLLMENT_COLUMNS, toEnrollment } from './enrollment.pg-repository.js';
import { CERTIFICATE_COLUMNS, toCertificate } from './certificate.pg-repository.js';

// One mapper per aggregate: a course (with its category, and a learner's enrolment and certificate
// on the course page), a category, a module, a lesson.
const toCourse = (r: CourseRow): Course => ({
  id: r.id,
  tenantId: r.tenantId,
  title: r.title,
  description: r.description,
  categoryId: r.categoryId,
  difficulty: r.difficulty,
  price: toMinor(r.price),
  currency: r.currency,
  coverImage: r.coverImage,
  status: r.status,
  createdBy: r.createdBy,
  publishedAt: r.publishedAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
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

/** `c.*` with the prefixed columns of the joined tables (read by `joinedTable`). */
type JoinedCourseRow = CourseRow & Record<`cat${string}` | `enr${string}` | `cert${string}`, unknown>;
type JoinedModuleRow = ModuleRow & Record<`les${string}`, unknown>;

export const makeCoursePgRepository = ({ db }: DbDeps): CourseRepository => ({
  async findById(tenantId, id) {
    const r = await db.q()('courses').where({ tenantId, id }).first();
    return r ? toCourse(r) : null;
  },
  async lock(tenantId, id) {
    const r = await db.q()('courses').where({ tenantId, id }).forUpdate().first();
    return r ? toCourse(r) : null;
  },
  async findForLearner(tenantId, userId, courseId) {
    // The course page's per-learner state in one round trip instead of four.
    const r = (await db
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
      .where({ 'c.tenant_id': tenantId, 'c.id': courseId })
      .first('c.*', db.q().raw(COURSE_FOR_LEARNER_COLUMNS))
      .options(prepared('course_for_learner'))) as JoinedCourseRow | undefined;
    if (!r) return null;
    const category = joinedCategory.read(r);
    const enrollment = joinedEnrollment.read(r);
    const certificate = joinedCertificate.read(r);
    return {
      course: toCourse(r),
      category: category && toCategory(category),
      enrollment: enrollment && toEnrollment(enrollment),
      certificate: certificate && toCertificate(certificate),
    };
  },
  async findManyByIds(tenantId, ids) {
    if (ids.length === 0) return [];
    return (
      await db
        .q()('courses')
        .where({ tenantId })
        .whereIn('id', [...ids])
    ).map(toCourse);
  },
  list(tenantId, filter, page) {
    const q = db
      .q()({ c: 'courses' })
      .leftJoin({ cat: 'course_categories' }, function () {
        this.on('cat.id', 'c.category_id').andOn('cat.tenant_id', 'c.tenant_id');
      })
      .where('c.tenant_id', tenantId)
      .select('c.*', db.q().raw(joinedCategory.columns));
    if (filter.statuses) q.whereIn('c.status', [...filter.statuses]);
    if (filter.categoryId) q.where('c.category_id', filter.categoryId);
    if (filter.difficulty) q.whereRaw('lower(c.difficulty) = lower(?)', [filter.difficulty]);
    if (filter.search) q.whereILike('c.title', contains(filter.search));
    // The catalogue is prepared, a name per shape of the filter (which filters, how many statuses): one text per name.
    const shape = [
      filter.statuses ? `s${filter.statuses.length}` : '',
      filter.categoryId ? 'c' : '',
      filter.difficulty ? 'd' : '',
      filter.search ? 'q' : '',
    ].join('');
    return knexPage(
      q,
      page,
      (r: JoinedCourseRow) => {
        const category = joinedCategory.read(r);
        return { course: toCourse(r), category: category && toCategory(category) };
      },
      { order: newestFirst('c.created_at', 'c.id'), name: `course_catalogue_${shape}` },
    );
  },
  async insert(course) {
    await db.q()('courses').insert(courseRow(course));
  },
  async update(course) {
    const { id, tenantId, createdAt: _c, ...changes } = courseRow(course);
    await db.q()('courses').where({ id, tenantId }).update(changes);
  },
  async delete(tenantId, id) {
    await db.q()('courses').where({ tenantId, id }).delete();
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
});

export const makeCategoryPgRepository = ({ db }: DbDeps): CategoryRepository => ({
  async findById(tenantId, id) {
    const r = await db.q()('course_categories').where({ tenantId, id }).first();
    return r ? toCategory(r) : null;
  },
  async findBySlug(tenantId, slug) {
    const r = await db.q()('course_categories').where({ tenantId, slug }).first();
    return r ? toCategory(r) : null;
  },
  async findManyByIds(tenantId, ids) {
    if (ids.length === 0) return [];
    return (
      await db
        .q()('course_categories')
        .where({ tenantId })
        .whereIn('id', [...ids])
    ).map(toCategory);
  },
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
  async insert(category) {
    const rows = await db.q()('course_categories').insert(category).onConflict(['tenant_id', 'slug']).ignore().returning('id');
    return rows.length === 1;
  },
  async update(category) {
    const { id, tenantId, createdAt: _c, ...changes } = category;
    return (await guardedWrite(db, (q) => q('course_categories').where({ id, tenantId }).update(changes))) === 'ok';
  },
  async delete(tenantId, id) {
    await db.q()('course_categories').where({ tenantId, id }).delete();
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
});

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
    async setOrder(tenantId, courseId, orderedIds, at) {
      if (orderedIds.length === 0) return;
      // One statement: every module gets its position from the list. Raw: `update … from unnest(…) with ordinality`.
      await db.q().raw(
        `update course_modules m set sort_order = v.ord, updated_at = ?
         from (select * from unnest(?::uuid[]) with ordinality as t(id, ord)) v
        where m.tenant_id = ? and m.course_id = ? and m.id = v.id`,
        [at, [...orderedIds], tenantId, courseId],
      );
    },
    async nextOrder(tenantId, courseId) {
      const r = (await db.q()('course_modules').where({ tenantId, courseId }).max({ m: 'sort_order' }).first()) as
        { m: number | null } | undefined;
      return num(r?.m) + 1;
    },
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
    async nextOrder(tenantId, moduleId) {
      const r = (await db.q()('lessons').where({ tenantId, moduleId }).max({ m: 'sort_order' }).first()) as
        { m: number | null } | undefined;
      return num(r?.m) + 1;
    },
    countByCourses: (tenantId, courseIds) => lessons.countEachIn(tenantId, 'courseId', courseIds),
  };
};
