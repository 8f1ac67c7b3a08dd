import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { randomUUID } from 'node:crypto';
import { harness } from '../../support/harness.js';
import { Role, UserStatus, type RoleLevel } from '../../../domain/identity/role.js';
import type { LoginPrincipal } from '../../../application/identity/ports/login-repository.js';
import type { Course, CourseModule, Lesson } from '../../../domain/learning/course.js';
import type { Enrollment } from '../../../domain/learning/enrollment.js';
import type { Quiz } from '../../../domain/assessment/quiz.js';
import type { Attempt } from '../../../domain/assessment/attempt.js';
import type { QuizRepository } from '../../../application/assessment/ports/quiz-repository.js';
import type {
  CategoryRepository,
  CourseRepository,
  LessonRepository,
  ModuleRepository,
} from '../../../application/learning/ports/catalog.js';
import type { EnrollmentRepository } from '../../../application/learning/ports/enrollment-repository.js';
import type { ProgressRepository } from '../../../application/learning/ports/progress-repository.js';
import type { CertificateRepository } from '../../../application/learning/ports/certificate-repository.js';
import type { ParentLinkRepository } from '../../../application/learning/ports/parent-link-repository.js';
import type { ParentInvitationRepository } from '../../../application/learning/ports/parent-invitation-repository.js';
import type { RecordStore } from '../../../application/learning/ports/record-store.js';
import type { PromoCode } from '../../../application/learning/ports/admin-repositories.js';
import {
  MemoryCategoryRepository,
  MemoryCertificateRepository,
  MemoryCourseRepository,
  MemoryEnrollmentRepository,
  MemoryLearnerDirectory,
  MemoryLearningState,
  MemoryLessonRepository,
  MemoryModuleRepository,
  MemoryParentInvitationRepository,
  MemoryParentLinkRepository,
  MemoryProgressRepository,
  MemoryRecordStore,
} from '../../../adapters/persistence/memory/learning.memory.js';

interface Env {
  courses: CourseRepository;
  categories: CategoryRepository;
  modules: ModuleRepository;
  lessons: LessonRepository;
  enrollments: EnrollmentRepository;
  progress: ProgressRepository;
  certificates: CertificateRepository;
  links: ParentLinkRepository;
  invitations: ParentInvitationRepository;
  promoCodes: RecordStore<PromoCode>;
  /** Assessment's rows the course page reads: a quiz, an attempt on it. */
  addQuiz(quiz: Quiz): Promise<void>;
  addAttempt(attempt: Attempt): Promise<void>;
  tenant(): Promise<string>;
  user(tenantId: string, role?: RoleLevel): Promise<string>;
  /** A live login of the user: its id. */
  login(tenantId: string, userId: string): Promise<string>;
}

const pgEnv = async (): Promise<Env> => {
  const h = await harness();
  return {
    courses: h.resolve('courseRepository'),
    categories: h.resolve('categoryRepository'),
    modules: h.resolve('moduleRepository'),
    lessons: h.resolve('lessonRepository'),
    enrollments: h.resolve('enrollmentRepository'),
    progress: h.resolve('progressRepository'),
    certificates: h.resolve('certificateRepository'),
    links: h.resolve('parentLinkRepository'),
    invitations: h.resolve('parentInvitationRepository'),
    promoCodes: h.resolve('promoCodeStore'),
    addQuiz: (quiz) => h.resolve<QuizRepository>('quizRepository').insert(quiz),
    addAttempt: async (attempt) => {
      await h.app.db.q()('quiz_attempts').insert(attempt);
    },
    tenant: async () => (await h.tenant()).id,
    user: async (tenantId, role = Role.Student) => (await h.user({ id: tenantId, slug: '', headers: {} }, role)).id,
    login: (tenantId, userId) => h.login(tenantId, userId),
  };
};

const memoryEnv = async (): Promise<Env> => {
  const s = new MemoryLearningState();
  const learners = new MemoryLearnerDirectory(s);
  const principals = new Map<string, LoginPrincipal>();
  return {
    courses: new MemoryCourseRepository(s, { principal: async (loginId) => principals.get(loginId) ?? null }),
    categories: new MemoryCategoryRepository(s),
    modules: new MemoryModuleRepository(s),
    lessons: new MemoryLessonRepository(s),
    enrollments: new MemoryEnrollmentRepository(s),
    progress: new MemoryProgressRepository(s),
    certificates: new MemoryCertificateRepository(s),
    links: new MemoryParentLinkRepository(s),
    invitations: new MemoryParentInvitationRepository(s),
    promoCodes: new MemoryRecordStore<PromoCode>(['code'], [['code']]),
    addQuiz: async (quiz) => {
      s.quizzes.set(quiz.id, quiz);
    },
    addAttempt: async (attempt) => {
      s.quizAttempts.set(attempt.id, attempt);
    },
    tenant: async () => randomUUID(),
    user: async (tenantId, role = Role.Student) => {
      const id = randomUUID();
      learners.add(tenantId, { id, email: `${id}@example.test`, displayName: 'U', avatar: null, role, active: true });
      return id;
    },
    login: async (tenantId, userId) => {
      const id = randomUUID();
      const expiresAt = at(60 * 24 * 365 * 100);
      principals.set(id, {
        loginId: id,
        tenantId,
        userId,
        username: 'u',
        role: Role.Student,
        status: UserStatus.Active,
        revokedAt: null,
        expiresAt,
      });
      return id;
    },
  };
};

const t0 = new Date('2026-05-01T00:00:00.000Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

for (const [name, make] of [
  ['PostgreSQL', pgEnv],
  ['memory', memoryEnv],
] as const) {
  describe(`learning repositories contract (${name})`, () => {
    let env: Env;
    before(async () => {
      env = await make();
    });
    /** The course page's rows, without a login beside them. */
    const pageOf = async (tenantId: string, userId: string, courseId: string) =>
      (await env.courses.findPageForLearner(tenantId, userId, courseId, null)).page;

    const course = (tenantId: string, over: Partial<Course> = {}): Course => ({
      id: randomUUID(),
      tenantId,
      title: 'Course',
      description: null,
      categoryId: null,
      difficulty: null,
      price: 0n,
      currency: 'IDR',
      coverImage: null,
      status: 'published',
      createdBy: null,
      publishedAt: null,
      createdAt: t0,
      updatedAt: t0,
      ...over,
    });
    // A catalogue row holds the course without its tenant and author, its times as ISO text.
    const listed = ({ tenantId: _tenant, createdBy: _author, ...c }: Course) => ({
      ...c,
      publishedAt: c.publishedAt && c.publishedAt.toISOString(),
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    });
    const module = (tenantId: string, courseId: string, order: number, createdAt = t0): CourseModule => ({
      id: randomUUID(),
      tenantId,
      courseId,
      title: 'M',
      description: null,
      order,
      createdAt,
      updatedAt: createdAt,
    });
    const lesson = (tenantId: string, m: CourseModule, order: number): Lesson => ({
      id: randomUUID(),
      tenantId,
      moduleId: m.id,
      courseId: m.courseId,
      title: 'L',
      description: null,
      contentType: 'text',
      contentUrl: null,
      content: 'c',
      duration: 5,
      order,
      createdAt: t0,
      updatedAt: t0,
    });
    const enrollment = (tenantId: string, userId: string, courseId: string, over: Partial<Enrollment> = {}): Enrollment => ({
      id: randomUUID(),
      tenantId,
      userId,
      courseId,
      status: 'active',
      source: 'admin',
      sourceRef: null,
      expiresAt: null,
      createdAt: t0,
      updatedAt: t0,
      ...over,
    });

    it('scopes courses by tenant and filters by status, difficulty (any case) and title', async () => {
      const t = await env.tenant();
      const other = await env.tenant();
      const a = course(t, { title: 'Organic Chemistry', difficulty: 'Advanced', price: toMinor(125000.5) });
      const b = course(t, { title: 'Poetry', status: 'draft', createdAt: at(1) });
      for (const c of [a, b]) await env.courses.insert(c);
      expect(await env.courses.findById(t, a.id)).to.deep.equal(a);
      expect(await env.courses.findById(other, a.id)).to.equal(null);
      expect(
        (await env.courses.list(t, { statuses: ['published'] }, { page: 1, pageSize: 10 })).items.map((c) => c.course.id),
      ).to.deep.equal([a.id]);
      expect((await env.courses.list(t, { difficulty: 'advanced' }, { page: 1, pageSize: 10 })).total).to.equal(1);
      expect((await env.courses.list(t, { search: 'chem' }, { page: 1, pageSize: 10 })).total).to.equal(1);
      expect((await env.courses.list(t, {}, { page: 1, pageSize: 10 })).items.map((c) => c.course.id)).to.deep.equal([b.id, a.id]);
      const category = {
        id: randomUUID(),
        tenantId: t,
        name: 'Poems',
        slug: `poems-${randomUUID().slice(0, 6)}`,
        description: null,
        createdAt: t0,
        updatedAt: t0,
      };
      await env.categories.insert(category);
      await env.courses.update({ ...b, categoryId: category.id });
      expect((await env.courses.list(t, {}, { page: 1, pageSize: 10 })).items.map((c) => [c.course.id, c.category])).to.deep.equal([
        [b.id, { id: category.id, name: category.name, slug: category.slug }],
        [a.id, null],
      ]);
      expect((await env.courses.list(t, { categoryId: category.id }, { page: 1, pageSize: 10 })).items.map((c) => c.course)).to.deep.equal([
        listed({ ...b, categoryId: category.id }),
      ]);
      expect(await env.courses.countByStatus(t)).to.deep.equal({ draft: 1, published: 1, archived: 0 });
      // What a subscription of the category grants: drafts too, archived courses not.
      const archived = course(t, { status: 'archived', categoryId: category.id });
      await env.courses.insert(archived);
      expect(await env.courses.idsOfCategories(t, [category.id])).to.deep.equal([b.id]);
      expect(await env.courses.idsOfCategories(other, [category.id])).to.deep.equal([]);
    });

    it("share-locks the tenant's courses among the ids asked, whatever their status, and asks nothing for none", async () => {
      const t = await env.tenant();
      const other = await env.tenant();
      const a = course(t);
      const archived = course(t, { status: 'archived' });
      const theirs = course(other);
      for (const c of [a, archived, theirs]) await env.courses.insert(c);
      const held = await env.courses.lockShared(t, [a.id, archived.id, theirs.id, randomUUID()]);
      expect(held.map((c) => c.id).sort()).to.deep.equal([a.id, archived.id].sort());
      expect(held.find((c) => c.id === a.id)).to.deep.equal(a);
      expect(await env.courses.lockShared(t, [])).to.deep.equal([]);
    });

    it('lists the catalogue under every shape of the filter (one text each), with its page and total', async () => {
      const t = await env.tenant();
      const category = {
        id: randomUUID(),
        tenantId: t,
        name: 'Sciences',
        slug: `sci-${randomUUID().slice(0, 6)}`,
        description: 'x',
        createdAt: t0,
        updatedAt: t0,
      };
      await env.categories.insert(category);
      const all = [
        course(t, {
          title: 'Organic Chemistry',
          categoryId: category.id,
          difficulty: 'Advanced',
          price: toMinor('150000.50'),
          createdAt: at(1),
        }),
        course(t, { title: 'Chemical basics', categoryId: category.id, difficulty: 'beginner', status: 'draft', createdAt: at(2) }),
        course(t, { title: 'Poetry', difficulty: 'advanced', status: 'archived', publishedAt: at(1), createdAt: at(3) }),
        // `_` is a LIKE wildcard: the search `m_c` must match this title alone, not "Chemical".
        course(t, { title: 'Chem_cal lab', createdAt: at(4), updatedAt: new Date(at(5).getTime() + 7) }),
      ];
      for (const c of all) await env.courses.insert(c);
      await env.courses.insert(course(await env.tenant(), { title: 'Chemistry elsewhere' }));
      const ref = { id: category.id, name: category.name, slug: category.slug };
      const newest = [...all].reverse();
      let shapes = 0;
      for (const statuses of [undefined, ['published'] as const, ['published', 'draft'] as const, [] as const])
        for (const categoryId of [undefined, category.id])
          for (const difficulty of [undefined, 'ADVANCED'])
            for (const search of [undefined, 'chem', 'm_c']) {
              const filter = { statuses, categoryId, difficulty, search };
              const expected = newest
                .filter((c) => !statuses || (statuses as readonly string[]).includes(c.status))
                .filter((c) => !categoryId || c.categoryId === categoryId)
                .filter((c) => !difficulty || c.difficulty?.toLowerCase() === difficulty.toLowerCase())
                .filter((c) => !search || c.title.toLowerCase().includes(search.toLowerCase()))
                .map((c) => ({ course: listed(c), category: c.categoryId ? ref : null }));
              const first = await env.courses.list(t, filter, { page: 1, pageSize: 1 });
              expect(first.items, JSON.stringify(filter)).to.deep.equal(expected.slice(0, 1));
              expect(first.total, JSON.stringify(filter)).to.equal(expected.length);
              const second = await env.courses.list(t, filter, { page: 2, pageSize: 1 });
              expect(second.items, JSON.stringify(filter)).to.deep.equal(expected.slice(1, 2));
              expect(second.total, JSON.stringify(filter)).to.equal(expected.length);
              shapes += 1;
            }
      expect(shapes).to.equal(48);
      // Past the last page: nothing, and the exact total.
      const past = await env.courses.list(t, { statuses: ['published'] }, { page: 5, pageSize: 1 });
      expect(past).to.deep.include({ items: [], total: 2 });
    });

    it('orders modules and lessons, reorders, counts lessons per course in one call', async () => {
      const t = await env.tenant();
      const c = course(t);
      await env.courses.insert(c);
      const m1 = module(t, c.id, 1);
      const m2 = module(t, c.id, 2, at(1));
      for (const m of [m2, m1]) await env.modules.insert(m);
      expect((await env.modules.listByCourse(t, c.id)).map((m) => m.id)).to.deep.equal([m1.id, m2.id]);
      expect(await env.modules.nextOrder(t, c.id)).to.equal(3);
      await env.modules.setOrder(t, c.id, [m2.id, m1.id], at(5));
      expect((await env.modules.listByCourse(t, c.id)).map((m) => [m.id, m.order])).to.deep.equal([
        [m2.id, 1],
        [m1.id, 2],
      ]);
      const l1 = lesson(t, m1, 2);
      const l2 = lesson(t, m1, 1);
      const l3 = lesson(t, m2, 1);
      for (const l of [l1, l2, l3]) await env.lessons.insert(l);
      expect((await env.lessons.listByModule(t, m1.id)).map((l) => l.id)).to.deep.equal([l2.id, l1.id]);
      expect(await env.lessons.nextOrder(t, m1.id)).to.equal(3);
      expect((await env.lessons.countByCourses(t, [c.id])).get(c.id)).to.equal(3);
      const empty = module(t, c.id, 3, at(2));
      await env.modules.insert(empty);
      const outline = await env.modules.listWithLessons(t, c.id);
      expect(
        outline.modules.map((m) => m.id),
        'modules in order, the empty one too',
      ).to.deep.equal([m2.id, m1.id, empty.id]);
      expect(outline.modules[0]).to.deep.equal({ ...m2, order: 1, updatedAt: at(5) });
      // The outline carries no lesson bodies.
      const summary = ({ content: _body, ...rest }: Lesson) => rest;
      expect([...outline.lessons].sort((x, y) => x.id.localeCompare(y.id))).to.deep.equal(
        [l1, l2, l3].sort((x, y) => x.id.localeCompare(y.id)).map(summary),
      );
      expect(await env.modules.listWithLessons(await env.tenant(), c.id)).to.deep.equal({ modules: [], lessons: [] });
      await env.modules.delete(t, m1.id);
      expect(await env.lessons.findById(t, l1.id)).to.equal(null);
      expect((await env.lessons.countByCourses(t, [c.id])).get(c.id)).to.equal(1);
    });

    it("reads a course with its category and one learner's enrolment and certificate, in the tenant only", async () => {
      const t = await env.tenant();
      const [u, v] = [await env.user(t), await env.user(t)];
      const category = {
        id: randomUUID(),
        tenantId: t,
        name: 'Science',
        slug: `science-${randomUUID().slice(0, 6)}`,
        description: 'Labs',
        createdAt: t0,
        updatedAt: at(1),
      };
      await env.categories.insert(category);
      const c = course(t, {
        categoryId: category.id,
        description: 'About',
        difficulty: 'Beginner',
        price: toMinor(19999.99),
        coverImage: 'https://cdn.example/c.png',
        createdBy: u,
        publishedAt: at(2),
      });
      const bare = course(t);
      for (const x of [c, bare]) await env.courses.insert(x);
      const e = enrollment(t, u, c.id, { expiresAt: at(60), sourceRef: 'order-1' });
      await env.enrollments.insertManyIfAbsent([e]);
      await env.enrollments.insertManyIfAbsent([enrollment(t, v, bare.id)]);
      const certificate = {
        id: randomUUID(),
        tenantId: t,
        userId: u,
        courseId: c.id,
        code: randomUUID().replace(/-/g, '').slice(0, 16),
        studentName: 'Ana',
        courseTitle: 'Course',
        issuedAt: at(30),
      };
      await env.certificates.insertIfAbsent(certificate);

      expect(await env.courses.findForLearner(t, u, c.id)).to.deep.equal({ course: c, category, enrollment: e, certificate });
      expect(await env.courses.findForLearner(t, v, c.id), "another learner sees none of u's state").to.deep.equal({
        course: c,
        category,
        enrollment: null,
        certificate: null,
      });
      expect(await env.courses.findForLearner(t, u, bare.id)).to.deep.equal({
        course: bare,
        category: null,
        enrollment: null,
        certificate: null,
      });
      expect(await env.courses.findForLearner(await env.tenant(), u, c.id)).to.equal(null);
      expect(await env.courses.findForLearner(t, u, randomUUID())).to.equal(null);

      // The course page reads the same rows in a statement of its own.
      for (const [learner, id] of [
        [u, c.id],
        [v, c.id],
        [u, bare.id],
        [v, bare.id],
      ] as const) {
        const { modules: _modules, lessons: _lessons, progress: _progress, quizzes: _quizzes, ...read } = (await pageOf(t, learner, id))!;
        expect(read).to.deep.equal(await env.courses.findForLearner(t, learner, id));
      }
    });

    it("reads the course page's rows in one call: the course as findForLearner, the outline and the learner's progress", async () => {
      const t = await env.tenant();
      const [u, v] = [await env.user(t), await env.user(t)];
      const c = course(t);
      await env.courses.insert(c);
      const [m1, m2] = [module(t, c.id, 2), module(t, c.id, 1, at(1))];
      for (const m of [m1, m2]) await env.modules.insert(m);
      const [a, b] = [lesson(t, m1, 1), { ...lesson(t, m2, 1), description: 'Intro', createdAt: at(2), updatedAt: at(3) }];
      const opening = { ...lesson(t, m2, 0), contentUrl: 'https://cdn.example/v.mp4', createdAt: at(7) };
      for (const l of [a, b, opening]) await env.lessons.insert(l);
      const e = enrollment(t, u, c.id);
      await env.enrollments.insertManyIfAbsent([e]);
      const base = { tenantId: t, userId: u, courseId: c.id };
      const done = { ...base, lessonId: a.id, status: 'completed' as const, startedAt: at(4), completedAt: at(5), updatedAt: at(5) };
      const started = { ...base, lessonId: b.id, status: 'in_progress' as const, startedAt: at(6), completedAt: null, updatedAt: at(6) };
      for (const p of [done, started]) await env.progress.save(p);
      await env.progress.save({ ...done, userId: v });

      // With the caller's login read beside it (a claimed login's route), or without (null).
      const login = await env.login(t, u);
      const read = await env.courses.findPageForLearner(t, u, c.id, login);
      expect(read.principal).to.deep.include({ loginId: login, tenantId: t, userId: u, status: UserStatus.Active, revokedAt: null });
      expect(await env.courses.findPageForLearner(t, u, c.id, null)).to.deep.equal({ ...read, principal: null });
      expect(await env.courses.findPageForLearner(t, u, randomUUID(), login)).to.deep.equal({ principal: read.principal, page: null });
      const page = read.page;
      expect(page).to.not.equal(null);
      const { modules, lessons, progress, quizzes, ...learner } = page!;
      expect(learner).to.deep.equal(await env.courses.findForLearner(t, u, c.id));
      expect(quizzes).to.deep.equal([]);
      expect(modules, 'in course order').to.deep.equal([m2, m1]);
      // As an outline lists them: by module, then by their own order; without content, link or times.
      const listed = ({ id, moduleId, courseId, title, description, contentType, duration, order }: Lesson) => ({
        id,
        moduleId,
        courseId,
        title,
        description,
        contentType,
        duration,
        order,
      });
      expect(lessons, 'in course order').to.deep.equal([opening, b, a].map(listed));
      const byLesson = <T extends { lessonId: string }>(xs: T[]) => [...xs].sort((x, y) => x.lessonId.localeCompare(y.lessonId));
      expect(byLesson(progress), "u's rows only").to.deep.equal(byLesson([done, started]));

      const bare = course(t);
      await env.courses.insert(bare);
      expect(await pageOf(t, u, bare.id)).to.deep.equal({
        course: bare,
        category: null,
        enrollment: null,
        certificate: null,
        modules: [],
        lessons: [],
        progress: [],
        quizzes: [],
      });
      expect(await pageOf(await env.tenant(), u, c.id)).to.equal(null);
      expect(await pageOf(t, u, randomUUID())).to.equal(null);
    });

    it("reads the course's quizzes with the learner's results in the page: newest first, drafts too, the best graded attempt", async () => {
      const t = await env.tenant();
      const [u, v] = [await env.user(t), await env.user(t)];
      const c = course(t);
      await env.courses.insert(c);
      const m = module(t, c.id, 1);
      await env.modules.insert(m);
      const quiz = (title: string, createdAt: Date, over: Partial<Quiz> = {}): Quiz => ({
        id: randomUUID(),
        tenantId: t,
        moduleId: m.id,
        courseId: c.id,
        title,
        description: null,
        durationMinutes: 0,
        passingScore: 60,
        maxAttempts: 0,
        showCorrectAnswers: false,
        shuffleQuestions: false,
        status: 'published',
        publishedAt: createdAt,
        createdBy: null,
        createdAt,
        updatedAt: createdAt,
        ...over,
      });
      let n = 0;
      /** A graded attempt (`mark`: score, percentage, passed, minute submitted), or one not graded yet. */
      const attempt = async (q: Quiz, userId: string, mark: [number, number, boolean, number] | 'in_progress' | 'needs_grading') => {
        const graded = typeof mark !== 'string';
        await env.addAttempt({
          id: randomUUID(),
          tenantId: t,
          quizId: q.id,
          userId,
          attemptNumber: ++n,
          status: graded ? 'submitted' : mark,
          seed: 1,
          startedAt: t0,
          deadlineAt: null,
          submittedAt: graded ? at(mark[3]) : mark === 'needs_grading' ? at(20) : null,
          score: graded ? mark[0] : null,
          maxScore: 5,
          percentage: graded ? mark[1] : null,
          passed: graded ? mark[2] : null,
          updatedAt: t0,
        });
      };
      const final = quiz('Final', t0);
      const [tieA, tieB] = [quiz('Tie A', at(1)), quiz('Tie B', at(1))];
      const draft = quiz('Draft', at(2), { status: 'draft', publishedAt: null });
      const rescored = quiz('Rescored', at(3));
      const untried = quiz('Untried', at(4));
      for (const q of [final, tieA, tieB, draft, rescored, untried]) await env.addQuiz(q);
      // The best is the highest percentage, not the latest; attempts not graded yet are no result.
      await attempt(final, u, [5, 100, true, 10]);
      await attempt(final, u, [0, 0, false, 11]);
      await attempt(final, u, 'in_progress');
      // At the same percentage a pass wins, then the earliest.
      await attempt(tieA, u, [4, 80, false, 10]);
      await attempt(tieA, u, [4, 80, true, 12]);
      await attempt(tieB, u, [3, 60, true, 12]);
      await attempt(tieB, u, [3.5, 60, true, 11]);
      await attempt(draft, u, 'needs_grading');
      // Passed by an attempt that is not the best (the passing score changed in between): any pass counts.
      await attempt(rescored, u, [3.5, 70, false, 10]);
      await attempt(rescored, u, [3, 60, true, 11]);
      await attempt(untried, v, [5, 100, true, 10]);

      const page = await pageOf(t, u, c.id);
      const result = (score: number, percentage: number, passed: boolean) => ({ score, percentage, passed });
      const [first, second] = [tieA, tieB].sort((x, y) => y.id.localeCompare(x.id));
      const expected = {
        [untried.id]: { id: untried.id, title: 'Untried', required: true, passed: false, bestResult: null },
        [rescored.id]: { id: rescored.id, title: 'Rescored', required: true, passed: true, bestResult: result(3.5, 70, false) },
        [draft.id]: { id: draft.id, title: 'Draft', required: false, passed: false, bestResult: null },
        [tieA.id]: { id: tieA.id, title: 'Tie A', required: true, passed: true, bestResult: result(4, 80, true) },
        [tieB.id]: { id: tieB.id, title: 'Tie B', required: true, passed: true, bestResult: result(3.5, 60, true) },
        [final.id]: { id: final.id, title: 'Final', required: true, passed: true, bestResult: result(5, 100, true) },
      };
      // Newest first; quizzes created at the same instant by id, descending.
      expect(page?.quizzes).to.deep.equal([untried, rescored, draft, first!, second!, final].map((q) => expected[q.id]));
      expect((await pageOf(t, v, c.id))?.quizzes.map((q) => [q.title, q.passed, q.bestResult])).to.deep.equal([
        ['Untried', true, result(5, 100, true)],
        ['Rescored', false, null],
        ['Draft', false, null],
        [first!.title, false, null],
        [second!.title, false, null],
        ['Final', false, null],
      ]);
    });

    it('inserts many enrolments at once, skipping users already enrolled, and names those inserted', async () => {
      const t = await env.tenant();
      const [u, v, w] = [await env.user(t), await env.user(t), await env.user(t)];
      const c = course(t);
      await env.courses.insert(c);
      const existing = enrollment(t, v, c.id, { source: 'admin' });
      await env.enrollments.insertManyIfAbsent([existing]);
      const batch = [u, v, w].map((userId) =>
        enrollment(t, userId, c.id, { source: 'subscription', sourceRef: 'sub-1', expiresAt: at(30) }),
      );
      expect((await env.enrollments.insertManyIfAbsent(batch)).sort()).to.deep.equal([batch[0]!.id, batch[2]!.id].sort());
      expect(await env.enrollments.find(t, v, c.id)).to.deep.equal(existing);
      expect(await env.enrollments.find(t, w, c.id)).to.deep.equal(batch[2]);
      expect(await env.enrollments.insertManyIfAbsent(batch)).to.deep.equal([]);
      expect(await env.enrollments.insertManyIfAbsent([])).to.deep.equal([]);
    });

    it("inserts one user's enrolments in many courses at once, naming those inserted, and locks the user's others by pair in one call", async () => {
      const t = await env.tenant();
      const u = await env.user(t);
      const other = await env.user(t);
      const [a, b, c] = [course(t), course(t), course(t)];
      for (const x of [a, b, c]) await env.courses.insert(x);
      const held = enrollment(t, u, b.id, { source: 'admin' });
      await env.enrollments.insertManyIfAbsent([held]);
      await env.enrollments.insertManyIfAbsent([enrollment(t, other, a.id)]);
      const batch = [a, b, c].map((x) => enrollment(t, u, x.id, { source: 'order', sourceRef: 'order-1' }));
      expect((await env.enrollments.insertManyIfAbsent(batch)).sort()).to.deep.equal([batch[0]!.id, batch[2]!.id].sort());
      const locked = await env.enrollments.lockPairs(
        t,
        [b.id, c.id, randomUUID()].map((courseId) => ({ userId: u, courseId })),
      );
      expect(locked.map((e) => e.id).sort()).to.deep.equal([held.id, batch[2]!.id].sort());
      expect(locked.find((e) => e.id === held.id)).to.deep.equal(held);
      expect(await env.enrollments.lockPairs(t, [])).to.deep.equal([]);
      expect(await env.enrollments.lockPairs(await env.tenant(), [{ userId: u, courseId: a.id }])).to.deep.equal([]);
      // Pairs match as pairs: the other user's enrolment (in a) and u's (in b) make no (other, b).
      expect(await env.enrollments.lockPairs(t, [{ userId: other, courseId: b.id }])).to.deep.equal([]);
    });

    it("locks many users' enrolments in one course by pair, and writes many re-grants in one call, in their tenant only", async () => {
      const t = await env.tenant();
      const [u, v, w] = [await env.user(t), await env.user(t), await env.user(t)];
      const c = course(t);
      await env.courses.insert(c);
      const [eu, ev] = [enrollment(t, u, c.id, { expiresAt: at(10) }), enrollment(t, v, c.id, { status: 'cancelled' })];
      await env.enrollments.insertManyIfAbsent([eu, ev]);
      const locked = await env.enrollments.lockPairs(
        t,
        [u, v, w].map((userId) => ({ userId, courseId: c.id })),
      );
      expect(locked.map((e) => e.id).sort()).to.deep.equal([eu.id, ev.id].sort());

      const extended = { ...eu, source: 'subscription' as const, sourceRef: 'sub-9', expiresAt: at(40), updatedAt: at(1) };
      const revived = {
        ...ev,
        status: 'active' as const,
        source: 'order' as const,
        sourceRef: 'order-9',
        expiresAt: null,
        updatedAt: at(1),
      };
      const elsewhere = { ...extended, tenantId: await env.tenant(), expiresAt: at(99) };
      await env.enrollments.updateGrants([extended, revived, elsewhere]);
      expect(await env.enrollments.findById(t, eu.id)).to.deep.equal(extended);
      expect(await env.enrollments.findById(t, ev.id)).to.deep.equal(revived);
      await env.enrollments.updateGrants([]);
    });

    it('keeps one enrolment per user and course and reads active ones at a given time', async () => {
      const t = await env.tenant();
      const u = await env.user(t);
      const v = await env.user(t);
      const live = course(t);
      const draft = course(t, { status: 'draft' });
      const short = course(t);
      for (const c of [live, draft, short]) await env.courses.insert(c);
      const e1 = enrollment(t, u, live.id);
      expect(await env.enrollments.insertManyIfAbsent([e1])).to.deep.equal([e1.id]);
      expect(await env.enrollments.insertManyIfAbsent([enrollment(t, u, live.id)])).to.deep.equal([]);
      await env.enrollments.insertManyIfAbsent([enrollment(t, u, draft.id, { createdAt: at(1) })]);
      await env.enrollments.insertManyIfAbsent([enrollment(t, u, short.id, { expiresAt: at(10), createdAt: at(2) })]);
      await env.enrollments.insertManyIfAbsent([enrollment(t, v, live.id)]);
      expect((await env.enrollments.find(t, u, live.id))?.id).to.equal(e1.id);
      const before = await env.enrollments.activeCoursesOf(t, [u], at(5), { page: 1, pageSize: 10 });
      expect(before.items.map((i) => i.course.id)).to.deep.equal([short.id, live.id]);
      expect(before.total).to.equal(2);
      const after = await env.enrollments.activeCoursesOf(t, [u], at(11), { page: 1, pageSize: 10 });
      expect(after.items.map((i) => i.course.id)).to.deep.equal([live.id]);
      expect(await env.enrollments.countActive(t, at(11))).to.equal(3);
      expect(await env.enrollments.countActive(t, at(11), { userIds: [v] })).to.equal(1);
      expect(
        (await env.enrollments.list(t, { status: 'expired' }, at(11), { page: 1, pageSize: 10 })).items.map((l) => l.course.id),
      ).to.deep.equal([short.id]);
      expect((await env.enrollments.list(t, { courseId: live.id }, at(11), { page: 1, pageSize: 10 })).total).to.equal(2);
      const [locked] = await env.enrollments.lockPairs(t, [{ userId: u, courseId: live.id }]);
      await env.enrollments.update({ ...locked!, status: 'cancelled', updatedAt: at(3) });
      expect((await env.enrollments.findById(t, e1.id))?.status).to.equal('cancelled');
      expect(await env.enrollments.delete(t, e1.id)).to.equal(true);
      expect(await env.enrollments.delete(t, e1.id)).to.equal(false);
    });

    it('cancels the active enrolments one source granted, and only those', async () => {
      const t = await env.tenant();
      const u = await env.user(t);
      const [a, b, c] = [course(t), course(t), course(t)];
      for (const x of [a, b, c]) await env.courses.insert(x);
      const orderId = 'order-1';
      await env.enrollments.insertManyIfAbsent([enrollment(t, u, a.id, { source: 'order', sourceRef: orderId })]);
      await env.enrollments.insertManyIfAbsent([enrollment(t, u, b.id, { source: 'order', sourceRef: 'order-2' })]);
      await env.enrollments.insertManyIfAbsent([enrollment(t, u, c.id, { source: 'admin', sourceRef: orderId })]);
      expect(await env.enrollments.cancelBySource(t, 'order', orderId, at(5))).to.equal(1);
      expect((await env.enrollments.find(t, u, a.id))?.status).to.equal('cancelled');
      expect((await env.enrollments.find(t, u, b.id))?.status).to.equal('active');
      expect((await env.enrollments.find(t, u, c.id))?.status).to.equal('active');
      expect(await env.enrollments.cancelBySource(t, 'order', orderId, at(6))).to.equal(0);
    });

    it('upserts progress and summarises completed lessons and the last lesson per user and course', async () => {
      const t = await env.tenant();
      const u = await env.user(t);
      const c = course(t);
      await env.courses.insert(c);
      const m = module(t, c.id, 1);
      await env.modules.insert(m);
      const [a, b] = [lesson(t, m, 1), lesson(t, m, 2)];
      for (const l of [a, b]) await env.lessons.insert(l);
      const base = { tenantId: t, userId: u, courseId: c.id };
      await env.progress.save({ ...base, lessonId: a.id, status: 'in_progress', startedAt: at(1), completedAt: null, updatedAt: at(1) });
      await env.progress.save({ ...base, lessonId: a.id, status: 'completed', startedAt: at(1), completedAt: at(2), updatedAt: at(2) });
      await env.progress.save({ ...base, lessonId: b.id, status: 'in_progress', startedAt: at(3), completedAt: null, updatedAt: at(3) });
      expect((await env.progress.get(t, u, a.id))?.status).to.equal('completed');
      expect(await env.progress.listForCourse(t, u, c.id)).to.have.length(2);
      const [s] = await env.progress.summaries(t, [u], [c.id]);
      expect(s).to.deep.equal({ userId: u, courseId: c.id, completedLessons: 1, lastLessonId: b.id, lastActivityAt: at(3) });
      expect(await env.progress.summaries(t, [u], [])).to.deep.equal([]);
    });

    it('issues a certificate once per user and course and finds it by code from any tenant', async () => {
      const t = await env.tenant();
      const u = await env.user(t);
      const c = course(t);
      await env.courses.insert(c);
      const code = `T${randomUUID().slice(0, 3).toUpperCase()}-ABCD-EFGH`;
      const cert = { id: randomUUID(), tenantId: t, userId: u, courseId: c.id, code, studentName: 'S', courseTitle: 'C', issuedAt: at(1) };
      expect(await env.certificates.insertIfAbsent(cert)).to.equal(true);
      expect(await env.certificates.insertIfAbsent({ ...cert, id: randomUUID(), code: `${code}X` })).to.equal(false);
      expect(await env.certificates.findByCode(code)).to.deep.equal(cert);
      expect((await env.certificates.countByUsers(t, [u])).get(u)).to.equal(1);
      expect(await env.certificates.count(t, { since: at(2) })).to.equal(0);
      expect(await env.certificates.count(t, { courseId: c.id })).to.equal(1);
      expect(await env.certificates.count(t, { courseId: randomUUID() })).to.equal(0);
      const template = {
        tenantId: t,
        courseId: c.id,
        title: 'T',
        body: 'B',
        backgroundImageUrl: null,
        orientation: 'portrait' as const,
        updatedAt: at(1),
      };
      await env.certificates.saveTemplate(template);
      await env.certificates.saveTemplate({ ...template, title: 'T2' });
      expect((await env.certificates.getTemplate(t, c.id))?.title).to.equal('T2');
      expect(await env.certificates.deleteTemplate(t, c.id)).to.equal(true);
      expect(await env.certificates.deleteTemplate(t, c.id)).to.equal(false);
    });

    it('consumes a linking code once and tells unknown, used and expired codes apart', async () => {
      const t = await env.tenant();
      const student = await env.user(t);
      const parent = await env.user(t, Role.Parent);
      const hash = randomUUID().replace(/-/g, '');
      await env.links.insertCode({
        id: randomUUID(),
        tenantId: t,
        studentId: student,
        codeHash: hash,
        expiresAt: at(60),
        usedAt: null,
        usedBy: null,
        createdAt: t0,
      });
      expect(await env.links.consumeCode(t, 'nope', parent, at(1))).to.deep.equal({ ok: false, reason: 'unknown' });
      expect(await env.links.consumeCode(t, hash, parent, at(61))).to.deep.equal({ ok: false, reason: 'expired' });
      expect(await env.links.consumeCode(t, hash, parent, at(1))).to.deep.equal({ ok: true, studentId: student });
      expect(await env.links.consumeCode(t, hash, parent, at(2))).to.deep.equal({ ok: false, reason: 'used' });
      expect(await env.links.link({ tenantId: t, parentId: parent, studentId: student, createdAt: at(1) })).to.equal(true);
      expect(await env.links.link({ tenantId: t, parentId: parent, studentId: student, createdAt: at(2) })).to.equal(false);
      expect(await env.links.isLinked(t, parent, student)).to.equal(true);
      expect(await env.links.studentIdsOf(t, parent)).to.deep.equal([student]);
      expect(await env.links.unlink(t, parent, student)).to.equal(true);
      expect(await env.links.unlink(t, parent, student)).to.equal(false);
      const retired = randomUUID().replace(/-/g, '');
      await env.links.insertCode({
        id: randomUUID(),
        tenantId: t,
        studentId: student,
        codeHash: retired,
        expiresAt: at(60),
        usedAt: null,
        usedBy: null,
        createdAt: t0,
      });
      await env.links.retireCodes(t, student, at(5));
      expect(await env.links.consumeCode(t, retired, parent, at(6))).to.deep.equal({ ok: false, reason: 'expired' });
    });

    it('finds a parent invitation by its digest while usable, uses it once, retires earlier ones to the same address, counts them', async () => {
      const t = await env.tenant();
      const student = await env.user(t);
      const hash = () => randomUUID().replace(/-/g, '');
      const invitation = (tokenHash: string, email: string, createdAt = t0) => ({
        id: randomUUID(),
        tenantId: t,
        studentId: student,
        email,
        tokenHash,
        expiresAt: at(60),
        usedAt: null,
        createdAt,
      });
      const first = invitation(hash(), 'mum@example.test');
      await env.invitations.insert(first);
      expect(await env.invitations.findUsable(first.tokenHash, at(1))).to.deep.equal(first);
      expect(await env.invitations.findUsable(first.tokenHash, at(60))).to.equal(null);
      expect(await env.invitations.findUsable('unknown', at(1))).to.equal(null);
      expect(await env.invitations.consume(t, first.id, at(61))).to.equal(false);
      expect(await env.invitations.consume(await env.tenant(), first.id, at(1))).to.equal(false);
      expect(await env.invitations.consume(t, first.id, at(1))).to.equal(true);
      expect(await env.invitations.consume(t, first.id, at(2))).to.equal(false);
      expect(await env.invitations.findUsable(first.tokenHash, at(2))).to.equal(null);

      const mum = invitation(hash(), 'mum@example.test', at(5));
      const dad = invitation(hash(), 'dad@example.test', at(5));
      await env.invitations.insert(mum);
      await env.invitations.insert(dad);
      await env.invitations.retire(t, student, 'mum@example.test', at(6));
      expect(await env.invitations.findUsable(mum.tokenHash, at(7))).to.equal(null);
      expect((await env.invitations.findUsable(dad.tokenHash, at(7)))?.id).to.equal(dad.id);
      expect(await env.invitations.countSince(t, student, at(5))).to.equal(2);
      expect(await env.invitations.countSince(t, student, t0)).to.equal(3);
      expect(await env.invitations.countSince(await env.tenant(), student, t0)).to.equal(0);
    });

    it('reports a unique-key clash of a flat admin resource as conflict', async () => {
      const t = await env.tenant();
      const p = {
        id: randomUUID(),
        tenantId: t,
        code: 'SAVE10',
        type: 'percent' as const,
        value: toMinor(10),
        validFrom: null,
        validUntil: null,
        maxUses: null,
        usedCount: 0,
        createdAt: t0,
        updatedAt: t0,
      };
      expect(await env.promoCodes.insert(p)).to.equal('ok');
      expect(await env.promoCodes.insert({ ...p, id: randomUUID() })).to.equal('conflict');
      const q = { ...p, id: randomUUID(), code: 'SAVE20' };
      expect(await env.promoCodes.insert(q)).to.equal('ok');
      expect(await env.promoCodes.update({ ...q, code: 'SAVE10' })).to.equal('conflict');
      expect(await env.promoCodes.findById(t, p.id)).to.deep.equal(p);
      expect((await env.promoCodes.list(t, { search: 'save2' }, { page: 1, pageSize: 10 })).items.map((x) => x.id)).to.deep.equal([q.id]);
      expect(await env.promoCodes.delete(t, q.id)).to.equal(true);
      expect(await env.promoCodes.delete(t, q.id)).to.equal(false);
    });
  });
}
