import type { Knex } from 'knex';
import type { Quiz } from '../../../domain/assessment/quiz.js';
import { principalJsonById, principalOfJson, type PrincipalJson } from './login.pg-repository.js';
import { orderingGradingOf, type Question, type QuestionOption } from '../../../domain/assessment/question.js';
import type { Attempt, AttemptAnswer } from '../../../domain/assessment/attempt.js';
import type { Submission } from '../../../domain/assessment/assignment.js';
import { HISTOGRAM_BUCKETS, type AttemptMoments, type QuestionMoments } from '../../../domain/assessment/analytics.js';
import type { QuestionRepository, QuizRepository } from '../../../application/assessment/ports/quiz-repository.js';
import type { AttemptRepository, AttemptSummary, MarkingItem } from '../../../application/assessment/ports/attempt-repository.js';
import type { AttemptSelection, QuizResultsReader, ResultRow } from '../../../application/assessment/ports/quiz-results-reader.js';
import type {
  SubmissionFilter,
  SubmissionRepository,
  SubmissionView,
} from '../../../application/assessment/ports/submission-repository.js';
import type { DbDeps } from './base.js';
import type { AnswerRow, AttemptRow, Mark, QuestionRow, QuizRow, StoredOption, SubmissionRow } from './rows/assessment.rows.js';
import { date, epochMs, json, knexPage, msDate, msDateOrNull, num, numOrNull, prepared, newestFirst, rawRows } from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';
import { countSince } from './daily-rollups.js';

const dateOrNull = (v: Date | string | null | undefined): Date | null => (v === null || v === undefined ? null : date(v));
const boolOrNull = (v: boolean | null | undefined): boolean | null => (v === null || v === undefined ? null : Boolean(v));

// ---------------------------------------------------------------- quizzes

// One mapper per aggregate: a quiz, a question (with its options), an attempt, an answer, a submission.
const toQuiz = (r: QuizRow): Quiz => ({
  id: r.id,
  tenantId: r.tenantId,
  moduleId: r.moduleId,
  courseId: r.courseId,
  title: r.title,
  description: r.description ?? null,
  durationMinutes: num(r.durationMinutes),
  passingScore: num(r.passingScore),
  maxAttempts: num(r.maxAttempts),
  showCorrectAnswers: Boolean(r.showCorrectAnswers),
  shuffleQuestions: Boolean(r.shuffleQuestions),
  status: r.status,
  publishedAt: dateOrNull(r.publishedAt),
  createdBy: r.createdBy ?? null,
  createdAt: date(r.createdAt),
  updatedAt: date(r.updatedAt),
});

export const makeQuizPgRepository = ({ db }: DbDeps): QuizRepository => {
  const quizzes = tenantTable(db, 'quizzes', toQuiz);
  return {
    findById: (tenantId, id) => quizzes.find({ tenantId, id }),
    lock: (tenantId, id) => quizzes.lock({ tenantId, id }),
    async lockByModule(tenantId, moduleId) {
      return ((await db.q()('quizzes').where({ tenantId, moduleId }).select('id').forUpdate()) as Array<{ id: string }>).map((r) => r.id);
    },
    async lockByCourse(tenantId, courseId) {
      return ((await db.q()('quizzes').where({ tenantId, courseId }).select('id').forUpdate()) as Array<{ id: string }>).map((r) => r.id);
    },
    list(tenantId, filter, page) {
      const q = db.q()('quizzes').where({ tenantId }).select('*');
      if (filter.moduleId) q.where({ moduleId: filter.moduleId });
      if (filter.courseId) q.where({ courseId: filter.courseId });
      if (filter.publishedOnly) q.where({ status: 'published' });
      return knexPage(q, page, toQuiz, { order: newestFirst() });
    },
    insert: quizzes.insert,
    update: (quiz) => quizzes.update(quiz, ['createdBy']),
    delete: quizzes.delete,
    async requirementStatus(tenantId, userIds, courseIds) {
      if (userIds.length === 0 || courseIds.length === 0) return new Map();
      // Every (user, course) with published quizzes gets a row, passed or not: a missing one reads as "no quizzes".
      const result = await db
        .q()
        .raw(
          `select u.id as uid, q.course_id as cid, count(*) as required,
              count(*) filter (where exists (
                select 1 from quiz_attempts a where a.tenant_id = q.tenant_id and a.quiz_id = q.id and a.user_id = u.id and a.passed)) as passed
         from quizzes q cross join unnest(?::uuid[]) as u(id)
        where q.tenant_id = ? and q.status = 'published' and q.course_id = any(?::uuid[])
        group by u.id, q.course_id`,
          [[...userIds], tenantId, [...courseIds]],
        )
        .options(prepared('quiz_requirement_status'));
      const rows = (result as { rows: Array<{ uid: string; cid: string; required: number | string; passed: number | string }> }).rows;
      return new Map(rows.map((r) => [`${r.uid}:${r.cid}`, { required: num(r.required), passed: num(r.passed) }]));
    },
    async countPublished(tenantId) {
      const r = (await db.q()('quizzes').where({ tenantId, status: 'published' }).count({ n: '*' }).first()) as
        { n: number | string } | undefined;
      return num(r?.n);
    },
  };
};

// ---------------------------------------------------------------- questions

const toOption = (o: StoredOption): QuestionOption => {
  const option: QuestionOption = { id: o.id, text: o.text, isCorrect: Boolean(o.is_correct) };
  if (o.weight !== undefined) option.weight = o.weight;
  if (o.tolerance !== undefined) option.tolerance = o.tolerance;
  if (o.match !== undefined) option.match = o.match;
  if (o.match_id !== undefined) option.matchId = o.match_id;
  return option;
};

const storedOption = (o: QuestionOption): StoredOption => {
  const stored: StoredOption = { id: o.id, text: o.text, is_correct: o.isCorrect };
  if (o.weight !== null && o.weight !== undefined) stored.weight = o.weight;
  if (o.tolerance !== null && o.tolerance !== undefined) stored.tolerance = o.tolerance;
  if (o.match !== null && o.match !== undefined) stored.match = o.match;
  if (o.matchId !== null && o.matchId !== undefined) stored.match_id = o.matchId;
  return stored;
};

export const toQuestion = (r: QuestionRow): Question => ({
  // A bank question no quiz holds has no quiz (issue 33); quiz routes never reach one by a quiz.
  id: r.id,
  tenantId: r.tenantId,
  quizId: r.quizId as string,
  type: r.questionType,
  text: r.questionText,
  points: num(r.points),
  order: num(r.sortOrder),
  options: json<StoredOption[]>(r.options).map(toOption),
  ...(r.orderingGrading ? { orderingGrading: r.orderingGrading } : {}),
  version: num(r.version ?? 1),
  createdAt: date(r.createdAt),
  updatedAt: date(r.updatedAt),
});

/** A question kept as JSON (an attempt's snapshot, a superseded version): dates come back as ISO text. */
const fromStoredJson = (q: Question & { createdAt: string | Date; updatedAt: string | Date }): Question => ({
  ...q,
  createdAt: new Date(q.createdAt),
  updatedAt: new Date(q.updatedAt),
});

// jsonb is written as JSON text (an array would reach pg as a PostgreSQL array); keys stay snake_case inside it.
export const questionRow = (
  q: Pick<Question, Exclude<keyof Question, 'quizId'>> & { quizId: string | null; categoryId?: string | null | undefined },
): QuestionRow => ({
  id: q.id,
  tenantId: q.tenantId,
  quizId: q.quizId,
  ...(q.categoryId ? { categoryId: q.categoryId } : {}),
  questionType: q.type,
  questionText: q.text,
  points: q.points,
  sortOrder: q.order,
  options: JSON.stringify(q.options.map(storedOption)),
  orderingGrading: q.type === 'ordering' ? orderingGradingOf(q) : null,
  version: q.version ?? 1,
  createdAt: q.createdAt,
  updatedAt: q.updatedAt,
});

/**
 * The default category of each quiz of questions that come without a category (`tenant:quiz` →
 * category id), creating the courses' default categories that do not exist yet (issue 33: a
 * question written into a quiz lives in its course's default category). Two queries; the upsert
 * leans on the unique index of default categories, so concurrent first questions make one.
 */
async function defaultCategoriesOf(db: DbDeps['db'], questions: readonly Question[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const byTenant = new Map<string, Set<string>>();
  for (const q of questions) if (!q.categoryId && q.quizId) byTenant.set(q.tenantId, (byTenant.get(q.tenantId) ?? new Set()).add(q.quizId));
  for (const [tenantId, quizIds] of byTenant) {
    await db.q().raw(
      `insert into question_categories (id, tenant_id, course_id, parent_id, name, is_default, created_at, updated_at)
       select distinct on (z.course_id) gen_random_uuid(), z.tenant_id, z.course_id, null, left('Default for ' || c.title, 255), true, now(), now()
         from quizzes z join courses c on c.id = z.course_id
        where z.tenant_id = ? and z.id = any(?::uuid[])
       on conflict (tenant_id, course_id) where is_default do nothing`,
      [tenantId, [...quizIds]],
    );
    const rows = rawRows<{ quizId: string; id: string }>(
      await db.q().raw(
        `select z.id as quiz_id, qc.id from quizzes z join question_categories qc on qc.tenant_id = z.tenant_id and qc.course_id = z.course_id and qc.is_default
        where z.tenant_id = ? and z.id = any(?::uuid[])`,
        [tenantId, [...quizIds]],
      ),
    );
    for (const r of rows) out.set(`${tenantId}:${r.quizId}`, r.id);
  }
  return out;
}

export const makeQuestionPgRepository = ({ db }: DbDeps): QuestionRepository => {
  const questions = tenantTable(db, 'quiz_questions', toQuestion);
  return {
    findById: (tenantId, id) => questions.find({ tenantId, id }),
    lock: (tenantId, id) => questions.lock({ tenantId, id }),
    async seenByAttempt(tenantId, id) {
      // The attempts of its quiz and of its course's quizzes (random slots draw from the course's bank):
      // each branch of the union reads an index ((tenant_id, course_id, …) of quizzes, (tenant_id, quiz_id, …)
      // of attempts); stops at the first snapshot holding it. Once the question is past version 1 this is not asked.
      const r = rawRows<{ seen: boolean }>(
        await db.q().raw(
          `select exists (
           select 1 from quiz_questions q
            cross join lateral (
              select z.id from quizzes z
               where z.tenant_id = q.tenant_id and z.course_id = (select c.course_id from question_categories c where c.id = q.category_id)
              union
              select q.quiz_id where q.quiz_id is not null) z
             join quiz_attempts a on a.tenant_id = q.tenant_id and a.quiz_id = z.id
            where q.tenant_id = ? and q.id = ?
              and (a.questions @> jsonb_build_array(jsonb_build_object('id', q.id::text)) or (a.questions is null and a.quiz_id = q.quiz_id))
         ) as seen`,
          [tenantId, id],
        ),
      )[0];
      return Boolean(r?.seen);
    },
    async archiveVersion(question, at) {
      await db
        .q()('question_versions')
        .insert({
          tenantId: question.tenantId,
          questionId: question.id,
          version: question.version ?? 1,
          content: JSON.stringify(question),
          createdAt: at,
        });
    },
    async versions(tenantId, id) {
      const rows = await db
        .q()('question_versions')
        .where({ tenantId, questionId: id })
        .orderBy('version')
        .select('version', 'content', 'createdAt');
      return rows.map((r) => ({
        version: num(r.version),
        question: fromStoredJson(json<Question & { createdAt: string; updatedAt: string }>(r.content)),
        replacedAt: date(r.createdAt),
      }));
    },
    listByQuiz: (tenantId, quizId) => questions.listSorted({ tenantId, quizId }),
    async statsByQuizzes(tenantId, quizIds) {
      if (quizIds.length === 0) return new Map();
      // A random slot counts as its `count` questions, each worth the slot's points (issue 33 item 5).
      // Description items are no questions: no mark, not counted (docs/assessment.md).
      const rows = rawRows<{ quizId: string; count: number | string; maxScore: number | string }>(
        await db.q().raw(
          `select quiz_id, sum(n) as count, sum(m) as max_score from (
         select quiz_id, count(*) filter (where question_type <> 'description') as n, coalesce(sum(points), 0) as m
           from quiz_questions where tenant_id = ? and quiz_id = any(?::uuid[]) group by quiz_id
         union all
         select quiz_id, sum(count), sum(count * points) from quiz_random_slots where tenant_id = ? and quiz_id = any(?::uuid[]) group by quiz_id
       ) s group by quiz_id`,
          [tenantId, [...quizIds], tenantId, [...quizIds]],
        ),
      );
      return new Map(rows.map((r) => [r.quizId, { count: num(r.count), maxScore: num(r.maxScore) }]));
    },
    async insertMany(added) {
      if (added.length === 0) return;
      const categories = await defaultCategoriesOf(db, added);
      const rows = added.map((q) => ({
        ...questionRow(q),
        categoryId: q.categoryId ?? categories.get(`${q.tenantId}:${q.quizId}`) ?? null,
      }));
      await questions.insertMany(rows);
    },
    update: (question) => questions.update(questionRow(question), ['quizId', 'categoryId']),
    delete: questions.delete,
    setOrder: (tenantId, quizId, orderedIds, at) => questions.setOrder(tenantId, 'quizId', quizId, orderedIds, at),
    async nextOrder(tenantId, quizId) {
      // After the quiz's questions and its random slots (issue 33), which share one order.
      const r = rawRows<{ m: number | string | null }>(
        await db.q().raw(
          `select greatest((select max(sort_order) from quiz_questions where tenant_id = ? and quiz_id = ?),
                       (select max(sort_order) from quiz_random_slots where tenant_id = ? and quiz_id = ?)) as m`,
          [tenantId, quizId, tenantId, quizId],
        ),
      )[0];
      return num(r?.m) + 1;
    },
    async shiftFrom(tenantId, quizId, fromOrder, at) {
      await db
        .q()('quiz_questions')
        .where({ tenantId, quizId })
        .where('sortOrder', '>=', fromOrder)
        .update({ sortOrder: db.knex.raw('sort_order + 1'), updatedAt: at });
    },
  };
};

// ---------------------------------------------------------------- attempts

/** Every column of an attempt but its question snapshot (read alone, by questionsOf). */
const ATTEMPT_COLUMNS =
  'id, tenant_id, quiz_id, user_id, attempt_number, status, seed, started_at, deadline_at, submitted_at, score, max_score, percentage, passed, updated_at';

/**
 * The answer save's read (issue 32): the attempt and the one question of its snapshot that the
 * answer names, not the whole snapshot; a fixed text run raw, as every saved answer runs it. The
 * caller's login beside the attempt, found or not (a row either way). The attempt as one JSON
 * array (`AttemptTuple`), without what the caller knows (its id and tenant), times as epoch
 * milliseconds: a column costs the driver a field and the row object a property (the course page
 * does the same, catalog.pg-repository.ts).
 */
const ATTEMPT_WITH_QUESTION_SQL =
  `select ${principalJsonById('?')} as principal, case when a.id is not null then json_build_array(a.quiz_id, a.user_id, ` +
  `a.attempt_number, a.status, a.seed, ${epochMs('a.started_at')}, ${epochMs('a.deadline_at')}, ${epochMs('a.submitted_at')}, ` +
  `a.score, a.max_score, a.percentage, a.passed, ${epochMs('a.updated_at')}, a.questions is not null) end as attempt, ` +
  "(select e from jsonb_array_elements(a.questions) e where e->>'id' = ? limit 1) as question " +
  'from (select 1) one left join quiz_attempts a on a.tenant_id = ? and a.id = ?';
/** Marks as JSON numbers; `kept`: whether the attempt keeps its question snapshot. */
type AttemptTuple = [
  quizId: string,
  userId: string,
  attemptNumber: number,
  status: Attempt['status'],
  seed: number,
  startedAt: number,
  deadlineAt: number | null,
  submittedAt: number | null,
  score: number | null,
  maxScore: number,
  percentage: number | null,
  passed: boolean | null,
  updatedAt: number,
  kept: boolean,
];

/** The answer saved while its attempt is the caller's, in progress and on time, under a share lock of it. */
const ANSWER_IF_OPEN_SQL = `
insert into quiz_answers (tenant_id, attempt_id, question_id, answer, is_correct, points_awarded, max_points, answered_at, updated_at)
select a.tenant_id, a.id, ?, ?::jsonb, null, null, null, ?, ?
  from quiz_attempts a
 where a.tenant_id = ? and a.id = ? and a.user_id = ? and a.status = 'in_progress' and (a.deadline_at is null or a.deadline_at > ?)
   for share
on conflict (tenant_id, attempt_id, question_id)
do update set answer = excluded.answer, answered_at = excluded.answered_at, updated_at = excluded.updated_at
returning question_id`;

const toAttempt = (r: AttemptRow): Attempt => ({
  id: r.id,
  tenantId: r.tenantId,
  quizId: r.quizId,
  userId: r.userId,
  attemptNumber: num(r.attemptNumber),
  status: r.status,
  seed: num(r.seed),
  startedAt: date(r.startedAt),
  deadlineAt: dateOrNull(r.deadlineAt),
  submittedAt: dateOrNull(r.submittedAt),
  score: numOrNull(r.score),
  maxScore: num(r.maxScore),
  percentage: numOrNull(r.percentage),
  passed: boolOrNull(r.passed),
  updatedAt: date(r.updatedAt),
});

const toAnswer = (r: AnswerRow): AttemptAnswer => ({
  tenantId: r.tenantId,
  attemptId: r.attemptId,
  questionId: r.questionId,
  answer: r.answer === null || r.answer === undefined ? null : json<string[]>(r.answer),
  isCorrect: boolOrNull(r.isCorrect),
  pointsAwarded: numOrNull(r.pointsAwarded),
  maxPoints: numOrNull(r.maxPoints),
  answeredAt: dateOrNull(r.answeredAt),
  updatedAt: date(r.updatedAt),
  feedback: r.feedback ?? null,
  gradedBy: r.gradedBy ?? null,
  gradedAt: dateOrNull(r.gradedAt),
});

/** An answer waiting for (or given) a mentor's mark, with its attempt, quiz and student (`listMarking`). */
type MarkingRow = Omit<MarkingItem, 'maxPoints' | 'answer' | 'pointsAwarded' | 'student'> & {
  maxPoints: number | null;
  answer: string[] | string | null;
  pointsAwarded: Mark | null;
  userId: string;
  studentDisplayName: string;
  studentEmail: string | null;
};

const toMarkingItem = (r: MarkingRow): MarkingItem => ({
  attemptId: r.attemptId,
  quizId: r.quizId,
  quizTitle: r.quizTitle ?? null,
  courseId: r.courseId ?? null,
  questionId: r.questionId,
  questionText: r.questionText ?? null,
  maxPoints: num(r.maxPoints),
  answer: r.answer === null || r.answer === undefined ? null : json<string[]>(r.answer),
  pointsAwarded: numOrNull(r.pointsAwarded),
  feedback: r.feedback ?? null,
  gradedBy: r.gradedBy ?? null,
  gradedAt: dateOrNull(r.gradedAt),
  submittedAt: dateOrNull(r.submittedAt),
  student: r.studentEmail ? { id: r.userId, displayName: r.studentDisplayName, email: r.studentEmail } : null,
});

const answerRow = (a: AttemptAnswer): AnswerRow => ({ ...a, answer: a.answer === null ? null : JSON.stringify(a.answer) });

export const makeAttemptPgRepository = ({ db }: DbDeps): AttemptRepository => ({
  async findById(tenantId, id) {
    const r = await db.q()('quiz_attempts').where({ tenantId, id }).first().options(prepared('quiz_attempt'));
    return r ? toAttempt(r) : null;
  },
  async lock(tenantId, id) {
    const r = await db.q()('quiz_attempts').where({ tenantId, id }).forUpdate().first();
    return r ? toAttempt(r) : null;
  },
  async findInProgress(tenantId, quizId, userId) {
    // Not the question snapshot (~16 kB of JSON for 31 questions): a resume reads it once, by `questionsOf`.
    const r = (await db
      .q()('quiz_attempts')
      .where({ tenantId, quizId, userId, status: 'in_progress' })
      .first(db.knex.raw(ATTEMPT_COLUMNS))) as AttemptRow | undefined;
    return r ? toAttempt(r) : null;
  },
  async insertNext(a, maxAttempts, questions) {
    // One statement decides the number and the limit; the unique indexes (number per user and quiz,
    // one attempt in progress) turn a concurrent twin into "nothing inserted" (contract §6).
    const result = await db.q().raw(
      `insert into quiz_attempts (id, tenant_id, quiz_id, user_id, attempt_number, status, seed, started_at, ` +
        `deadline_at, submitted_at, score, max_score, percentage, passed, updated_at, questions)
       select ?, ?, ?, ?, n.next, ?, ?, ?, ?, null, null, ?, null, null, ?, ?::jsonb
         from (select coalesce(max(attempt_number), 0) + 1 as next from quiz_attempts where tenant_id = ? and quiz_id = ? and user_id = ?) n
        where ? = 0 or n.next <= ?
       on conflict do nothing
       returning ${ATTEMPT_COLUMNS}`,
      [
        a.id,
        a.tenantId,
        a.quizId,
        a.userId,
        a.status,
        a.seed,
        a.startedAt,
        a.deadlineAt,
        a.maxScore,
        a.updatedAt,
        JSON.stringify(questions),
        a.tenantId,
        a.quizId,
        a.userId,
        maxAttempts,
        maxAttempts,
      ],
    );
    const row = rawRows<AttemptRow>(result)[0];
    return row ? toAttempt(row) : null;
  },
  // Written once when the attempt starts, never changed.
  async questionsOf(tenantId, attemptId) {
    const r = await db
      .q()('quiz_attempts')
      .where({ tenantId, id: attemptId })
      .first('questions')
      .options(prepared('quiz_attempt_questions'));
    if (r?.questions === null || r?.questions === undefined) return null;
    // Kept as the Question values themselves (JSON: dates as ISO text).
    return json<Array<Question & { createdAt: string; updatedAt: string }>>(r.questions).map(fromStoredJson);
  },
  async findWithQuestion(loginId, tenantId, attemptId, questionId) {
    const result = await db
      .q()
      .raw(ATTEMPT_WITH_QUESTION_SQL, [loginId, questionId, tenantId, attemptId])
      .options(prepared('quiz_attempt_with_login_and_question'));
    const r = (result as { rows: Array<{ principal: PrincipalJson | null; attempt: AttemptTuple | null; question: unknown }> }).rows[0]!;
    const principal = principalOfJson(r.principal);
    if (r.attempt === null) return { principal, attempt: null };
    const [
      quizId,
      userId,
      attemptNumber,
      status,
      seed,
      startedAt,
      deadlineAt,
      submittedAt,
      score,
      maxScore,
      percentage,
      passed,
      updatedAt,
      kept,
    ] = r.attempt;
    const attempt: Attempt = {
      id: attemptId,
      tenantId,
      quizId,
      userId,
      attemptNumber,
      status,
      seed,
      startedAt: msDate(startedAt),
      deadlineAt: msDateOrNull(deadlineAt),
      submittedAt: msDateOrNull(submittedAt),
      score,
      maxScore,
      percentage,
      passed,
      updatedAt: msDate(updatedAt),
    };
    if (!kept) return { principal, attempt: { attempt, kept: false } };
    const question = r.question === null ? null : fromStoredJson(json<Question & { createdAt: string; updatedAt: string }>(r.question));
    return { principal, attempt: { attempt, kept: true, question } };
  },
  async countByUser(tenantId, quizId, userId) {
    const r = (await db.q()('quiz_attempts').where({ tenantId, quizId, userId }).count({ n: '*' }).first()) as
      { n: number | string } | undefined;
    return num(r?.n);
  },
  countOnQuizzes: (tenantId, quizIds) => tenantTable(db, 'quiz_attempts').countIn(tenantId, 'quizId', quizIds),
  list(tenantId, quizId, filter, page) {
    const q = db.q()('quiz_attempts').where({ tenantId, quizId }).select('*');
    if (filter.userId) q.where({ userId: filter.userId });
    return knexPage(q, page, toAttempt, { order: newestFirst('startedAt', 'id') });
  },
  async summaries(tenantId, userId, quizIds) {
    if (quizIds.length === 0) return new Map();
    const rows = (await db
      .q()('quiz_attempts')
      .where({ tenantId, userId })
      .whereIn('quizId', [...quizIds])
      .groupBy('quizId')
      .select(
        'quizId',
        db.knex.raw('count(*) as attempts'),
        db.knex.raw("max(percentage) filter (where status <> 'in_progress') as best_percentage"),
        db.knex.raw('coalesce(bool_or(passed), false) as passed'),
        db.knex.raw("max(id::text) filter (where status = 'in_progress') as in_progress_id"),
      )) as Array<{ quizId: string; attempts: number | string; bestPercentage: Mark | null; passed: boolean; inProgressId: string | null }>;
    return new Map(
      rows.map((r): [string, AttemptSummary] => [
        r.quizId,
        {
          quizId: r.quizId,
          attempts: num(r.attempts),
          bestPercentage: numOrNull(r.bestPercentage),
          passed: Boolean(r.passed),
          inProgressId: r.inProgressId ?? null,
        },
      ]),
    );
  },
  async listAnswers(tenantId, attemptId) {
    return (await db.q()('quiz_answers').where({ tenantId, attemptId })).map(toAnswer);
  },
  async saveAnswerIfOpen(answer, userId, now) {
    const result = await db
      .q()
      .raw(ANSWER_IF_OPEN_SQL, [
        answer.questionId,
        answer.answer === null ? null : JSON.stringify(answer.answer),
        answer.answeredAt,
        answer.updatedAt,
        answer.tenantId,
        answer.attemptId,
        userId,
        now,
      ])
      .options(prepared('quiz_answer_if_open'));
    return (result as { rows: unknown[] }).rows.length === 1;
  },
  async saveAnswer(answer) {
    await db
      .q()('quiz_answers')
      .insert(answerRow(answer))
      .onConflict(['tenant_id', 'attempt_id', 'question_id'])
      .merge(['answer', 'answeredAt', 'updatedAt']);
  },
  async finalise(attempt, answers) {
    const updated = await db.q()('quiz_attempts').where({ tenantId: attempt.tenantId, id: attempt.id, status: 'in_progress' }).update({
      status: attempt.status,
      submittedAt: attempt.submittedAt,
      score: attempt.score,
      maxScore: attempt.maxScore,
      percentage: attempt.percentage,
      passed: attempt.passed,
      updatedAt: attempt.updatedAt,
    });
    if (Number(updated) === 0) return false;
    for (let i = 0; i < answers.length; i += 500) {
      await db
        .q()('quiz_answers')
        .insert(answers.slice(i, i + 500).map(answerRow))
        .onConflict(['tenant_id', 'attempt_id', 'question_id'])
        .merge(['answer', 'isCorrect', 'pointsAwarded', 'maxPoints', 'answeredAt', 'updatedAt']);
    }
    return true;
  },
  async saveMark(attempt, answer) {
    await db.q()('quiz_answers').where({ tenantId: answer.tenantId, attemptId: answer.attemptId, questionId: answer.questionId }).update({
      pointsAwarded: answer.pointsAwarded,
      isCorrect: answer.isCorrect,
      feedback: answer.feedback,
      gradedBy: answer.gradedBy,
      gradedAt: answer.gradedAt,
      updatedAt: answer.updatedAt,
    });
    await db.q()('quiz_attempts').where({ tenantId: attempt.tenantId, id: attempt.id }).update({
      status: attempt.status,
      score: attempt.score,
      percentage: attempt.percentage,
      passed: attempt.passed,
      updatedAt: attempt.updatedAt,
    });
  },
  listMarking(tenantId, f, page) {
    const q = db
      .q()('quiz_attempts as a')
      .join('quiz_answers as qa', function joinAnswers(this: Knex.JoinClause) {
        this.on('qa.tenant_id', '=', 'a.tenant_id').andOn('qa.attempt_id', '=', 'a.id');
      })
      .join('users as u', function joinUser(this: Knex.JoinClause) {
        this.on('u.tenant_id', '=', 'a.tenant_id').andOn('u.id', '=', 'a.user_id');
      })
      .leftJoin('quizzes as q', 'q.id', 'a.quiz_id')
      .where('a.tenant_id', tenantId)
      .where('u.role', '<', f.graderRole)
      .whereNot('a.user_id', f.graderId);
    // Pending: an ended attempt's answer still without a mark (only hand-marked questions are left so).
    const pending = (w: Knex.QueryBuilder) =>
      w.where('a.status', 'needs_grading').whereNull('qa.points_awarded').whereNotNull('qa.max_points');
    if (f.status === 'pending') pending(q);
    else if (f.status === 'graded') q.whereNotNull('qa.graded_by');
    else q.where((w) => pending(w).orWhereNotNull('qa.graded_by'));
    if (f.quizId) q.where('a.quiz_id', f.quizId);
    if (f.courseId) q.where('q.course_id', f.courseId);
    q.select(
      'a.id as attempt_id',
      'a.quiz_id',
      'q.title as quiz_title',
      'q.course_id',
      'qa.question_id',
      'qa.max_points',
      'qa.answer',
      'qa.points_awarded',
      'qa.feedback',
      'qa.graded_by',
      'qa.graded_at',
      'a.submitted_at',
      'a.user_id',
      'u.display_name as student_display_name',
      'u.email as student_email',
      // The text the student answered: the attempt's own snapshot of the question.
      db.knex.raw(`coalesce((select e->>'text' from jsonb_array_elements(a.questions) e where e->>'id' = qa.question_id::text limit 1),
                            (select qq.question_text from quiz_questions qq where qq.id = qa.question_id)) as question_text`),
    );
    const order =
      f.status === 'graded'
        ? [
            { column: 'qa.graded_at', order: 'desc' },
            { column: 'a.id', order: 'desc' },
            { column: 'qa.question_id', order: 'desc' },
          ]
        : [
            { column: 'a.submitted_at', order: 'asc' },
            { column: 'a.id', order: 'asc' },
            { column: 'qa.question_id', order: 'asc' },
          ];
    return knexPage(q.orderBy(order), page, toMarkingItem);
  },
  async overdue(tenantId, now, filter, limit) {
    const q = db.q()('quiz_attempts').where({ tenantId, status: 'in_progress' }).whereNotNull('deadlineAt').where('deadlineAt', '<=', now);
    if (filter.quizId) q.where({ quizId: filter.quizId });
    if (filter.userId) q.where({ userId: filter.userId });
    return (await q.orderBy('deadlineAt').limit(limit).select('id')).map((r) => r.id);
  },
  async overdueInAllTenants(now, limit) {
    // The sweep is the one cross-tenant read: it hands each attempt to a use case scoped by its tenant.
    const rows = await db
      .q()('quiz_attempts')
      .where({ status: 'in_progress' })
      .whereNotNull('deadlineAt')
      .where('deadlineAt', '<=', now)
      .orderBy('deadlineAt')
      .limit(limit)
      .select('tenantId', 'id');
    return rows.map((r) => ({ tenantId: r.tenantId, id: r.id }));
  },
  countStartedSince(tenantId, since) {
    return countSince(
      db.q(),
      { rollup: 'quiz_attempt_daily', count: 'attempts', source: 'quiz_attempts', time: 'started_at' },
      tenantId,
      since,
    );
  },
  async countRunning(tenantId, userId, now) {
    const r = (await db
      .q()('quiz_attempts')
      .where({ tenantId, userId, status: 'in_progress' })
      .where((w) => w.whereNull('deadlineAt').orWhere('deadlineAt', '>', now))
      .count({ n: '*' })
      .first()) as { n: number | string } | undefined;
    return num(r?.n);
  },
});

// ---------------------------------------------------------------- results: export and statistics

const toResultRow = (r: AttemptRow & { email: string | null; displayName: string | null }): ResultRow => ({
  attemptId: r.id,
  userId: r.userId,
  email: r.email ?? null,
  displayName: r.displayName ?? null,
  attemptNumber: num(r.attemptNumber),
  status: r.status,
  startedAt: date(r.startedAt),
  submittedAt: dateOrNull(r.submittedAt),
  score: numOrNull(r.score),
  maxScore: num(r.maxScore),
  percentage: numOrNull(r.percentage),
  passed: boolOrNull(r.passed),
});

/** Which attempt of a user `distinct on (user_id)` keeps, by selection (Moodle's "attempts to analyse"). */
const SELECTION_ORDER: Record<Exclude<AttemptSelection, 'all'>, string> = {
  first: 'attempt_number',
  last: 'attempt_number desc',
  highest: 'score desc, attempt_number',
};

/**
 * The attempts the statistics count, as a subquery taking `(tenant_id, quiz_id)` parameters: graded
 * ones (not those waiting for a mentor's mark), all or one per user.
 */
export function selectedAttemptsSql(selection: AttemptSelection): string {
  const graded = `from quiz_attempts where tenant_id = ? and quiz_id = ? and status in ('submitted', 'expired')`;
  return selection === 'all'
    ? `select id, user_id, score, max_score, percentage, passed ${graded}`
    : `select distinct on (user_id) id, user_id, score, max_score, percentage, passed ${graded} order by user_id, ${SELECTION_ORDER[selection]}`;
}

export const makeQuizResultsPgReader = ({ db }: DbDeps): QuizResultsReader => ({
  async exportPage(tenantId, quizId, cursor, limit) {
    // The page of attempts by the (tenant, quiz, started_at, id) index, then its users by primary
    // key: two index-driven queries, whatever the planner thinks of the users table's size.
    const q = db.q()('quiz_attempts').where({ tenantId, quizId });
    if (cursor) q.whereRaw('(started_at, id) > (?, ?)', [cursor.startedAt, cursor.id]);
    const attempts = await q.orderBy([{ column: 'startedAt' }, { column: 'id' }]).limit(limit);
    const userIds = [...new Set(attempts.map((a) => a.userId))];
    const users = userIds.length
      ? ((await db.q()('users').where({ tenantId }).whereIn('id', userIds).select('id', 'email', 'displayName')) as Array<{
          id: string;
          email: string;
          displayName: string;
        }>)
      : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    return attempts.map((a) =>
      toResultRow({ ...a, email: byId.get(a.userId)?.email ?? null, displayName: byId.get(a.userId)?.displayName ?? null }),
    );
  },
  async moments(tenantId, quizId, selection) {
    const selected = selectedAttemptsSql(selection);
    const buckets = Array.from({ length: HISTOGRAM_BUCKETS }, (_, i) =>
      i === HISTOGRAM_BUCKETS - 1
        ? `count(*) filter (where percentage >= ${i * 10}) as b${i}`
        : `count(*) filter (where percentage >= ${i * 10} and percentage < ${i * 10 + 10}) as b${i}`,
    ).join(', ');
    // p: the exact percentage (the stored one has two decimals; Moodle's figures use exact marks).
    const attempts = rawRows<
      Record<
        `${'n' | 'passed' | 'sumPct' | 'sumPct2' | 'sumPct3' | 'sumPct4' | 'median' | 'sumT' | 'sumT2'}` | `b${number}`,
        number | string | null
      >
    >(
      await db.q().raw(
        `with sel as (${selected}), x as (select *, case when max_score > 0 then 100 * score::float8 / max_score else 0 end as p from sel)
       select count(*) as n, count(*) filter (where passed) as passed,
              coalesce(sum(p), 0) as sum_pct, coalesce(sum(p * p), 0) as sum_pct2, coalesce(sum(p * p * p), 0) as ` +
          `sum_pct3, coalesce(sum(p * p * p * p), 0) as sum_pct4,
              percentile_cont(0.5) within group (order by p) as median,
              coalesce(sum(score::float8), 0) as sum_t, coalesce(sum(score::float8 * score::float8), 0) as sum_t2,
              ${buckets}
         from x`,
        [tenantId, quizId],
      ),
    )[0]!;
    const questions = rawRows<
      { questionId: string } & Record<
        'n' | 'maxMark' | 'correct' | 'sumX' | 'sumX2' | 'sumXt' | 'sumT' | 'sumT2' | 'sumSortedXr',
        number | string | null
      >
    >(
      await db.q().raw(
        `with sel as (${selected}),
            m as (select qa.question_id, qa.max_points, qa.is_correct, qa.points_awarded::float8 as x, sel.score::float8 as t
                    from sel
                    join quiz_answers qa on qa.tenant_id = ? and qa.attempt_id = sel.id
                   where qa.points_awarded is not null
                     -- The quiz's own answers through the (tenant_id, question_id) index, not the tenant's all.
                     and qa.question_id in (select id from quiz_questions where tenant_id = ? and quiz_id = ?))
       select question_id, count(*) as n, max(max_points) as max_mark, count(*) filter (where is_correct) as correct,
              sum(x) as sum_x, sum(x * x) as sum_x2, sum(x * t) as sum_xt, sum(t) as sum_t, sum(t * t) as sum_t2,
              -- Moodle's covariance maximum pairs the marks and the rests (t − x), each sorted.
              (select sum(a * b) from unnest(array_agg(x order by x), array_agg(t - x order by t - x)) as u(a, b)) as sum_sorted_xr
         from m
        group by question_id`,
        [tenantId, quizId, tenantId, tenantId, quizId],
      ),
    );
    // Random slots (issue 33): the attempts' drawn questions, from their question snapshots, each
    // answer counted under its slot position and, apart, under its question.
    const drawn = rawRows<
      { kind: 'slot' | 'question'; key: string } & Record<
        'n' | 'maxMark' | 'correct' | 'sumX' | 'sumX2' | 'sumXt' | 'sumT' | 'sumT2' | 'sumSortedXr',
        number | string | null
      >
    >(
      await db.q().raw(
        `with sel as (${selected}),
            d as (select sel.id as attempt_id, sel.score::float8 as t, (e->>'id')::uuid as question_id,
                         (e->'drawnAt'->>'slotId') || ':' || (e->'drawnAt'->>'position') as slot_key
                    from sel
                    join quiz_attempts a on a.tenant_id = ? and a.id = sel.id
                    cross join lateral jsonb_array_elements(coalesce(a.questions, '[]'::jsonb)) e
                   -- Uncorrelated: a one-time filter, so a quiz without random slots never unnests a snapshot.
                   where exists (select 1 from quiz_random_slots rs where rs.tenant_id = ? and rs.quiz_id = ?) and e->'drawnAt' is not null),
            m as (select d.slot_key, d.question_id, qa.max_points, qa.is_correct, qa.points_awarded::float8 as x, d.t
                    from d join quiz_answers qa on qa.tenant_id = ? and qa.attempt_id = d.attempt_id and qa.question_id = d.question_id
                   where qa.points_awarded is not null),
            g as (select 'slot' as kind, slot_key as key, max_points, is_correct, x, t from m
                  union all
                  select 'question', question_id::text, max_points, is_correct, x, t from m)
       select kind, key, count(*) as n, max(max_points) as max_mark, count(*) filter (where is_correct) as correct,
              sum(x) as sum_x, sum(x * x) as sum_x2, sum(x * t) as sum_xt, sum(t) as sum_t, sum(t * t) as sum_t2,
              (select sum(a * b) from unnest(array_agg(x order by x), array_agg(t - x order by t - x)) as u(a, b)) as sum_sorted_xr
         from g
        group by kind, key`,
        [tenantId, quizId, tenantId, tenantId, quizId, tenantId],
      ),
    );
    const toMoments = (
      r: { questionId: string } & Record<
        'n' | 'maxMark' | 'correct' | 'sumX' | 'sumX2' | 'sumXt' | 'sumT' | 'sumT2' | 'sumSortedXr',
        number | string | null
      >,
    ): QuestionMoments => ({
      questionId: r.questionId,
      n: num(r.n),
      maxMark: num(r.maxMark),
      correct: num(r.correct),
      sumX: num(r.sumX),
      sumX2: num(r.sumX2),
      sumXT: num(r.sumXt),
      sumT: num(r.sumT),
      sumT2: num(r.sumT2),
      sumSortedXR: num(r.sumSortedXr),
    });
    const moments: AttemptMoments = {
      n: num(attempts.n),
      passed: num(attempts.passed),
      sumPct: num(attempts.sumPct),
      sumPct2: num(attempts.sumPct2),
      sumPct3: num(attempts.sumPct3),
      sumPct4: num(attempts.sumPct4),
      median: numOrNull(attempts.median),
      histogram: Array.from({ length: HISTOGRAM_BUCKETS }, (_, i) => num(attempts[`b${i}`])),
      sumT: num(attempts.sumT),
      sumT2: num(attempts.sumT2),
    };
    return {
      attempts: moments,
      questions: questions.map(toMoments),
      slots: drawn.filter((r) => r.kind === 'slot').map((r) => toMoments({ ...r, questionId: r.key })),
      drawn: drawn.filter((r) => r.kind === 'question').map((r) => toMoments({ ...r, questionId: r.key })),
    };
  },
});

// ---------------------------------------------------------------- assignment submissions

const toSubmission = (r: SubmissionRow): Submission => ({
  id: r.id,
  tenantId: r.tenantId,
  lessonId: r.lessonId,
  courseId: r.courseId,
  userId: r.userId,
  fileUrl: r.fileUrl,
  notes: r.notes ?? null,
  status: r.status,
  revision: num(r.revision),
  score: numOrNull(r.score),
  feedback: r.feedback ?? null,
  gradedBy: r.gradedBy ?? null,
  submittedAt: date(r.submittedAt),
  gradedAt: dateOrNull(r.gradedAt),
  createdAt: date(r.createdAt),
  updatedAt: date(r.updatedAt),
});

/** A submission with its student, lesson and course names (the mentors' list). */
type SubmissionViewRow = SubmissionRow & {
  studentDisplayName: string | null;
  studentEmail: string | null;
  lessonTitle: string | null;
  courseTitle: string | null;
};

const toSubmissionView = (r: SubmissionViewRow): SubmissionView => ({
  ...toSubmission(r),
  student: r.studentEmail ? { id: r.userId, displayName: r.studentDisplayName ?? '', email: r.studentEmail } : null,
  lessonTitle: r.lessonTitle ?? null,
  courseTitle: r.courseTitle ?? null,
});

export const makeSubmissionPgRepository = ({ db }: DbDeps): SubmissionRepository => {
  const filtered = (tenantId: string, f: SubmissionFilter) => {
    const q = db.q()('assignment_submissions as s').where('s.tenant_id', tenantId);
    if (f.status) q.where('s.status', f.status);
    if (f.courseId) q.where('s.course_id', f.courseId);
    if (f.lessonId) q.where('s.lesson_id', f.lessonId);
    if (f.lessonIds) q.whereIn('s.lesson_id', [...f.lessonIds]);
    if (f.userId) q.where('s.user_id', f.userId);
    if (f.authorRoleBelow !== undefined)
      q.whereExists(db.q()('users as a').select(db.knex.raw('1')).whereRaw('a.id = s.user_id').where('a.role', '<', f.authorRoleBelow));
    return q;
  };
  return {
    async findById(tenantId, id) {
      const r = await db.q()('assignment_submissions').where({ tenantId, id }).first();
      return r ? toSubmission(r) : null;
    },
    async findByUserLesson(tenantId, userId, lessonId) {
      const r = await db.q()('assignment_submissions').where({ tenantId, userId, lessonId }).first();
      return r ? toSubmission(r) : null;
    },
    async submit(s) {
      // Insert, or resubmit in place while not graded: one statement, so a grade landing at the same
      // moment either comes first (nothing is written: 'graded') or grades the new revision.
      const rows = (await db
        .q()('assignment_submissions')
        .insert(s)
        .onConflict(['tenant_id', 'user_id', 'lesson_id'])
        .merge({
          fileUrl: s.fileUrl,
          notes: s.notes,
          submittedAt: s.submittedAt,
          updatedAt: s.updatedAt,
          revision: db.knex.raw('assignment_submissions.revision + 1'),
        })
        .where('assignment_submissions.status', 'submitted')
        .returning('*')) as SubmissionRow[];
      const row = rows[0];
      if (!row) return { outcome: 'graded' };
      const saved = toSubmission(row);
      return { outcome: saved.id === s.id ? 'created' : 'resubmitted', submission: saved };
    },
    async grade(tenantId, id, g) {
      const rows = await db
        .q()('assignment_submissions')
        .where({ tenantId, id })
        .update({
          status: 'graded',
          score: g.score,
          feedback: g.feedback,
          gradedBy: g.gradedBy,
          gradedAt: g.gradedAt,
          updatedAt: g.gradedAt,
        })
        .returning('*');
      return rows[0] ? toSubmission(rows[0]) : null;
    },
    list(tenantId, f, page) {
      const q = filtered(tenantId, f)
        .leftJoin('users as u', function joinUser(this: Knex.JoinClause) {
          this.on('u.tenant_id', '=', 's.tenant_id').andOn('u.id', '=', 's.user_id').andOnNull('u.deleted_at');
        })
        .leftJoin('lessons as l', 'l.id', 's.lesson_id')
        .leftJoin('courses as c', 'c.id', 's.course_id')
        .select(
          's.*',
          'u.display_name as student_display_name',
          'u.email as student_email',
          'l.title as lesson_title',
          'c.title as course_title',
        );
      const direction = f.status === 'submitted' ? 'asc' : 'desc';
      return knexPage(q, page, toSubmissionView, {
        order: [
          { column: 's.submitted_at', order: direction },
          { column: 's.id', order: direction },
        ],
      });
    },
    async courseSummary(tenantId, courseId, userId) {
      const result = await db.q().raw(
        `select s.lesson_id, l.title as lesson_title, count(*) as total,
                count(*) filter (where s.status = 'submitted') as pending, count(*) filter (where s.status = 'graded') as graded,
                avg(s.score::float8) filter (where s.status = 'graded') as average_score
           from assignment_submissions s
           join lessons l on l.id = s.lesson_id
           join course_modules m on m.id = l.module_id
          where s.tenant_id = ? and s.course_id = ? ${userId ? 'and s.user_id = ?' : ''}
          group by s.lesson_id, l.title, m.sort_order, l.sort_order, m.created_at, l.created_at
          order by m.sort_order, m.created_at, l.sort_order, l.created_at`,
        userId ? [tenantId, courseId, userId] : [tenantId, courseId],
      );
      return rawRows<{
        lessonId: string;
        lessonTitle: string | null;
        total: number | string;
        pending: number | string;
        graded: number | string;
        averageScore: number | string | null;
      }>(result).map((r) => ({
        lessonId: r.lessonId,
        lessonTitle: r.lessonTitle ?? null,
        total: num(r.total),
        pending: num(r.pending),
        graded: num(r.graded),
        averageScore: r.averageScore === null || r.averageScore === undefined ? null : Math.round(Number(r.averageScore) * 100) / 100,
      }));
    },
    async count(tenantId, f) {
      const r = (await filtered(tenantId, f).count({ n: '*' }).first()) as { n: number | string } | undefined;
      return num(r?.n);
    },
  };
};
