import { type BankQuestion, type QuestionCategory, type RandomSlot } from '../../../domain/assessment/question-bank.js';
import type { QuestionBankRepository } from '../../../application/assessment/ports/question-bank-repository.js';
import type { DbDeps } from './base.js';
import type { QuestionCategoryRow, QuestionRow, RandomSlotRow } from './rows/assessment.rows.js';
import { questionRow, toQuestion } from './assessment.pg-repositories.js';
import { camelKeys, date, knexPage, num, rawRows } from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';

const toCategory = (r: QuestionCategoryRow): QuestionCategory => ({
  id: r.id,
  tenantId: r.tenantId,
  courseId: r.courseId,
  parentId: r.parentId ?? null,
  name: r.name,
  isDefault: Boolean(r.isDefault),
  createdAt: date(r.createdAt),
  updatedAt: date(r.updatedAt),
});

const toBankQuestion = (r: QuestionRow): BankQuestion => ({ ...toQuestion(r), quizId: r.quizId ?? null, categoryId: r.categoryId! });

const toSlot = (r: RandomSlotRow): RandomSlot => ({
  id: r.id,
  tenantId: r.tenantId,
  quizId: r.quizId,
  categoryId: r.categoryId,
  includeSubcategories: Boolean(r.includeSubcategories),
  count: num(r.count),
  points: num(r.points),
  order: num(r.sortOrder),
  createdAt: date(r.createdAt),
});

/** Oldest first: a category lists its questions in the order they were written or imported. */
const OLDEST_FIRST = [
  { column: 'createdAt', order: 'asc' as const },
  { column: 'id', order: 'asc' as const },
];

export const makeQuestionBankPgRepository = ({ db }: DbDeps): QuestionBankRepository => {
  const categories = tenantTable(db, 'question_categories', toCategory);
  const slots = tenantTable(db, 'quiz_random_slots', toSlot);
  return {
    findCategory: (tenantId, id) => categories.find({ tenantId, id }),
    async listCategories(tenantId, courseId) {
      const rows = (await db
        .q()('question_categories as c')
        .where({ 'c.tenantId': tenantId, 'c.courseId': courseId })
        .select('c.*', db.knex.raw('(select count(*) from quiz_questions q where q.category_id = c.id) as question_count'))
        .orderBy([{ column: 'c.name' }, { column: 'c.id' }])) as Array<QuestionCategoryRow & { questionCount: number | string }>;
      return rows.map((r) => ({ category: toCategory(r), questionCount: num(r.questionCount) }));
    },
    async ensureDefaultCategory(tenantId, courseId, name, at) {
      await db.q().raw(
        `insert into question_categories (id, tenant_id, course_id, parent_id, name, is_default, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, null, ?, true, ?, ?)
       on conflict (tenant_id, course_id) where is_default do nothing`,
        [tenantId, courseId, name, at, at],
      );
      return toCategory((await db.q()('question_categories').where({ tenantId, courseId, isDefault: true }).first())!);
    },
    insertCategory: categories.insert,
    async updateCategory(c) {
      await db
        .q()('question_categories')
        .where({ tenantId: c.tenantId, id: c.id })
        .update({ name: c.name, parentId: c.parentId, updatedAt: c.updatedAt });
    },
    deleteCategory: categories.delete,
    async categoryUsage(tenantId, id) {
      const { rows } = (await db.q().raw(
        `select (select count(*) from quiz_questions where tenant_id = ? and category_id = ?) as questions,
              (select count(*) from question_categories where tenant_id = ? and parent_id = ?) as children,
              (select count(*) from quiz_random_slots where tenant_id = ? and category_id = ?) as slots`,
        [tenantId, id, tenantId, id, tenantId, id],
      )) as { rows: Array<{ questions: number | string; children: number | string; slots: number | string }> };
      const r = rows[0]!;
      return { questions: num(r.questions), children: num(r.children), slots: num(r.slots) };
    },
    listQuestions(tenantId, categoryId, page) {
      return knexPage(db.q()('quiz_questions').where({ tenantId, categoryId }).select('*'), page, toBankQuestion, { order: OLDEST_FIRST });
    },
    async allQuestions(tenantId, categoryIds) {
      if (categoryIds.length === 0) return [];
      return (
        await db
          .q()('quiz_questions')
          .where({ tenantId })
          .whereIn('categoryId', [...categoryIds])
          .orderBy(OLDEST_FIRST)
      ).map(toBankQuestion);
    },
    insertQuestions: (questions) => tenantTable(db, 'quiz_questions').insertMany(questions.map(questionRow)),
    async questionIdsIn(tenantId, categoryIds) {
      const out = new Map<string, string[]>(categoryIds.map((id) => [id, []]));
      if (categoryIds.length === 0) return out;
      const rows = (await db
        .q()('quiz_questions')
        .where({ tenantId })
        .whereIn('categoryId', [...categoryIds])
        .whereNot('questionType', 'description')
        .select('id', 'categoryId')) as Array<{ id: string; categoryId: string }>;
      for (const r of rows) out.get(r.categoryId)?.push(r.id);
      return out;
    },
    findQuestions: (tenantId, ids) => tenantTable(db, 'quiz_questions', toBankQuestion).findIn(tenantId, 'id', ids),
    async drawCandidates(tenantId, quizId, seed) {
      // The database's function (migrations 1040 and 1041, which say what it answers and why a
      // function): one statement, whose plan the session keeps (so no statement name: the call itself
      // plans in no time). Its questions come keyed as the repository reads them, ranked per category set.
      const row = rawRows<{ slots: object[]; drawn: Record<string, Array<Omit<QuestionRow, 'tenantId'>>> }>(
        await db.q().raw('select slots, drawn from quiz_draw_candidates(?, ?, ?)', [tenantId, quizId, seed]),
      )[0]!;
      const slotRows = row.slots.map((r) => camelKeys<RandomSlotRow & { grp: string }>(r));
      const ranked = new Map(
        Object.entries(row.drawn).map(([grp, questions]) => [grp, questions.map((q) => toBankQuestion({ ...q, tenantId }))]),
      );
      return { slots: slotRows.map(toSlot), ranked: new Map(slotRows.map((s) => [s.id, ranked.get(s.grp) ?? []])) };
    },
    randomSlots: (tenantId, quizId) => slots.listSorted({ tenantId, quizId }),
    insertRandomSlot: ({ order, ...slot }) => slots.insert({ ...slot, sortOrder: order }),
    findRandomSlot: (tenantId, id) => slots.find({ tenantId, id }),
    deleteRandomSlot: slots.delete,
    async nextSlotOrder(tenantId, quizId) {
      const { rows } = (await db.q().raw(
        `select greatest((select max(sort_order) from quiz_questions where tenant_id = ? and quiz_id = ?),
                       (select max(sort_order) from quiz_random_slots where tenant_id = ? and quiz_id = ?)) as m`,
        [tenantId, quizId, tenantId, quizId],
      )) as { rows: Array<{ m: number | null }> };
      return num(rows[0]?.m) + 1;
    },
  };
};
