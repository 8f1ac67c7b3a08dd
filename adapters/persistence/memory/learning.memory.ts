import type { LoginRepository } from '../../../application/identity/ports/login-repository.js';
import type { ParentInvitation } from '../../../domain/learning/parent-invitation.js';
import type { ParentInvitationRepository } from '../../../application/learning/ports/parent-invitation-repository.js';
import type { Category, Course, CourseModule, CourseStatus, Lesson } from '../../../domain/learning/course.js';
import { byOrder, orderedLessons } from '../../../domain/learning/course.js';
import { effectiveStatus, isEnrollmentActive, type Enrollment } from '../../../domain/learning/enrollment.js';
import type { LessonProgress } from '../../../domain/learning/progress.js';
import type { Certificate, CertificateTemplate } from '../../../domain/learning/certificate.js';
import type { LinkingCode, ParentLink } from '../../../domain/learning/parent-link.js';
import type {
  CatalogueEntry,
  CategoryRepository,
  CourseRepository,
  ListedCourse,
  LessonRepository,
  ModuleRepository,
  LearnerCoursePage,
} from '../../../application/learning/ports/catalog.js';
import type { EnrollmentListing, EnrollmentRepository } from '../../../application/learning/ports/enrollment-repository.js';
import type { ProgressRepository } from '../../../application/learning/ports/progress-repository.js';
import type { CertificateRepository } from '../../../application/learning/ports/certificate-repository.js';
import type { ConsumeCodeOutcome, ParentLinkRepository } from '../../../application/learning/ports/parent-link-repository.js';
import type { Learner, LearnerDirectory } from '../../../application/learning/ports/learner-directory.js';
import type { RecordStore, StoredRecord } from '../../../application/learning/ports/record-store.js';
import type {
  StudentProfile,
  StudentProfileRepository,
  SubscriptionPlan,
  SubscriptionPlanRepository,
} from '../../../application/learning/ports/admin-repositories.js';
import type { PageRequest } from '../../../application/shared/ports.js';
import type { CourseQuiz } from '../../../application/learning/ports/assessment-ports.js';
import { isVisibleToStudents, type Quiz } from '../../../domain/assessment/quiz.js';
import type { Attempt } from '../../../domain/assessment/attempt.js';
import { clone, newestFirst, pageOf } from './paging.js';
import { inTenant, MemoryTenantRows } from './tenant-rows.js';

/** The learning tables in memory; each repository below is a view of it, as the tables are for SQL. */
export class MemoryLearningState {
  readonly courses = new Map<string, Course>();
  readonly categories = new Map<string, Category>();
  readonly modules = new Map<string, CourseModule>();
  readonly lessons = new Map<string, Lesson>();
  readonly enrollments = new Map<string, Enrollment>();
  readonly progress = new Map<string, LessonProgress>();
  readonly certificates = new Map<string, Certificate>();
  readonly templates = new Map<string, CertificateTemplate>();
  readonly codes = new Map<string, LinkingCode>();
  readonly links = new Map<string, ParentLink>();
  readonly invitations = new Map<string, ParentInvitation>();
  readonly learners = new Map<string, Learner & { tenantId: string }>();
  readonly pricingCategoryIds = new Set<string>();
  readonly planCategoryIds = new Set<string>();
  /**
   * Assessment's rows that the course page's statement reads by joins (its quizzes, the learners'
   * attempts on them): tests register them, as assessment's memory state holds learning's few facts.
   */
  readonly quizzes = new Map<string, Pick<Quiz, 'id' | 'tenantId' | 'courseId' | 'title' | 'status' | 'createdAt'>>();
  readonly quizAttempts = new Map<
    string,
    Pick<Attempt, 'id' | 'tenantId' | 'quizId' | 'userId' | 'submittedAt' | 'score' | 'percentage' | 'passed'>
  >();
}

const has = (text: string | null, search: string) => (text ?? '').toLowerCase().includes(search.toLowerCase());

// What the catalogue holds of a course (the pg adapter selects only these columns), its times as text.
const listedCourse = (c: Course): ListedCourse => ({
  id: c.id,
  title: c.title,
  description: c.description,
  categoryId: c.categoryId,
  difficulty: c.difficulty,
  price: c.price,
  currency: c.currency,
  coverImage: c.coverImage,
  status: c.status,
  publishedAt: c.publishedAt && c.publishedAt.toISOString(),
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export class MemoryCourseRepository implements CourseRepository {
  /** `logins`: where the course page's read finds the caller's login (identity's memory repository). */
  constructor(
    private readonly s: MemoryLearningState,
    private readonly logins: Pick<LoginRepository, 'principal'> = { principal: async () => null },
  ) {}
  async findById(tenantId: string, id: string) {
    const c = this.s.courses.get(id);
    return c && c.tenantId === tenantId ? clone(c) : null;
  }
  async lock(tenantId: string, id: string) {
    return this.findById(tenantId, id);
  }
  async lockShared(tenantId: string, ids: readonly string[]) {
    return this.findManyByIds(tenantId, ids);
  }
  async findForLearner(tenantId: string, userId: string, courseId: string) {
    const course = await this.findById(tenantId, courseId);
    if (!course) return null;
    const category = course.categoryId ? this.s.categories.get(course.categoryId) : undefined;
    const enrollment = inTenant(this.s.enrollments.values(), tenantId).find((e) => e.userId === userId && e.courseId === courseId);
    const certificate = inTenant(this.s.certificates.values(), tenantId).find((c) => c.userId === userId && c.courseId === courseId);
    return {
      course,
      category: category && category.tenantId === tenantId ? clone(category) : null,
      enrollment: enrollment ? clone(enrollment) : null,
      certificate: certificate ? clone(certificate) : null,
    };
  }
  async findPageForLearner(tenantId: string, userId: string, courseId: string, loginId: string | null) {
    const principal = loginId === null ? null : await this.logins.principal(loginId);
    return { principal, page: await this.pageForLearner(tenantId, userId, courseId) };
  }
  private async pageForLearner(tenantId: string, userId: string, courseId: string): Promise<LearnerCoursePage | null> {
    const found = await this.findForLearner(tenantId, userId, courseId);
    if (!found) return null;
    const modules = inTenant(this.s.modules.values(), tenantId)
      .filter((m) => m.courseId === courseId)
      .sort(byOrder);
    return {
      ...found,
      modules: modules.map(clone),
      lessons: orderedLessons(modules, [...inTenant(this.s.lessons.values(), tenantId)]).map(
        ({ id, moduleId, courseId: lessonCourseId, title, description, contentType, duration, order }) => ({
          id,
          moduleId,
          courseId: lessonCourseId,
          title,
          description,
          contentType,
          duration,
          order,
        }),
      ),
      progress: inTenant(this.s.progress.values(), tenantId)
        .filter((p) => p.userId === userId && p.courseId === courseId)
        .map(clone),
      quizzes: this.quizResults(tenantId, userId, courseId),
    };
  }
  /** As the page's SQL: newest first; the best graded attempt (highest percentage, then a pass, then the earliest). */
  private quizResults(tenantId: string, userId: string, courseId: string): CourseQuiz[] {
    const attempts = inTenant(this.s.quizAttempts.values(), tenantId).filter((a) => a.userId === userId);
    return inTenant(this.s.quizzes.values(), tenantId)
      .filter((q) => q.courseId === courseId)
      .sort(newestFirst)
      .map((q) => {
        const mine = attempts.filter((a) => a.quizId === q.id);
        const best = mine
          .filter((a) => a.percentage !== null)
          .sort(
            (a, b) =>
              (b.percentage ?? 0) - (a.percentage ?? 0) ||
              Number(b.passed ?? false) - Number(a.passed ?? false) ||
              (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0) ||
              a.id.localeCompare(b.id),
          )[0];
        return {
          id: q.id,
          title: q.title,
          required: isVisibleToStudents(q),
          passed: mine.some((a) => a.passed === true),
          bestResult: best ? { score: best.score ?? 0, percentage: best.percentage ?? 0, passed: best.passed ?? false } : null,
        };
      });
  }
  async findManyByIds(tenantId: string, ids: readonly string[]) {
    return inTenant(this.s.courses.values(), tenantId)
      .filter((c) => ids.includes(c.id))
      .map(clone);
  }
  async list(
    tenantId: string,
    f: { statuses?: readonly CourseStatus[]; categoryId?: string; difficulty?: string; search?: string },
    page: PageRequest,
  ) {
    const all = inTenant(this.s.courses.values(), tenantId)
      .filter((c) => !f.statuses || f.statuses.includes(c.status))
      .filter((c) => !f.categoryId || c.categoryId === f.categoryId)
      .filter((c) => !f.difficulty || (c.difficulty ?? '').toLowerCase() === f.difficulty.toLowerCase())
      .filter((c) => !f.search || has(c.title, f.search))
      .sort(newestFirst);
    return pageOf(
      all.map((course): CatalogueEntry => {
        const category = course.categoryId ? this.s.categories.get(course.categoryId) : undefined;
        return {
          course: listedCourse(course),
          category: category && category.tenantId === tenantId ? { id: category.id, name: category.name, slug: category.slug } : null,
        };
      }),
      page,
    );
  }
  async insert(c: Course) {
    this.s.courses.set(c.id, clone(c));
  }
  async update(c: Course) {
    if (this.s.courses.get(c.id)?.tenantId === c.tenantId) this.s.courses.set(c.id, clone(c));
  }
  async delete(tenantId: string, id: string) {
    if (this.s.courses.get(id)?.tenantId !== tenantId) return;
    this.s.courses.delete(id);
    for (const [k, m] of this.s.modules) if (m.courseId === id) this.s.modules.delete(k);
    for (const [k, l] of this.s.lessons) if (l.courseId === id) this.s.lessons.delete(k);
    for (const [k, e] of this.s.enrollments) if (e.courseId === id) this.s.enrollments.delete(k);
  }
  async countByStatus(tenantId: string) {
    const out: Record<CourseStatus, number> = { draft: 0, published: 0, archived: 0 };
    for (const c of inTenant(this.s.courses.values(), tenantId)) out[c.status]++;
    return out;
  }
  async idsOfCategories(tenantId: string, categoryIds: readonly string[]) {
    return inTenant(this.s.courses.values(), tenantId)
      .filter((c) => c.categoryId && categoryIds.includes(c.categoryId) && c.status !== 'archived')
      .map((c) => c.id);
  }
}

export class MemoryCategoryRepository implements CategoryRepository {
  constructor(private readonly s: MemoryLearningState) {}
  async findById(tenantId: string, id: string) {
    const c = this.s.categories.get(id);
    return c && c.tenantId === tenantId ? clone(c) : null;
  }
  async findBySlug(tenantId: string, slug: string) {
    const c = inTenant(this.s.categories.values(), tenantId).find((x) => x.slug === slug);
    return c ? clone(c) : null;
  }
  async findManyByIds(tenantId: string, ids: readonly string[]) {
    return inTenant(this.s.categories.values(), tenantId)
      .filter((c) => ids.includes(c.id))
      .map(clone);
  }
  async listAll(tenantId: string) {
    return inTenant(this.s.categories.values(), tenantId)
      .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1))
      .map(clone);
  }
  async list(tenantId: string, search: string | undefined, page: PageRequest) {
    const all = inTenant(this.s.categories.values(), tenantId)
      .filter((c) => !search || has(c.name, search) || has(c.slug, search))
      .sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
  async insert(c: Category) {
    if (inTenant(this.s.categories.values(), c.tenantId).some((x) => x.slug === c.slug)) return false;
    this.s.categories.set(c.id, clone(c));
    return true;
  }
  async update(c: Category) {
    const other = await this.findBySlug(c.tenantId, c.slug);
    if (other && other.id !== c.id) return false;
    this.s.categories.set(c.id, clone(c));
    return true;
  }
  async delete(tenantId: string, id: string) {
    if (this.s.categories.get(id)?.tenantId === tenantId) this.s.categories.delete(id);
  }
  async isInUse(tenantId: string, id: string) {
    return (
      inTenant(this.s.courses.values(), tenantId).some((c) => c.categoryId === id) ||
      this.s.pricingCategoryIds.has(id) ||
      this.s.planCategoryIds.has(id)
    );
  }
}

export class MemoryModuleRepository extends MemoryTenantRows<CourseModule> implements ModuleRepository {
  constructor(private readonly s: MemoryLearningState) {
    super(s.modules);
  }
  async listByCourse(tenantId: string, courseId: string) {
    return this.listWhere({ tenantId, courseId }, byOrder);
  }
  async listWithLessons(tenantId: string, courseId: string) {
    const modules = await this.listByCourse(tenantId, courseId);
    const ids = new Set(modules.map((m) => m.id));
    return {
      modules,
      lessons: inTenant(this.s.lessons.values(), tenantId)
        .filter((l) => ids.has(l.moduleId))
        .map(({ content: _body, ...summary }) => clone(summary)),
    };
  }
  async delete(tenantId: string, id: string) {
    if (this.s.modules.get(id)?.tenantId !== tenantId) return;
    this.s.modules.delete(id);
    for (const [k, l] of this.s.lessons) if (l.moduleId === id) this.s.lessons.delete(k);
  }
  async setOrder(tenantId: string, courseId: string, orderedIds: readonly string[], at: Date) {
    orderedIds.forEach((id, i) => {
      const m = this.s.modules.get(id);
      if (m && m.tenantId === tenantId && m.courseId === courseId) Object.assign(m, { order: i + 1, updatedAt: at });
    });
  }
  async nextOrder(tenantId: string, courseId: string) {
    return Math.max(0, ...(await this.listByCourse(tenantId, courseId)).map((m) => m.order)) + 1;
  }
}

export class MemoryLessonRepository extends MemoryTenantRows<Lesson> implements LessonRepository {
  constructor(private readonly s: MemoryLearningState) {
    super(s.lessons);
  }
  async listByModule(tenantId: string, moduleId: string) {
    return this.listWhere({ tenantId, moduleId }, byOrder);
  }
  async delete(tenantId: string, id: string) {
    if (this.s.lessons.get(id)?.tenantId !== tenantId) return;
    this.s.lessons.delete(id);
    for (const [k, p] of this.s.progress) if (p.lessonId === id) this.s.progress.delete(k);
  }
  async nextOrder(tenantId: string, moduleId: string) {
    return Math.max(0, ...(await this.listByModule(tenantId, moduleId)).map((l) => l.order)) + 1;
  }
  async countByCourses(tenantId: string, courseIds: readonly string[]) {
    const out = new Map<string, number>();
    for (const l of inTenant(this.s.lessons.values(), tenantId))
      if (courseIds.includes(l.courseId)) out.set(l.courseId, (out.get(l.courseId) ?? 0) + 1);
    return out;
  }
}

export class MemoryEnrollmentRepository implements EnrollmentRepository {
  constructor(private readonly s: MemoryLearningState) {}
  private listing(e: Enrollment): EnrollmentListing {
    const u = this.s.learners.get(e.userId);
    const c = this.s.courses.get(e.courseId);
    return {
      enrollment: clone(e),
      user: { id: e.userId, email: u?.email ?? '', displayName: u?.displayName ?? '' },
      course: { id: e.courseId, title: c?.title ?? '' },
    };
  }
  async findById(tenantId: string, id: string) {
    const e = this.s.enrollments.get(id);
    return e && e.tenantId === tenantId ? clone(e) : null;
  }
  async findListing(tenantId: string, id: string) {
    const e = this.s.enrollments.get(id);
    return e && e.tenantId === tenantId ? this.listing(e) : null;
  }
  async find(tenantId: string, userId: string, courseId: string) {
    const e = inTenant(this.s.enrollments.values(), tenantId).find((x) => x.userId === userId && x.courseId === courseId);
    return e ? clone(e) : null;
  }
  async findForCourses(tenantId: string, userId: string, courseIds: readonly string[]) {
    return inTenant(this.s.enrollments.values(), tenantId)
      .filter((e) => e.userId === userId && courseIds.includes(e.courseId))
      .map(clone);
  }
  async insertManyIfAbsent(enrollments: readonly Enrollment[]) {
    const inserted: string[] = [];
    for (const e of enrollments) {
      if (inTenant(this.s.enrollments.values(), e.tenantId).some((x) => x.userId === e.userId && x.courseId === e.courseId)) continue;
      this.s.enrollments.set(e.id, clone(e));
      inserted.push(e.id);
    }
    return inserted;
  }
  async lockPairs(tenantId: string, pairs: ReadonlyArray<{ userId: string; courseId: string }>) {
    return inTenant(this.s.enrollments.values(), tenantId)
      .filter((e) => pairs.some((p) => p.userId === e.userId && p.courseId === e.courseId))
      .map(clone);
  }
  async update(e: Enrollment) {
    if (this.s.enrollments.get(e.id)?.tenantId === e.tenantId) this.s.enrollments.set(e.id, clone(e));
  }
  async updateGrants(rows: readonly Enrollment[]) {
    for (const e of rows) await this.update(e);
  }
  async cancelBySource(tenantId: string, source: Enrollment['source'], sourceRef: string, at: Date) {
    let n = 0;
    for (const e of this.s.enrollments.values()) {
      if (e.tenantId === tenantId && e.source === source && e.sourceRef === sourceRef && e.status === 'active') {
        Object.assign(e, { status: 'cancelled', updatedAt: at });
        n++;
      }
    }
    return n;
  }
  async delete(tenantId: string, id: string) {
    if (this.s.enrollments.get(id)?.tenantId !== tenantId) return false;
    return this.s.enrollments.delete(id);
  }
  async activeCoursesOf(tenantId: string, userIds: readonly string[], now: Date, page: PageRequest) {
    const all = inTenant(this.s.enrollments.values(), tenantId)
      .filter((e) => userIds.includes(e.userId) && isEnrollmentActive(e, now))
      .map((e) => ({ enrollment: clone(e), course: this.s.courses.get(e.courseId) }))
      .filter((x): x is { enrollment: Enrollment; course: Course } => x.course !== undefined && x.course.status !== 'draft')
      .sort((a, b) => newestFirst(a.enrollment, b.enrollment))
      .map((x) => ({ enrollment: x.enrollment, course: clone(x.course) }));
    return pageOf(all, page);
  }
  async list(
    tenantId: string,
    f: { userId?: string; courseId?: string; status?: Enrollment['status']; search?: string },
    now: Date,
    page: PageRequest,
  ) {
    const all = inTenant(this.s.enrollments.values(), tenantId)
      .filter(
        (e) =>
          (!f.userId || e.userId === f.userId) &&
          (!f.courseId || e.courseId === f.courseId) &&
          (!f.status || effectiveStatus(e, now) === f.status),
      )
      .sort(newestFirst)
      .map((e) => this.listing(e))
      .filter((l) => !f.search || has(l.user.displayName, f.search) || has(l.user.email, f.search) || has(l.course.title, f.search));
    return pageOf(all, page);
  }
  async countActive(tenantId: string, now: Date, f: { since?: Date; userIds?: readonly string[] } = {}) {
    return inTenant(this.s.enrollments.values(), tenantId).filter(
      (e) => isEnrollmentActive(e, now) && (!f.since || e.createdAt >= f.since) && (!f.userIds || f.userIds.includes(e.userId)),
    ).length;
  }
}

export class MemoryProgressRepository implements ProgressRepository {
  constructor(private readonly s: MemoryLearningState) {}
  private key = (tenantId: string, userId: string, lessonId: string) => `${tenantId}:${userId}:${lessonId}`;
  async get(tenantId: string, userId: string, lessonId: string) {
    const p = this.s.progress.get(this.key(tenantId, userId, lessonId));
    return p ? clone(p) : null;
  }
  async save(p: LessonProgress) {
    this.s.progress.set(this.key(p.tenantId, p.userId, p.lessonId), clone(p));
  }
  async countOnLessons(tenantId: string, lessonIds: readonly string[]) {
    return inTenant(this.s.progress.values(), tenantId).filter((p) => lessonIds.includes(p.lessonId)).length;
  }
  async listForCourse(tenantId: string, userId: string, courseId: string) {
    return inTenant(this.s.progress.values(), tenantId)
      .filter((p) => p.userId === userId && p.courseId === courseId)
      .map(clone);
  }
  async summaries(tenantId: string, userIds: readonly string[], courseIds: readonly string[]) {
    const groups = new Map<string, LessonProgress[]>();
    for (const p of inTenant(this.s.progress.values(), tenantId)) {
      if (!userIds.includes(p.userId) || !courseIds.includes(p.courseId)) continue;
      const k = `${p.userId}:${p.courseId}`;
      groups.set(k, [...(groups.get(k) ?? []), p]);
    }
    return [...groups.values()].map((list) => {
      const last = [...list].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.lessonId < b.lessonId ? -1 : 1))[0]!;
      return {
        userId: last.userId,
        courseId: last.courseId,
        completedLessons: list.filter((p) => p.status === 'completed').length,
        lastLessonId: last.lessonId,
        lastActivityAt: last.updatedAt,
      };
    });
  }
}

export class MemoryCertificateRepository implements CertificateRepository {
  constructor(private readonly s: MemoryLearningState) {}
  async find(tenantId: string, userId: string, courseId: string) {
    const c = inTenant(this.s.certificates.values(), tenantId).find((x) => x.userId === userId && x.courseId === courseId);
    return c ? clone(c) : null;
  }
  async findByCode(code: string) {
    const c = [...this.s.certificates.values()].find((x) => x.code === code);
    return c ? clone(c) : null;
  }
  // Checked and written without an await in between: atomic, like the unique index.
  async insertIfAbsent(c: Certificate) {
    if (inTenant(this.s.certificates.values(), c.tenantId).some((x) => x.userId === c.userId && x.courseId === c.courseId)) return false;
    this.s.certificates.set(c.id, clone(c));
    return true;
  }
  async listOfUsers(tenantId: string, userIds: readonly string[], page: PageRequest) {
    const all = inTenant(this.s.certificates.values(), tenantId)
      .filter((c) => userIds.includes(c.userId))
      .sort((a, b) => b.issuedAt.getTime() - a.issuedAt.getTime() || (a.id < b.id ? 1 : -1));
    return pageOf(all.map(clone), page);
  }
  async count(tenantId: string, f: { since?: Date; courseId?: string } = {}) {
    return inTenant(this.s.certificates.values(), tenantId).filter(
      (c) => (!f.since || c.issuedAt >= f.since) && (!f.courseId || c.courseId === f.courseId),
    ).length;
  }
  async countByUsers(tenantId: string, userIds: readonly string[]) {
    const out = new Map<string, number>();
    for (const c of inTenant(this.s.certificates.values(), tenantId))
      if (userIds.includes(c.userId)) out.set(c.userId, (out.get(c.userId) ?? 0) + 1);
    return out;
  }
  async getTemplate(tenantId: string, courseId: string) {
    const t = this.s.templates.get(`${tenantId}:${courseId}`);
    return t ? clone(t) : null;
  }
  async saveTemplate(t: CertificateTemplate) {
    this.s.templates.set(`${t.tenantId}:${t.courseId}`, clone(t));
  }
  async deleteTemplate(tenantId: string, courseId: string) {
    return this.s.templates.delete(`${tenantId}:${courseId}`);
  }
}

export class MemoryParentLinkRepository implements ParentLinkRepository {
  constructor(private readonly s: MemoryLearningState) {}
  async insertCode(code: LinkingCode) {
    this.s.codes.set(code.id, clone(code));
  }
  async retireCodes(tenantId: string, studentId: string, at: Date) {
    for (const c of inTenant(this.s.codes.values(), tenantId))
      if (c.studentId === studentId && !c.usedAt && c.expiresAt > at) c.expiresAt = at;
  }
  async consumeCode(tenantId: string, codeHash: string, parentId: string, at: Date): Promise<ConsumeCodeOutcome> {
    const c = inTenant(this.s.codes.values(), tenantId).find((x) => x.codeHash === codeHash);
    if (!c) return { ok: false, reason: 'unknown' };
    if (c.usedAt) return { ok: false, reason: 'used' };
    if (c.expiresAt <= at) return { ok: false, reason: 'expired' };
    Object.assign(c, { usedAt: at, usedBy: parentId });
    return { ok: true, studentId: c.studentId };
  }
  private key = (l: { tenantId: string; parentId: string; studentId: string }) => `${l.tenantId}:${l.parentId}:${l.studentId}`;
  async link(link: ParentLink) {
    if (this.s.links.has(this.key(link))) return false;
    this.s.links.set(this.key(link), clone(link));
    return true;
  }
  async unlink(tenantId: string, parentId: string, studentId: string) {
    return this.s.links.delete(this.key({ tenantId, parentId, studentId }));
  }
  async isLinked(tenantId: string, parentId: string, studentId: string) {
    return this.s.links.has(this.key({ tenantId, parentId, studentId }));
  }
  async listLinks(tenantId: string, parentId: string, page: PageRequest) {
    const all = inTenant(this.s.links.values(), tenantId)
      .filter((l) => l.parentId === parentId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.studentId < b.studentId ? 1 : -1));
    return pageOf(all.map(clone), page);
  }
  async studentIdsOf(tenantId: string, parentId: string) {
    return inTenant(this.s.links.values(), tenantId)
      .filter((l) => l.parentId === parentId)
      .map((l) => l.studentId);
  }
}

export class MemoryParentInvitationRepository implements ParentInvitationRepository {
  constructor(private readonly s: MemoryLearningState) {}
  async insert(invitation: ParentInvitation) {
    this.s.invitations.set(invitation.id, clone(invitation));
  }
  async retire(tenantId: string, studentId: string, email: string, at: Date) {
    for (const i of inTenant(this.s.invitations.values(), tenantId))
      if (i.studentId === studentId && i.email === email && !i.usedAt && i.expiresAt > at) i.expiresAt = at;
  }
  async countSince(tenantId: string, studentId: string, since: Date) {
    return inTenant(this.s.invitations.values(), tenantId).filter((i) => i.studentId === studentId && i.createdAt >= since).length;
  }
  async findUsable(tokenHash: string, at: Date) {
    const i = [...this.s.invitations.values()].find((x) => x.tokenHash === tokenHash && !x.usedAt && x.expiresAt > at);
    return i ? clone(i) : null;
  }
  // Checked and written without an await in between: atomic, like the conditional update.
  async consume(tenantId: string, id: string, at: Date) {
    const i = this.s.invitations.get(id);
    if (!i || i.tenantId !== tenantId || i.usedAt || i.expiresAt <= at) return false;
    i.usedAt = at;
    return true;
  }
}

export class MemoryLearnerDirectory implements LearnerDirectory {
  constructor(private readonly s: MemoryLearningState) {}
  add(tenantId: string, learner: Learner) {
    this.s.learners.set(learner.id, { ...learner, tenantId });
  }
  async findById(tenantId: string, id: string) {
    const l = this.s.learners.get(id);
    if (!l || l.tenantId !== tenantId) return null;
    const { tenantId: _t, ...rest } = l;
    return clone(rest);
  }
  async findManyByIds(tenantId: string, ids: readonly string[]) {
    return (await Promise.all(ids.map((id) => this.findById(tenantId, id)))).filter((l): l is Learner => l !== null);
  }
}

/** A flat table in memory; `unique` lists the keys that make `conflict` (besides the id). */
export class MemoryRecordStore<T extends StoredRecord> implements RecordStore<T> {
  readonly rows = new Map<string, T>();
  constructor(
    private readonly searchFields: Array<keyof T>,
    private readonly unique: Array<Array<keyof T>> = [],
  ) {}
  private clash(r: T) {
    return [...this.rows.values()].some(
      (o) => o.id !== r.id && o.tenantId === r.tenantId && this.unique.some((keys) => keys.every((k) => o[k] === r[k])),
    );
  }
  async findById(tenantId: string, id: string) {
    const r = this.rows.get(id);
    return r && r.tenantId === tenantId ? clone(r) : null;
  }
  lock(tenantId: string, id: string) {
    return this.findById(tenantId, id);
  }
  async list(tenantId: string, q: { search?: string | undefined; filter?: Partial<T> }, page: PageRequest) {
    const all = inTenant(this.rows.values(), tenantId)
      .filter((r) => Object.entries(q.filter ?? {}).every(([k, v]) => v === undefined || r[k as keyof T] === v))
      .filter((r) => !q.search || this.searchFields.some((f) => has(r[f] as string | null, q.search!)))
      .sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
  async insert(r: T) {
    if (this.clash(r)) return 'conflict' as const;
    this.rows.set(r.id, clone(r));
    return 'ok' as const;
  }
  async update(r: T) {
    if (this.clash(r)) return 'conflict' as const;
    if (this.rows.get(r.id)?.tenantId === r.tenantId) this.rows.set(r.id, clone(r));
    return 'ok' as const;
  }
  async delete(tenantId: string, id: string) {
    if (this.rows.get(id)?.tenantId !== tenantId) return false;
    return this.rows.delete(id);
  }
}

export class MemorySubscriptionPlanRepository implements SubscriptionPlanRepository {
  readonly rows = new Map<string, SubscriptionPlan>();
  constructor(private readonly s: MemoryLearningState) {}
  async findById(tenantId: string, id: string) {
    const p = this.rows.get(id);
    return p && p.tenantId === tenantId ? clone(p) : null;
  }
  async findManyByIds(tenantId: string, ids: readonly string[]) {
    return ids
      .map((id) => this.rows.get(id))
      .filter((p): p is SubscriptionPlan => p?.tenantId === tenantId)
      .map(clone);
  }
  async list(tenantId: string, q: { search?: string | undefined; active?: boolean | undefined }, page: PageRequest) {
    const all = inTenant(this.rows.values(), tenantId)
      .filter(
        (p) => (q.active === undefined || p.active === q.active) && (!q.search || has(p.name, q.search) || has(p.description, q.search)),
      )
      .sort(newestFirst);
    return pageOf(all.map(clone), page);
  }
  async save(p: SubscriptionPlan) {
    this.rows.set(p.id, clone(p));
    this.s.planCategoryIds.clear();
    for (const plan of this.rows.values()) for (const c of plan.categoryIds) this.s.planCategoryIds.add(c);
  }
  async delete(tenantId: string, id: string) {
    if (this.rows.get(id)?.tenantId !== tenantId) return false;
    return this.rows.delete(id);
  }
}

export class MemoryStudentProfileRepository implements StudentProfileRepository {
  readonly rows = new Map<string, StudentProfile>();
  constructor(private readonly s: MemoryLearningState) {}
  private listing(p: StudentProfile) {
    const u = this.s.learners.get(p.userId);
    return {
      profile: clone(p),
      user: {
        id: p.userId,
        email: u?.email ?? '',
        displayName: u?.displayName ?? '',
        role: u?.role ?? 1,
        status: u?.active === false ? 2 : 1,
      },
    };
  }
  async findById(tenantId: string, id: string) {
    const p = this.rows.get(id);
    return p && p.tenantId === tenantId ? this.listing(p) : null;
  }
  async list(tenantId: string, search: string | undefined, page: PageRequest) {
    const all = inTenant(this.rows.values(), tenantId)
      .sort(newestFirst)
      .map((p) => this.listing(p))
      .filter((l) => !search || has(l.user.displayName, search) || has(l.user.email, search) || has(l.profile.school, search));
    return pageOf(all, page);
  }
  async insert(p: StudentProfile) {
    if (inTenant(this.rows.values(), p.tenantId).some((o) => o.userId === p.userId)) return 'conflict' as const;
    this.rows.set(p.id, clone(p));
    return 'ok' as const;
  }
  async update(p: StudentProfile) {
    if (this.rows.get(p.id)?.tenantId === p.tenantId) this.rows.set(p.id, clone(p));
    return 'ok' as const;
  }
  async delete(tenantId: string, id: string) {
    if (this.rows.get(id)?.tenantId !== tenantId) return false;
    return this.rows.delete(id);
  }
}
