import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { harness } from '../../support/harness.js';
import { Role, UserStatus, type RoleLevel } from '../../../domain/identity/role.js';
import type { LoginPrincipal } from '../../../application/identity/ports/login-repository.js';
import type { Quiz } from '../../../domain/assessment/quiz.js';
import type { Question } from '../../../domain/assessment/question.js';
import type { Attempt, AttemptAnswer } from '../../../domain/assessment/attempt.js';
import type { Submission } from '../../../domain/assessment/assignment.js';
import type { CourseRepository, LessonRepository, ModuleRepository } from '../../../application/learning/ports/catalog.js';
import type { QuestionRepository, QuizRepository } from '../../../application/assessment/ports/quiz-repository.js';
import type { AttemptRepository } from '../../../application/assessment/ports/attempt-repository.js';
import type { QuizResultsReader } from '../../../application/assessment/ports/quiz-results-reader.js';
import type { SubmissionRepository } from '../../../application/assessment/ports/submission-repository.js';
import {
  MemoryAssessmentState,
  MemoryAttemptRepository,
  MemoryQuestionRepository,
  MemoryQuizRepository,
  MemoryQuizResultsReader,
  MemorySubmissionRepository,
} from '../../../adapters/persistence/memory/assessment.memory.js';

interface Course {
  courseId: string;
  moduleId: string;
  lessonIds: string[];
}

interface Env {
  quizzes: QuizRepository;
  questions: QuestionRepository;
  attempts: AttemptRepository;
  results: QuizResultsReader;
  submissions: SubmissionRepository;
  tenant(): Promise<string>;
  user(tenantId: string, name?: string, role?: RoleLevel): Promise<string>;
  /** A live login of the user: its id. */
  login(tenantId: string, userId: string): Promise<string>;
  /** A course with one module and `lessons` lessons (titles L1, L2, …). */
  course(tenantId: string, lessons: number): Promise<Course>;
}

const t0 = new Date('2026-05-01T00:00:00.000Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

const pgEnv = async (): Promise<Env> => {
  const h = await harness();
  return {
    quizzes: h.resolve('quizRepository'),
    questions: h.resolve('questionRepository'),
    attempts: h.resolve('attemptRepository'),
    results: h.resolve('quizResultsReader'),
    submissions: h.resolve('submissionRepository'),
    tenant: async () => (await h.tenant()).id,
    user: async (tenantId, name, role = Role.Student) =>
      (await h.user({ id: tenantId, slug: '', headers: {} }, role, name ? { displayName: name } : {})).id,
    login: (tenantId, userId) => h.login(tenantId, userId),
    course: async (tenantId, lessons) => {
      const courseId = randomUUID();
      const moduleId = randomUUID();
      await h.resolve<CourseRepository>('courseRepository').insert({
        id: courseId,
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
        publishedAt: t0,
        createdAt: t0,
        updatedAt: t0,
      });
      await h
        .resolve<ModuleRepository>('moduleRepository')
        .insert({ id: moduleId, tenantId, courseId, title: 'M', description: null, order: 1, createdAt: t0, updatedAt: t0 });
      const lessonIds: string[] = [];
      for (let i = 1; i <= lessons; i++) {
        const id = randomUUID();
        await h.resolve<LessonRepository>('lessonRepository').insert({
          id,
          tenantId,
          moduleId,
          courseId,
          title: `L${i}`,
          description: null,
          contentType: 'text',
          contentUrl: null,
          content: null,
          duration: 1,
          order: i,
          createdAt: t0,
          updatedAt: t0,
        });
        lessonIds.push(id);
      }
      return { courseId, moduleId, lessonIds };
    },
  };
};

const memoryEnv = async (): Promise<Env> => {
  const s = new MemoryAssessmentState();
  const principals = new Map<string, LoginPrincipal>();
  return {
    quizzes: new MemoryQuizRepository(s),
    questions: new MemoryQuestionRepository(s),
    attempts: new MemoryAttemptRepository(s, { principal: async (loginId) => principals.get(loginId) ?? null }),
    results: new MemoryQuizResultsReader(s),
    submissions: new MemorySubmissionRepository(s),
    tenant: async () => randomUUID(),
    user: async (tenantId, name = 'User', role = Role.Student) => {
      const id = randomUUID();
      s.users.set(id, { tenantId, email: `${id}@example.test`, displayName: name, role });
      return id;
    },
    login: async (tenantId, userId) => {
      const id = randomUUID();
      const { role = Role.Student, displayName } = s.users.get(userId)!;
      principals.set(id, {
        loginId: id,
        tenantId,
        userId,
        username: displayName,
        role: role as RoleLevel,
        status: UserStatus.Active,
        revokedAt: null,
        expiresAt: at(60 * 24 * 365 * 100),
      });
      return id;
    },
    course: async (_tenantId, lessons) => {
      const courseId = randomUUID();
      s.courses.set(courseId, { title: 'Course' });
      const lessonIds = Array.from({ length: lessons }, (_, i) => {
        const id = randomUUID();
        s.lessons.set(id, { title: `L${i + 1}`, courseId, order: i + 1 });
        return id;
      });
      return { courseId, moduleId: randomUUID(), lessonIds };
    },
  };
};

for (const [name, make] of [
  ['PostgreSQL', pgEnv],
  ['memory', memoryEnv],
] as const) {
  describe(`assessment repositories contract (${name})`, () => {
    let env: Env;
    before(async () => {
      env = await make();
    });

    const quiz = (tenantId: string, c: Course, over: Partial<Quiz> = {}): Quiz => ({
      id: randomUUID(),
      tenantId,
      moduleId: c.moduleId,
      courseId: c.courseId,
      title: 'Quiz',
      description: null,
      durationMinutes: 0,
      passingScore: 50,
      maxAttempts: 0,
      showCorrectAnswers: false,
      shuffleQuestions: false,
      status: 'published',
      publishedAt: t0,
      createdBy: null,
      createdAt: t0,
      updatedAt: t0,
      ...over,
    });
    const question = (tenantId: string, quizId: string, order: number, points = 1, over: Partial<Question> = {}): Question => ({
      id: randomUUID(),
      tenantId,
      quizId,
      type: 'multiple_choice',
      text: `Q${order}`,
      points,
      order,
      options: [
        { id: randomUUID(), text: 'right', isCorrect: true },
        { id: randomUUID(), text: 'wrong', isCorrect: false },
      ],
      // Issue 33: written at version 1, which the SQL column answers.
      version: 1,
      createdAt: at(order),
      updatedAt: at(order),
      ...over,
    });
    const draftAttempt = (
      tenantId: string,
      quizId: string,
      userId: string,
      over: Partial<Attempt> = {},
    ): Omit<Attempt, 'attemptNumber'> => ({
      id: randomUUID(),
      tenantId,
      quizId,
      userId,
      status: 'in_progress',
      seed: 7,
      startedAt: t0,
      deadlineAt: null,
      submittedAt: null,
      score: null,
      maxScore: 3,
      percentage: null,
      passed: null,
      updatedAt: t0,
      ...over,
    });
    const answer = (a: Attempt, questionId: string, over: Partial<AttemptAnswer> = {}): AttemptAnswer => ({
      tenantId: a.tenantId,
      attemptId: a.id,
      questionId,
      answer: ['x'],
      isCorrect: null,
      pointsAwarded: null,
      maxPoints: null,
      answeredAt: t0,
      updatedAt: t0,
      feedback: null,
      gradedBy: null,
      gradedAt: null,
      ...over,
    });
    /** Grades an in-progress attempt with the given marks per question. */
    const grade = async (a: Attempt, marks: Array<[Question, number]>, passing = 50) => {
      const score = marks.reduce((s, [, x]) => s + x, 0);
      const max = marks.reduce((s, [q]) => s + q.points, 0);
      const percentage = Math.round((score / max) * 10_000) / 100;
      const graded: Attempt = {
        ...a,
        status: 'submitted',
        submittedAt: at(30),
        score,
        maxScore: max,
        percentage,
        passed: percentage >= passing,
        updatedAt: at(30),
      };
      return env.attempts.finalise(
        graded,
        marks.map(([q, x]) => answer(a, q.id, { isCorrect: x === q.points, pointsAwarded: x, maxPoints: q.points })),
      );
    };

    it('stores quizzes by tenant, lists newest first with filters, counts published per course', async () => {
      const t = await env.tenant();
      const c = await env.course(t, 1);
      const a = quiz(t, c);
      const b = quiz(t, c, { status: 'draft', publishedAt: null, createdAt: at(1), durationMinutes: 15, shuffleQuestions: true });
      for (const q of [a, b]) await env.quizzes.insert(q);
      expect(await env.quizzes.findById(t, a.id)).to.deep.equal(a);
      expect(await env.quizzes.findById(await env.tenant(), a.id)).to.equal(null);
      expect((await env.quizzes.list(t, { moduleId: c.moduleId }, { page: 1, pageSize: 10 })).items.map((q) => q.id)).to.deep.equal([
        b.id,
        a.id,
      ]);
      expect(
        (await env.quizzes.list(t, { courseId: c.courseId, publishedOnly: true }, { page: 1, pageSize: 10 })).items.map((q) => q.id),
      ).to.deep.equal([a.id]);
      const u = await env.user(t);
      expect(await env.quizzes.requirementStatus(t, [u], [c.courseId, randomUUID()])).to.deep.equal(
        new Map([[`${u}:${c.courseId}`, { required: 1, passed: 0 }]]),
      );
      await env.quizzes.update({ ...b, status: 'published', publishedAt: at(2), title: 'Renamed', updatedAt: at(2) });
      expect(await env.quizzes.findById(t, b.id)).to.deep.include({ status: 'published', title: 'Renamed', createdAt: b.createdAt });
      expect(await env.quizzes.countPublished(t)).to.equal(2);
      expect(await env.quizzes.delete(t, a.id)).to.equal(true);
      expect(await env.quizzes.delete(t, a.id)).to.equal(false);
    });

    it('orders, reorders, shifts and sums questions; options round-trip', async () => {
      const t = await env.tenant();
      const c = await env.course(t, 1);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const q1 = question(t, qz.id, 1, 2);
      const q2 = question(t, qz.id, 2, 3, { type: 'short_answer', options: [{ id: randomUUID(), text: 'Ja, "ok"', isCorrect: true }] });
      const q3 = question(t, qz.id, 2, 1, { createdAt: at(3) });
      await env.questions.insertMany([q3, q2, q1]);
      expect(await env.questions.findById(t, q2.id)).to.deep.equal(q2);
      expect((await env.questions.listByQuiz(t, qz.id)).map((q) => q.id)).to.deep.equal([q1.id, q2.id, q3.id]);
      expect(await env.questions.nextOrder(t, qz.id)).to.equal(3);
      expect((await env.questions.statsByQuizzes(t, [qz.id])).get(qz.id)).to.deep.equal({ count: 3, maxScore: 6 });
      await env.questions.setOrder(t, qz.id, [q3.id, q1.id, q2.id], at(9));
      expect((await env.questions.listByQuiz(t, qz.id)).map((q) => [q.id, q.order])).to.deep.equal([
        [q3.id, 1],
        [q1.id, 2],
        [q2.id, 3],
      ]);
      await env.questions.shiftFrom(t, qz.id, 2, at(10));
      expect((await env.questions.listByQuiz(t, qz.id)).map((q) => q.order)).to.deep.equal([1, 3, 4]);
      await env.questions.update({ ...q1, text: 'Changed', points: 5, order: 2, updatedAt: at(11) });
      expect(await env.questions.findById(t, q1.id)).to.deep.include({ text: 'Changed', points: 5, order: 2, quizId: qz.id });
      expect(await env.questions.delete(t, q3.id)).to.equal(true);
      expect(await env.questions.delete(await env.tenant(), q1.id)).to.equal(false);
    });

    it('versions (issue 33): tells whether an attempt has seen a question, keeps superseded versions by tenant, once each', async () => {
      const t = await env.tenant();
      const c = await env.course(t, 1);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const q1 = question(t, qz.id, 1);
      const q2 = question(t, qz.id, 2);
      await env.questions.insertMany([q1, q2]);
      expect(await env.questions.lock(t, q1.id)).to.deep.equal(q1);
      expect(await env.questions.lock(await env.tenant(), q1.id)).to.equal(null);
      expect(await env.questions.seenByAttempt(t, q1.id)).to.equal(false);
      // An attempt that holds q1 only (as a draw would): q1 is seen, q2 is not.
      await env.attempts.insertNext(draftAttempt(t, qz.id, await env.user(t)), 0, [q1]);
      expect(await env.questions.seenByAttempt(t, q1.id)).to.equal(true);
      expect(await env.questions.seenByAttempt(t, q2.id)).to.equal(false);
      expect(await env.questions.seenByAttempt(await env.tenant(), q1.id)).to.equal(false);

      await env.questions.archiveVersion(q1, at(20));
      const v2 = { ...q1, text: 'Second', version: 2, updatedAt: at(20) };
      await env.questions.update(v2);
      await env.questions.archiveVersion(v2, at(30));
      expect(await env.questions.findById(t, q1.id)).to.deep.include({ version: 2, text: 'Second' });
      expect(await env.questions.versions(t, q1.id)).to.deep.equal([
        { version: 1, question: q1, replacedAt: at(20) },
        { version: 2, question: v2, replacedAt: at(30) },
      ]);
      expect(await env.questions.versions(await env.tenant(), q1.id)).to.deep.equal([]);
      // A version is archived once: a second archive of it is refused, not a second row.
      let refused = false;
      await env.questions.archiveVersion(q1, at(40)).catch(() => (refused = true));
      expect(refused).to.equal(true);
      expect(await env.questions.versions(t, q1.id)).to.have.length(2);
      // They go with the question.
      expect(await env.questions.delete(t, q1.id)).to.equal(true);
      expect(await env.questions.versions(t, q1.id)).to.deep.equal([]);
    });

    it("ordering grading types (migration 1031): each ordering question keeps its own, as do its versions and attempts' snapshots", async () => {
      const t = await env.tenant();
      const c = await env.course(t, 1);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const items = ['a', 'b', 'c'].map((text) => ({ id: randomUUID(), text, isCorrect: true }));
      const ordering = question(t, qz.id, 1, 2, { type: 'ordering', options: items, orderingGrading: 'longest_ordered_subset' });
      const mc = question(t, qz.id, 2);
      await env.questions.insertMany([ordering, mc]);
      expect(await env.questions.findById(t, ordering.id)).to.deep.equal(ordering);
      // The other types have none (no key at all).
      expect(await env.questions.findById(t, mc.id)).to.deep.equal(mc);
      const attempt = draftAttempt(t, qz.id, await env.user(t));
      await env.attempts.insertNext(attempt, 0, [ordering, mc]);
      await env.questions.archiveVersion(ordering, at(20));
      const v2 = { ...ordering, orderingGrading: 'all_or_nothing' as const, version: 2, updatedAt: at(20) };
      await env.questions.update(v2);
      expect(await env.questions.findById(t, ordering.id)).to.deep.equal(v2);
      expect((await env.questions.versions(t, ordering.id)).map((v) => v.question.orderingGrading)).to.deep.equal([
        'longest_ordered_subset',
      ]);
      // The attempt grades as it started.
      const snapshot = await env.attempts.questionsOf(t, attempt.id);
      expect(snapshot?.find((q) => q.id === ordering.id)?.orderingGrading).to.equal('longest_ordered_subset');
      // A question that stops being an ordering loses it.
      const asMc = { ...mc, id: ordering.id, version: 3 };
      await env.questions.update(asMc);
      expect(await env.questions.findById(t, ordering.id)).to.not.have.property('orderingGrading');
    });

    it("numbers attempts within max_attempts, keeps one in progress, saves answers and finalises once; sums up a user's results per course", async () => {
      const t = await env.tenant();
      const c = await env.course(t, 1);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const q1 = question(t, qz.id, 1);
      await env.questions.insertMany([q1]);
      const u = await env.user(t);
      const first = await env.attempts.insertNext(draftAttempt(t, qz.id, u), 2, [q1]);
      expect(first).to.deep.include({ attemptNumber: 1, status: 'in_progress', seed: 7, deadlineAt: null });
      // The questions it started with stay its own, whatever happens to the quiz's.
      await env.questions.update({ ...q1, text: 'Edited', options: q1.options.map((o) => ({ ...o, isCorrect: !o.isCorrect })) });
      expect(await env.attempts.questionsOf(t, first!.id)).to.deep.equal([q1]);
      expect(await env.attempts.questionsOf(await env.tenant(), first!.id)).to.equal(null);
      // The answer save's read: the caller's login, and the attempt with the one question of its snapshot it names.
      const login = await env.login(t, u);
      const principal = await env.attempts.findWithQuestion(login, t, first!.id, q1.id).then((r) => r.principal);
      expect(principal).to.deep.include({
        loginId: login,
        tenantId: t,
        userId: u,
        role: Role.Student,
        status: UserStatus.Active,
        revokedAt: null,
      });
      expect(await env.attempts.findWithQuestion(login, t, first!.id, q1.id)).to.deep.equal({
        principal,
        attempt: { attempt: first, kept: true, question: q1 },
      });
      expect(await env.attempts.findWithQuestion(login, t, first!.id, qz.id)).to.deep.equal({
        principal,
        attempt: { attempt: first, kept: true, question: null },
      });
      // No such attempt (another tenant's id), or no such login: a row all the same, with nulls.
      expect(await env.attempts.findWithQuestion(login, await env.tenant(), first!.id, q1.id)).to.deep.equal({ principal, attempt: null });
      expect(await env.attempts.findWithQuestion(randomUUID(), t, first!.id, q1.id)).to.deep.equal({
        principal: null,
        attempt: { attempt: first, kept: true, question: q1 },
      });
      await env.questions.update(q1);
      expect(await env.attempts.insertNext(draftAttempt(t, qz.id, u), 2, [])).to.equal(null); // one in progress
      expect((await env.attempts.findInProgress(t, qz.id, u))?.id).to.equal(first!.id);

      await env.attempts.saveAnswer(answer(first!, q1.id, { answer: [q1.options[1]!.id] }));
      await env.attempts.saveAnswer(answer(first!, q1.id, { answer: [q1.options[0]!.id], answeredAt: at(1), updatedAt: at(1) }));
      const saved = await env.attempts.listAnswers(t, first!.id);
      expect(saved.map((a) => [a.answer, a.answeredAt])).to.deep.equal([[[q1.options[0]!.id], at(1)]]);

      expect(await grade(first!, [[q1, 1]])).to.equal(true);
      expect(await grade(first!, [[q1, 0]])).to.equal(false); // already graded: nothing changes
      expect(await env.attempts.findById(t, first!.id)).to.deep.include({
        status: 'submitted',
        score: 1,
        percentage: 100,
        passed: true,
        attemptNumber: 1,
      });
      expect((await env.attempts.listAnswers(t, first!.id))[0]).to.deep.include({ isCorrect: true, pointsAwarded: 1, maxPoints: 1 });
      // The answer save's read holds the attempt as findById reads it, marks and times included.
      const graded = await env.attempts.findById(t, first!.id);
      expect((await env.attempts.findWithQuestion(login, t, first!.id, q1.id)).attempt).to.deep.equal({
        attempt: graded,
        kept: true,
        question: q1,
      });

      const second = await env.attempts.insertNext(draftAttempt(t, qz.id, u, { startedAt: at(40) }), 2, []);
      expect(second?.attemptNumber).to.equal(2);
      await grade(second!, [[q1, 0]]);
      expect(await env.attempts.insertNext(draftAttempt(t, qz.id, u), 2, [])).to.equal(null); // limit
      expect(await env.attempts.countByUser(t, qz.id, u)).to.equal(2);
      expect((await env.attempts.insertNext(draftAttempt(t, qz.id, u, { startedAt: at(50) }), 0, []))?.attemptNumber).to.equal(3); // unlimited
      expect((await env.attempts.list(t, qz.id, { userId: u }, { page: 1, pageSize: 10 })).items.map((a) => a.attemptNumber)).to.deep.equal(
        [3, 2, 1],
      );
      expect((await env.attempts.summaries(t, u, [qz.id])).get(qz.id)).to.deep.include({ attempts: 3, bestPercentage: 100, passed: true });
      const other = await env.user(t);
      expect(await env.quizzes.requirementStatus(t, [u, other], [c.courseId])).to.deep.equal(
        new Map([
          [`${u}:${c.courseId}`, { required: 1, passed: 1 }],
          [`${other}:${c.courseId}`, { required: 1, passed: 0 }],
        ]),
      );
    });

    it("saves an answer in one statement only while the attempt is the user's, open and before its deadline", async () => {
      const t = await env.tenant();
      const c = await env.course(t, 1);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const q1 = question(t, qz.id, 1);
      await env.questions.insertMany([q1]);
      const u = await env.user(t);
      const other = await env.user(t);
      const attempt = await env.attempts.insertNext(draftAttempt(t, qz.id, u, { deadlineAt: at(30) }), 0, []);
      expect((await env.attempts.findWithQuestion(randomUUID(), t, attempt!.id, q1.id)).attempt).to.deep.equal({
        attempt,
        kept: true,
        question: null,
      });
      const row = answer(attempt!, q1.id, { answer: [q1.options[1]!.id] });
      expect(await env.attempts.saveAnswerIfOpen(row, other, at(1))).to.equal(false); // not theirs
      expect(await env.attempts.saveAnswerIfOpen(row, u, at(30))).to.equal(false); // deadline reached
      expect(await env.attempts.listAnswers(t, attempt!.id)).to.deep.equal([]);
      expect(await env.attempts.saveAnswerIfOpen(row, u, at(1))).to.equal(true);
      expect(
        await env.attempts.saveAnswerIfOpen({ ...row, answer: [q1.options[0]!.id], answeredAt: at(2), updatedAt: at(2) }, u, at(2)),
      ).to.equal(true);
      expect((await env.attempts.listAnswers(t, attempt!.id)).map((a) => a.answer)).to.deep.equal([[q1.options[0]!.id]]);
      await grade(attempt!, [[q1, 1]]);
      const graded = await env.attempts.listAnswers(t, attempt!.id);
      expect(await env.attempts.saveAnswerIfOpen(row, u, at(3))).to.equal(false); // submitted
      expect(await env.attempts.listAnswers(t, attempt!.id)).to.deep.equal(graded);
    });

    it('finds overdue attempts by tenant, quiz and user, and across tenants for the sweep', async () => {
      const t = await env.tenant();
      const c = await env.course(t, 1);
      const qz = quiz(t, c, { durationMinutes: 10 });
      await env.quizzes.insert(qz);
      const [u, v] = [await env.user(t), await env.user(t)];
      const a = await env.attempts.insertNext(draftAttempt(t, qz.id, u, { deadlineAt: at(10) }), 0, []);
      const b = await env.attempts.insertNext(draftAttempt(t, qz.id, v, { deadlineAt: at(20) }), 0, []);
      expect(await env.attempts.overdue(t, at(9), { quizId: qz.id }, 10)).to.deep.equal([]);
      expect(await env.attempts.overdue(t, at(10), { quizId: qz.id }, 10)).to.deep.equal([a!.id]);
      expect(await env.attempts.overdue(t, at(30), { quizId: qz.id }, 10)).to.deep.equal([a!.id, b!.id]);
      expect(await env.attempts.overdue(t, at(30), { quizId: qz.id, userId: v }, 10)).to.deep.equal([b!.id]);
      const swept = await env.attempts.overdueInAllTenants(at(30), 10_000);
      expect(swept.filter((x) => x.tenantId === t).map((x) => x.id)).to.deep.equal([a!.id, b!.id]);
      expect(await env.attempts.countRunning(t, u, at(5))).to.equal(1);
      expect(await env.attempts.countRunning(t, u, at(10))).to.equal(0);
      expect(await env.attempts.countStartedSince(t, t0)).to.equal(2);
    });

    it('pages results by (started_at, id) and computes the same moments', async () => {
      const t = await env.tenant();
      const c = await env.course(t, 1);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const q1 = question(t, qz.id, 1);
      const q2 = question(t, qz.id, 2, 2);
      await env.questions.insertMany([q1, q2]);
      const patterns: Array<[number, number]> = [
        [1, 2],
        [1, 0],
        [0, 0],
        [0, 2],
      ];
      const ids: string[] = [];
      for (const [i, [x1, x2]] of patterns.entries()) {
        const user = await env.user(t, `U${i}`);
        // Two attempts share a start instant: the keyset breaks the tie by id.
        const a = await env.attempts.insertNext(draftAttempt(t, qz.id, user, { startedAt: at(Math.min(i, 2)) }), 0, []);
        await grade(a!, [
          [q1, x1],
          [q2, x2],
        ]);
        ids.push(a!.id);
      }
      const u0 = await env.user(t, 'Again');
      const again = await env.attempts.insertNext(draftAttempt(t, qz.id, u0, { startedAt: at(5) }), 0, []);
      await grade(again!, [
        [q1, 1],
        [q2, 2],
      ]);
      const retry = await env.attempts.insertNext(draftAttempt(t, qz.id, u0, { startedAt: at(6) }), 0, []);
      expect(retry?.attemptNumber).to.equal(2);

      const seen: string[] = [];
      let cursor: { startedAt: Date; id: string } | null = null;
      for (;;) {
        const page = await env.results.exportPage(t, qz.id, cursor, 2);
        seen.push(...page.map((r) => r.attemptId));
        if (page.length < 2) break;
        cursor = { startedAt: page[page.length - 1]!.startedAt, id: page[page.length - 1]!.attemptId };
      }
      expect(seen).to.have.length(6);
      expect(new Set(seen).size).to.equal(6);
      const firstPage = await env.results.exportPage(t, qz.id, null, 1);
      expect(firstPage[0]).to.deep.include({
        attemptId: ids[0],
        displayName: 'U0',
        attemptNumber: 1,
        status: 'submitted',
        score: 3,
        maxScore: 3,
        percentage: 100,
        passed: true,
      });
      expect(firstPage[0]!.email).to.be.a('string');

      const all = await env.results.moments(t, qz.id, 'all');
      expect(all.attempts).to.deep.include({ n: 5, passed: 3, sumT: 9, sumT2: 23 });
      // Percentages exact (2/3, not the stored 66.67): 100, 33.3…, 0, 66.6…, 100.
      expect(all.attempts.median).to.be.closeTo(200 / 3, 1e-9);
      expect(all.attempts.sumPct).to.be.closeTo(300, 1e-9);
      expect(all.attempts.sumPct3).to.be.closeTo(2e6 + (100 / 3) ** 3 + (200 / 3) ** 3, 1e-6);
      expect(all.attempts.histogram).to.deep.equal([1, 0, 0, 1, 0, 0, 1, 0, 0, 2]);
      const m2 = all.questions.find((q) => q.questionId === q2.id)!;
      expect(m2).to.deep.include({ n: 5, maxMark: 2, correct: 3, sumX: 6, sumX2: 12, sumXT: 16, sumT: 9, sumT2: 23 });
      // x sorted 0,0,2,2,2 against the rests T − x sorted 0,0,1,1,1.
      expect(m2.sumSortedXR).to.equal(6);
      const first = await env.results.moments(t, qz.id, 'first');
      expect(first.attempts.n).to.equal(5); // the in-progress retry is not graded
    });

    it('keeps partial-credit options and fractional marks; picks first, last or highest attempts', async () => {
      const t = await env.tenant();
      const c = await env.course(t, 1);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const weighted = question(t, qz.id, 1, 3, {
        type: 'multiple_answer',
        options: [
          { id: randomUUID(), text: 'a', isCorrect: true, weight: 0.3333333 },
          { id: randomUUID(), text: 'b', isCorrect: true, weight: 0.6666667 },
          { id: randomUUID(), text: 'c', isCorrect: false, weight: -1 },
        ],
      });
      const num = question(t, qz.id, 2, 1, {
        type: 'numerical',
        options: [{ id: randomUUID(), text: '3.14', isCorrect: true, tolerance: 0.005 }],
      });
      const match = question(t, qz.id, 3, 2, {
        type: 'matching',
        options: [
          { id: randomUUID(), text: 'one', isCorrect: true, match: '1', matchId: randomUUID() },
          { id: randomUUID(), text: '', isCorrect: false, match: '2', matchId: randomUUID() },
        ],
      });
      await env.questions.insertMany([weighted, num, match]);
      expect(await env.questions.listByQuiz(t, qz.id)).to.deep.equal([weighted, num, match]);
      const u = await env.user(t);
      const scores = [1.33, 2.67, 0.5];
      for (const [i, x] of scores.entries()) {
        const a = await env.attempts.insertNext(draftAttempt(t, qz.id, u, { startedAt: at(i) }), 0, []);
        await grade(a!, [[weighted, x]], 40);
      }
      const graded = (await env.attempts.list(t, qz.id, {}, { page: 1, pageSize: 10 })).items;
      expect(graded.map((a) => a.score).sort()).to.deep.equal([0.5, 1.33, 2.67]);
      const answers = await env.attempts.listAnswers(t, graded.find((a) => a.score === 2.67)!.id);
      expect(answers[0]).to.include({ pointsAwarded: 2.67, feedback: null, gradedBy: null, gradedAt: null });
      const sumOf = async (selection: 'first' | 'last' | 'highest' | 'all') =>
        (await env.results.moments(t, qz.id, selection)).attempts.sumT;
      expect(await sumOf('first')).to.be.closeTo(1.33, 1e-9);
      expect(await sumOf('last')).to.be.closeTo(0.5, 1e-9);
      expect(await sumOf('highest')).to.be.closeTo(2.67, 1e-9);
      expect(await sumOf('all')).to.be.closeTo(4.5, 1e-9);
    });

    it("keeps marks and scores with Moodle's seven decimals (a third of a point is not 0.33)", async () => {
      const t = await env.tenant();
      const c = await env.course(t, 1);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const three = question(t, qz.id, 1, 3);
      const one = question(t, qz.id, 2, 1);
      await env.questions.insertMany([three, one]);
      const u = await env.user(t);
      const a = await env.attempts.insertNext(draftAttempt(t, qz.id, u, { startedAt: at(0) }), 0, []);
      await grade(
        a!,
        [
          [three, 0.9999999],
          [one, 0.3333333],
        ],
        40,
      );
      expect((await env.attempts.findById(t, a!.id))!.score).to.equal(1.3333332);
      const answers = await env.attempts.listAnswers(t, a!.id);
      expect(answers.map((x) => [x.questionId, x.pointsAwarded]).sort()).to.deep.equal(
        [
          [three.id, 0.9999999],
          [one.id, 0.3333333],
        ].sort(),
      );
      const moments = await env.results.moments(t, qz.id, 'all');
      expect(moments.questions.find((q) => q.questionId === one.id)!.sumX).to.be.closeTo(0.3333333, 1e-12);
      expect(moments.attempts.sumT).to.be.closeTo(1.3333332, 1e-12);
    });

    it("marks essays: the grading queue lists pending answers of lower roles, never the grader's own", async () => {
      const t = await env.tenant();
      const c = await env.course(t, 1);
      const qz = quiz(t, c, { title: 'Essays' });
      await env.quizzes.insert(qz);
      const essay = question(t, qz.id, 1, 5, { type: 'essay', text: 'Write', options: [] });
      await env.questions.insertMany([essay]);
      const student = await env.user(t, 'Student');
      const a = (await env.attempts.insertNext(draftAttempt(t, qz.id, student), 0, [essay]))!;
      const waiting: Attempt = { ...a, status: 'needs_grading', submittedAt: at(30), maxScore: 5, updatedAt: at(30) };
      expect(await env.attempts.finalise(waiting, [answer(a, essay.id, { answer: ['My essay'], maxPoints: 5 })])).to.equal(true);
      const grader = await env.user(t, 'Grader');
      const queue = (status: 'pending' | 'graded' | 'all', graderRole: number = Role.Mentor, graderId = grader) =>
        env.attempts.listMarking(t, { status, graderId, graderRole }, { page: 1, pageSize: 10 });
      const pending = await queue('pending');
      expect(pending.total).to.equal(1);
      expect(pending.items[0]).to.deep.include({
        attemptId: a.id,
        quizId: qz.id,
        quizTitle: 'Essays',
        courseId: c.courseId,
        questionId: essay.id,
        questionText: 'Write',
        maxPoints: 5,
        answer: ['My essay'],
        pointsAwarded: null,
      });
      expect(pending.items[0]!.student).to.deep.include({ id: student, displayName: 'Student' });
      expect((await queue('pending', Role.Student)).total).to.equal(0); // graders grade lower roles only
      expect((await queue('pending', Role.Mentor, student)).total).to.equal(0); // nobody grades their own work
      expect(
        (
          await env.attempts.listMarking(
            t,
            { status: 'pending', graderId: grader, graderRole: Role.Mentor, quizId: randomUUID() },
            { page: 1, pageSize: 10 },
          )
        ).total,
      ).to.equal(0);
      const marked: AttemptAnswer = {
        ...(await env.attempts.listAnswers(t, a.id))[0]!,
        pointsAwarded: 3.5,
        isCorrect: false,
        feedback: 'Fine',
        gradedBy: grader,
        gradedAt: at(40),
        updatedAt: at(40),
      };
      await env.attempts.saveMark({ ...waiting, status: 'submitted', score: 3.5, percentage: 70, passed: true, updatedAt: at(40) }, marked);
      expect(await env.attempts.findById(t, a.id)).to.deep.include({ status: 'submitted', score: 3.5, percentage: 70, passed: true });
      expect((await env.attempts.listAnswers(t, a.id))[0]).to.deep.include({
        pointsAwarded: 3.5,
        feedback: 'Fine',
        gradedBy: grader,
        gradedAt: at(40),
      });
      expect((await queue('pending')).total).to.equal(0);
      expect((await queue('graded')).items.map((x) => [x.pointsAwarded, x.feedback])).to.deep.equal([[3.5, 'Fine']]);
      expect((await queue('all')).total).to.equal(1);
    });

    it('submits once per student and lesson, resubmits until graded, grades, lists and sums up', async () => {
      const t = await env.tenant();
      const c = await env.course(t, 2);
      const [l1, l2] = c.lessonIds as [string, string];
      const [u, v] = [await env.user(t, 'Ana'), await env.user(t, 'Budi')];
      const sub = (userId: string, lessonId: string, minutes: number, url = 'https://x.test/a.pdf'): Submission => ({
        id: randomUUID(),
        tenantId: t,
        lessonId,
        courseId: c.courseId,
        userId,
        fileUrl: url,
        notes: null,
        status: 'submitted',
        revision: 1,
        score: null,
        feedback: null,
        gradedBy: null,
        submittedAt: at(minutes),
        gradedAt: null,
        createdAt: at(minutes),
        updatedAt: at(minutes),
      });
      const first = await env.submissions.submit(sub(u, l1, 1));
      expect(first.outcome).to.equal('created');
      const again = await env.submissions.submit(sub(u, l1, 2, 'https://x.test/b.pdf'));
      expect(again.outcome === 'resubmitted' && again.submission).to.deep.include({
        id: first.outcome === 'created' ? first.submission.id : '',
        revision: 2,
        fileUrl: 'https://x.test/b.pdf',
        submittedAt: at(2),
      });
      const id = first.outcome === 'created' ? first.submission.id : '';
      await env.submissions.submit(sub(v, l1, 3));
      await env.submissions.submit(sub(u, l2, 4));
      const graded = await env.submissions.grade(t, id, { score: 75.5, feedback: 'ok', gradedBy: v, gradedAt: at(5) });
      expect(graded).to.deep.include({ status: 'graded', score: 75.5, feedback: 'ok', gradedAt: at(5), revision: 2 });
      expect(await env.submissions.grade(await env.tenant(), id, { score: 1, feedback: null, gradedBy: v, gradedAt: at(6) })).to.equal(
        null,
      );
      expect((await env.submissions.submit(sub(u, l1, 7))).outcome).to.equal('graded');
      expect((await env.submissions.findByUserLesson(t, u, l1))?.fileUrl).to.equal('https://x.test/b.pdf');

      const queue = await env.submissions.list(t, { status: 'submitted' }, { page: 1, pageSize: 10 });
      expect(queue.items.map((s) => [s.userId, s.lessonId])).to.deep.equal([
        [v, l1],
        [u, l2],
      ]);
      expect(queue.items[0]).to.deep.include({ lessonTitle: 'L1', courseTitle: 'Course' });
      expect(queue.items[0]!.student).to.deep.include({ id: v, displayName: 'Budi' });
      expect((await env.submissions.list(t, { userId: u }, { page: 1, pageSize: 10 })).items.map((s) => s.lessonId)).to.deep.equal([
        l2,
        l1,
      ]);
      expect((await env.submissions.list(t, { lessonId: l1 }, { page: 1, pageSize: 1 })).total).to.equal(2);
      expect(await env.submissions.courseSummary(t, c.courseId)).to.deep.equal([
        { lessonId: l1, lessonTitle: 'L1', total: 2, pending: 1, graded: 1, averageScore: 75.5 },
        { lessonId: l2, lessonTitle: 'L2', total: 1, pending: 1, graded: 0, averageScore: null },
      ]);
      expect((await env.submissions.courseSummary(t, c.courseId, v)).map((x) => x.total)).to.deep.equal([1]);
      expect(await env.submissions.count(t, { status: 'submitted' })).to.equal(2);
      expect(await env.submissions.count(t, { userId: u, status: 'graded' })).to.equal(1);

      // A grader's queue: only authors of a lower role.
      const mentor = await env.user(t, 'Mentor', Role.Mentor);
      await env.submissions.submit(sub(mentor, l2, 8));
      expect((await env.submissions.list(t, { status: 'submitted' }, { page: 1, pageSize: 10 })).total).to.equal(3);
      const forMentor = await env.submissions.list(t, { status: 'submitted', authorRoleBelow: Role.Mentor }, { page: 1, pageSize: 10 });
      expect(forMentor.items.map((x) => x.userId)).to.deep.equal([v, u]);
      expect(
        (await env.submissions.list(t, { status: 'submitted', authorRoleBelow: Role.Admin }, { page: 1, pageSize: 10 })).total,
      ).to.equal(3);
      expect(await env.submissions.count(t, { status: 'submitted', authorRoleBelow: Role.Mentor })).to.equal(2);
    });
  });
}
