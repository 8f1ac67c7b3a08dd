import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { harness } from '../../support/harness.js';
import type { Quiz } from '../../../domain/assessment/quiz.js';
import type { Question } from '../../../domain/assessment/question.js';
import type { BankQuestion, QuestionCategory, RandomSlot } from '../../../domain/assessment/question-bank.js';
import type { CourseRepository, ModuleRepository } from '../../../application/learning/ports/catalog.js';
import type { QuestionRepository, QuizRepository } from '../../../application/assessment/ports/quiz-repository.js';
import type { QuestionBankRepository } from '../../../application/assessment/ports/question-bank-repository.js';
import {
  MemoryAssessmentState,
  MemoryQuestionBankRepository,
  MemoryQuestionRepository,
  MemoryQuizRepository,
} from '../../../adapters/persistence/memory/assessment.memory.js';

interface Env {
  quizzes: QuizRepository;
  questions: QuestionRepository;
  bank: QuestionBankRepository;
  tenant(): Promise<string>;
  /** A course titled `Course` with one module. */
  course(tenantId: string): Promise<{ courseId: string; moduleId: string }>;
}

const t0 = new Date('2026-05-01T00:00:00.000Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

const pgEnv = async (): Promise<Env> => {
  const h = await harness();
  return {
    quizzes: h.resolve('quizRepository'),
    questions: h.resolve('questionRepository'),
    bank: h.resolve('questionBankRepository'),
    tenant: async () => (await h.tenant()).id,
    course: async (tenantId) => {
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
      return { courseId, moduleId };
    },
  };
};

const memoryEnv = async (): Promise<Env> => {
  const s = new MemoryAssessmentState();
  return {
    quizzes: new MemoryQuizRepository(s),
    questions: new MemoryQuestionRepository(s),
    bank: new MemoryQuestionBankRepository(s),
    tenant: async () => randomUUID(),
    course: async () => {
      const courseId = randomUUID();
      s.courses.set(courseId, { title: 'Course' });
      return { courseId, moduleId: randomUUID() };
    },
  };
};

for (const [name, make] of [
  ['memory', memoryEnv],
  ['PostgreSQL (PGlite, or DATABASE_URL)', pgEnv],
] as const) {
  describe(`contract: question bank repository (${name})`, () => {
    let env: Env;
    before(async () => {
      env = await make();
    });

    const quiz = (tenantId: string, c: { courseId: string; moduleId: string }): Quiz => ({
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
      status: 'draft',
      publishedAt: null,
      createdBy: null,
      createdAt: t0,
      updatedAt: t0,
    });
    const options = () => [
      { id: randomUUID(), text: 'Yes', isCorrect: true },
      { id: randomUUID(), text: 'No', isCorrect: false },
    ];
    const question = (tenantId: string, quizId: string, order: number, points = 1): Question => ({
      id: randomUUID(),
      tenantId,
      quizId,
      type: 'multiple_choice',
      text: `Q${order}`,
      points,
      order,
      options: options(),
      // Issue 33: written at version 1, which the SQL column answers.
      version: 1,
      createdAt: at(order),
      updatedAt: at(order),
    });
    const bankQuestion = (tenantId: string, categoryId: string, minute: number): BankQuestion => ({
      id: randomUUID(),
      tenantId,
      quizId: null,
      categoryId,
      type: 'multiple_choice',
      text: `B${minute}`,
      points: 1,
      order: 0,
      options: options(),
      // Issue 33: written at version 1, which the SQL column answers.
      version: 1,
      createdAt: at(minute),
      updatedAt: at(minute),
    });
    const category = (tenantId: string, courseId: string, name: string, parentId: string | null = null): QuestionCategory => ({
      id: randomUUID(),
      tenantId,
      courseId,
      parentId,
      name,
      isDefault: false,
      createdAt: t0,
      updatedAt: t0,
    });

    it('creates one default category per course, files quiz questions without a category in it, and scopes by tenant', async () => {
      const t = await env.tenant();
      const c = await env.course(t);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const q1 = question(t, qz.id, 1);
      await env.questions.insertMany([q1]);
      // Read back as written: the category is the store's business.
      expect(await env.questions.findById(t, q1.id)).to.deep.equal(q1);
      const [a, b] = await Promise.all([
        env.bank.ensureDefaultCategory(t, c.courseId, 'Default for Course', at(1)),
        env.bank.ensureDefaultCategory(t, c.courseId, 'Other name', at(2)),
      ]);
      expect(a.id).to.equal(b.id);
      expect(a).to.include({ courseId: c.courseId, parentId: null, isDefault: true, name: 'Default for Course' });
      expect((await env.bank.questionIdsIn(t, [a.id])).get(a.id)).to.deep.equal([q1.id]);
      expect((await env.bank.listCategories(t, c.courseId)).map((x) => [x.category.id, x.questionCount])).to.deep.equal([[a.id, 1]]);
      expect(await env.bank.findCategory(await env.tenant(), a.id)).to.equal(null);
      expect(await env.bank.listCategories(await env.tenant(), c.courseId)).to.deep.equal([]);
    });

    it('stores, renames, moves and deletes categories; counts what holds one', async () => {
      const t = await env.tenant();
      const c = await env.course(t);
      const top = category(t, c.courseId, 'B top');
      const sub = category(t, c.courseId, 'A sub', top.id);
      await env.bank.insertCategory(top);
      await env.bank.insertCategory(sub);
      expect(await env.bank.findCategory(t, sub.id)).to.deep.equal(sub);
      expect((await env.bank.listCategories(t, c.courseId)).map((x) => x.category.name)).to.deep.equal(['A sub', 'B top']);
      expect(await env.bank.categoryUsage(t, top.id)).to.deep.equal({ questions: 0, children: 1, slots: 0 });
      await env.bank.updateCategory({ ...sub, name: 'Renamed', parentId: null, updatedAt: at(5) });
      expect(await env.bank.findCategory(t, sub.id)).to.deep.include({ name: 'Renamed', parentId: null, updatedAt: at(5), createdAt: t0 });
      expect(await env.bank.categoryUsage(t, top.id)).to.deep.equal({ questions: 0, children: 0, slots: 0 });
      expect(await env.bank.deleteCategory(await env.tenant(), top.id)).to.equal(false);
      expect(await env.bank.deleteCategory(t, top.id)).to.equal(true);
      expect(await env.bank.findCategory(t, top.id)).to.equal(null);
    });

    it('keeps bank questions no quiz holds, lists a category oldest first by pages, finds them by ids', async () => {
      const t = await env.tenant();
      const c = await env.course(t);
      const cat = category(t, c.courseId, 'Pool');
      await env.bank.insertCategory(cat);
      const qs = [3, 1, 2].map((m) => bankQuestion(t, cat.id, m));
      await env.bank.insertQuestions(qs);
      const byTime = [qs[1]!, qs[2]!, qs[0]!];
      const first = await env.bank.listQuestions(t, cat.id, { page: 1, pageSize: 2 });
      expect(first.items).to.deep.equal(byTime.slice(0, 2));
      expect(first.total).to.equal(3);
      expect((await env.bank.listQuestions(t, cat.id, { page: 2, pageSize: 2 })).items).to.deep.equal(byTime.slice(2));
      expect(await env.bank.allQuestions(t, [cat.id])).to.deep.equal(byTime);
      expect((await env.bank.findQuestions(t, [qs[0]!.id, qs[2]!.id])).map((q) => q.id).sort()).to.deep.equal(
        [qs[0]!.id, qs[2]!.id].sort(),
      );
      expect(await env.bank.findQuestions(await env.tenant(), [qs[0]!.id])).to.deep.equal([]);
      expect(await env.bank.categoryUsage(t, cat.id)).to.deep.include({ questions: 3 });
    });

    const randomSlot = (
      tenantId: string,
      quizId: string,
      categoryId: string,
      order: number,
      count: number,
      includeSubcategories = false,
    ) => ({
      id: randomUUID(),
      tenantId,
      quizId,
      categoryId,
      includeSubcategories,
      count,
      points: 1,
      order,
      createdAt: at(order),
    });

    it("ranks a draw's candidates in one seeded order per category set, without the quiz's own, as many as each slot may need", async () => {
      const t = await env.tenant();
      const c = await env.course(t);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const a = category(t, c.courseId, 'A');
      const b = category(t, c.courseId, 'B', a.id);
      await env.bank.insertCategory(a);
      await env.bank.insertCategory(b);
      // The quiz's own question, filed in A: fixed in the quiz, so never drawn for it.
      const own: BankQuestion = { ...bankQuestion(t, a.id, 0), quizId: qz.id, order: 1 };
      const inA = Array.from({ length: 11 }, (_, i) => bankQuestion(t, a.id, 1 + i));
      const inB = Array.from({ length: 3 }, (_, i) => bankQuestion(t, b.id, 20 + i));
      await env.bank.insertQuestions([own, ...inA, ...inB]);
      // s1 and s2 draw from A alone (4 each: s2 may need 8), s3 from A and B below it (6: may need 14).
      const s1 = randomSlot(t, qz.id, a.id, 2, 4);
      const s2 = randomSlot(t, qz.id, a.id, 3, 4);
      const s3 = randomSlot(t, qz.id, a.id, 4, 6, true);
      for (const s of [s3, s1, s2]) await env.bank.insertRandomSlot(s);
      const ask = (seed: number) => env.bank.drawCandidates(t, qz.id, seed);
      const r = await ask(7);
      expect(r.slots).to.deep.equal([s1, s2, s3]);
      const ids = (slot: RandomSlot) => r.ranked.get(slot.id)!.map((q) => q.id);
      // Slots of the same categories share one ranking, as long as the most any of them needs.
      expect(ids(s2)).to.have.length(8);
      expect(ids(s1)).to.deep.equal(ids(s2));
      expect(ids(s2).every((id) => inA.some((q) => q.id === id))).to.equal(true);
      expect(ids(s3)).to.have.length(14);
      expect(ids(s3)).to.not.include(own.id);
      expect(new Set(ids(s3)).size).to.equal(14);
      expect(r.ranked.get(s3.id)!.find((q) => q.id === inB[0]!.id)).to.deep.equal(inB[0]);
      expect((await ask(7)).ranked.get(s2.id)!.map((q) => q.id)).to.deep.equal(ids(s2));
      const orders = new Set(
        await Promise.all(
          [1, 2, 3, 4, 5, 6].map(async (seed) =>
            (await ask(seed)).ranked
              .get(s2.id)!
              .map((q) => q.id)
              .join(),
          ),
        ),
      );
      expect(orders.size).to.be.greaterThan(3);
      expect(await env.bank.drawCandidates(await env.tenant(), qz.id, 1)).to.deep.equal({ slots: [], ranked: new Map() });
    });

    it('never offers a description item (no mark) to a random draw, as Moodle does not', async () => {
      const t = await env.tenant();
      const c = await env.course(t);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const cat = category(t, c.courseId, 'Mixed');
      await env.bank.insertCategory(cat);
      const gradable = [1, 2, 3].map((m) => bankQuestion(t, cat.id, m));
      const description: BankQuestion = { ...bankQuestion(t, cat.id, 4), type: 'description', points: 0, options: [] };
      await env.bank.insertQuestions([...gradable, description]);
      expect((await env.bank.questionIdsIn(t, [cat.id])).get(cat.id)!.sort()).to.deep.equal(gradable.map((q) => q.id).sort());
      // It may need 4: a description item, were it a candidate, would be among them.
      const slot = randomSlot(t, qz.id, cat.id, 1, 4);
      await env.bank.insertRandomSlot(slot);
      const drawn = (await env.bank.drawCandidates(t, qz.id, 3)).ranked.get(slot.id)!;
      expect(drawn.map((q) => q.id).sort()).to.deep.equal(gradable.map((q) => q.id).sort());
      expect(await env.bank.allQuestions(t, [cat.id])).to.have.length(4);
    });

    it("a drawn or listed ordering question comes with its own grading type (what the attempt's snapshot keeps)", async () => {
      const t = await env.tenant();
      const c = await env.course(t);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      const cat = category(t, c.courseId, 'Orderings');
      await env.bank.insertCategory(cat);
      const items = ['a', 'b', 'c'].map((text) => ({ id: randomUUID(), text, isCorrect: true }));
      const ordering: BankQuestion = {
        ...bankQuestion(t, cat.id, 1),
        type: 'ordering',
        options: items,
        orderingGrading: 'absolute_position',
      };
      await env.bank.insertQuestions([ordering]);
      const slot = randomSlot(t, qz.id, cat.id, 1, 1);
      await env.bank.insertRandomSlot(slot);
      const drawn = (await env.bank.drawCandidates(t, qz.id, 3)).ranked.get(slot.id)!;
      expect(drawn).to.deep.equal([ordering]);
      expect(await env.bank.allQuestions(t, [cat.id])).to.deep.equal([ordering]);
    });

    it("keeps random slots in order after the quiz's questions, and counts them in the quiz's stats", async () => {
      const t = await env.tenant();
      const c = await env.course(t);
      const qz = quiz(t, c);
      await env.quizzes.insert(qz);
      // A description item (no mark) counts in neither the question count nor the maximum score.
      const description: Question = { ...question(t, qz.id, 0, 0), type: 'description', options: [] };
      await env.questions.insertMany([description, question(t, qz.id, 1, 2), question(t, qz.id, 2, 3)]);
      const cat = category(t, c.courseId, 'Pool');
      await env.bank.insertCategory(cat);
      expect(await env.bank.nextSlotOrder(t, qz.id)).to.equal(3);
      const slot = (order: number, count: number, points: number): RandomSlot => ({
        id: randomUUID(),
        tenantId: t,
        quizId: qz.id,
        categoryId: cat.id,
        includeSubcategories: order % 2 === 0,
        count,
        points,
        order,
        createdAt: at(order),
      });
      const s4 = slot(4, 2, 1);
      const s3 = slot(3, 5, 2);
      await env.bank.insertRandomSlot(s4);
      await env.bank.insertRandomSlot(s3);
      expect(await env.bank.randomSlots(t, qz.id)).to.deep.equal([s3, s4]);
      expect(await env.bank.randomSlots(await env.tenant(), qz.id)).to.deep.equal([]);
      expect(await env.bank.nextSlotOrder(t, qz.id)).to.equal(5);
      expect((await env.questions.statsByQuizzes(t, [qz.id])).get(qz.id)).to.deep.equal({ count: 2 + 7, maxScore: 5 + 12 });
      expect(await env.bank.categoryUsage(t, cat.id)).to.deep.equal({ questions: 0, children: 0, slots: 2 });
      expect(await env.bank.findRandomSlot(t, s3.id)).to.deep.equal(s3);
      expect(await env.bank.findRandomSlot(await env.tenant(), s3.id)).to.equal(null);
      expect(await env.bank.deleteRandomSlot(await env.tenant(), s3.id)).to.equal(false);
      expect(await env.bank.deleteRandomSlot(t, s3.id)).to.equal(true);
      expect(await env.bank.randomSlots(t, qz.id)).to.deep.equal([s4]);
      expect((await env.questions.statsByQuizzes(t, [qz.id])).get(qz.id)).to.deep.equal({ count: 2 + 2, maxScore: 5 + 2 });
    });
  });
}
