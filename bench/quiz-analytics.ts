/**
 * Quiz analytics benchmark (issue 5): bulk-inserts 10,000 graded attempts of a 20-question quiz
 * (200,000 answer rows) into a fresh tenant of the database at DATABASE_URL, then times what
 * GET /api/lms/admin/quizzes/:id/analytics computes: the two aggregate queries of the results
 * reader plus the formulas of domain/assessment/analytics.ts, on all and on first attempts; then
 * the grouped query of GET …/response-analysis (each answer given the option it chose).
 *
 *   DATABASE_URL=postgres://… npx tsx bench/quiz-analytics.ts [--attempts 10000] [--questions 20] [--keep]
 *
 * The tenant is deleted afterwards (cascade) unless --keep is given.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { arg, flag, requirePostgresUrl, time } from './support.js';
import { createKnex } from '../infrastructure/db/knex.js';
import { migrateLatest } from '../infrastructure/db/migrate.js';
import { Database } from '../infrastructure/db/database.js';
import { makeQuizResultsPgReader } from '../adapters/persistence/pg/assessment.pg-repositories.js';
import { makeResponseCountsPgReader } from '../adapters/persistence/pg/response-counts.pg-repository.js';
import { computeAnalytics } from '../domain/assessment/analytics.js';
import { seedGradedAttempts } from './quiz-attempts-seed.js';

const attempts = Number(arg('--attempts') ?? 10_000);
const questionCount = Number(arg('--questions') ?? 20);
const keep = flag('--keep');
const url = requirePostgresUrl();

const knex = await createKnex({ databaseUrl: url, embeddedDir: null, poolMax: 4 });
const db = new Database(knex);
const reader = makeQuizResultsPgReader({ db });
const responses = makeResponseCountsPgReader({ db });

async function main() {
  await migrateLatest(knex);
  const now = new Date();
  const tenantId = randomUUID();
  const courseId = randomUUID();
  const moduleId = randomUUID();
  const quizId = randomUUID();
  await knex('tenants').insert({
    id: tenantId,
    slug: `bench-quiz-${Date.now()}`,
    name: 'Quiz benchmark',
    status: 'active',
    createdAt: now,
    updatedAt: now,
  });
  await knex('courses').insert({ id: courseId, tenantId, title: 'Bench course', status: 'published', createdAt: now, updatedAt: now });
  await knex('courseModules').insert({
    id: moduleId,
    tenantId,
    courseId,
    title: 'Bench module',
    sortOrder: 1,
    createdAt: now,
    updatedAt: now,
  });
  await knex('quizzes').insert({
    id: quizId,
    tenantId,
    moduleId,
    courseId,
    title: 'Bench quiz',
    passingScore: 60,
    status: 'published',
    publishedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await knex('quizQuestions').insert(
    Array.from({ length: questionCount }, (_, i) => ({
      id: randomUUID(),
      tenantId,
      quizId,
      questionType: 'multiple_choice',
      questionText: `Question ${i + 1}`,
      points: 1 + (i % 3),
      sortOrder: i + 1,
      options: JSON.stringify([
        { id: randomUUID(), text: 'right', is_correct: true },
        { id: randomUUID(), text: 'wrong', is_correct: false },
      ]),
      createdAt: now,
      updatedAt: now,
    })),
  );
  console.log(`tenant ${tenantId}: inserting ${attempts.toLocaleString('en')} graded attempts of ${questionCount} questions…`);
  const t0 = performance.now();
  await seedGradedAttempts(knex, tenantId, quizId, attempts);
  console.log(`inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await knex.raw('vacuum analyze quiz_attempts');
  await knex.raw('vacuum analyze quiz_answers');
  await knex.raw('vacuum analyze quiz_questions');
  await knex.raw('vacuum analyze users');

  const all = (await time('analytics, all attempts', async () => {
    const m = await reader.moments(tenantId, quizId, 'all');
    return computeAnalytics(m.attempts, m.questions);
  })) as ReturnType<typeof computeAnalytics>;
  console.log(JSON.stringify({ ...all, questions: all.questions.slice(0, 3) }));
  await time('analytics, first attempts', async () => {
    const m = await reader.moments(tenantId, quizId, 'first');
    return computeAnalytics(m.attempts, m.questions);
  });
  await time('export, first keyset page (500)', async () => reader.exportPage(tenantId, quizId, null, 500));

  // The response analysis (issue 33) groups the answers' elements: give each answer the option it chose.
  await knex.raw(
    `update quiz_answers qa set answer = jsonb_build_array(q.options -> (case when qa.is_correct then 0 else 1 end) ->> 'id')
       from quiz_questions q where qa.tenant_id = ? and q.tenant_id = ? and q.id = qa.question_id and q.quiz_id = ?`,
    [tenantId, tenantId, quizId],
  );
  await knex.raw('vacuum analyze quiz_answers');
  await time('response counts, all attempts', async () => responses.responseCounts(tenantId, quizId, 'all'));
  await time('response counts, first attempts', async () => responses.responseCounts(tenantId, quizId, 'first'));

  if (!keep) {
    await knex('tenants').where({ id: tenantId }).delete();
    console.log('benchmark tenant deleted');
  }
  await knex.destroy();
}

main().catch(async (error: unknown) => {
  console.error(error);
  await knex.destroy();
  process.exit(1);
});
