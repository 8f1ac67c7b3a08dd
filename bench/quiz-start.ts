/**
 * Quiz start with random slots (issue 33 item 5): the time of `POST /api/lms/quizzes/:id/start`
 * for a quiz of 1 fixed question and 3 random slots of 10 drawn from a 500-question category,
 * beside a quiz of 31 fixed questions (the same 31 questions an attempt gets). Each measured start
 * makes a new attempt (the previous one is submitted, untimed), so every random start draws. The
 * goal: within 1.2× of the fixed quiz's start. Runs on PGlite in a temporary directory, or on
 * PostgreSQL with DATABASE_URL (a fresh tenant, left behind).
 *
 *   npx tsx bench/quiz-start.ts [--starts 40] [--scale-factor 0.05]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import supertest from 'supertest';
import { buildApplication } from '../composition/container.js';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import { packageVersion } from '../infrastructure/version.js';
import { seedTenant, SEED_PASSWORD } from '../scripts/seed.js';
import { arg, median, sweepRedisPrefix } from './support.js';

const starts = Number(arg('--starts') ?? 40);
const scale = Number(arg('--scale-factor') ?? 0.05);

const csv = (rows: string[]) => Buffer.from(`question_type,question_text,points,correct,option_1,option_2\n${rows.join('\n')}\n`, 'utf8');

async function main() {
  const config = loadConfig(
    {
      ...process.env,
      DATA_DIR: process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lms-bench-start-')),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_GLOBAL: '1000000',
      RATE_LIMIT_CRITICAL: '1000000',
      RATE_LIMIT_UPLOAD: '1000000',
      QUEUE_PREFIX: `bench-${randomUUID().slice(0, 8)}`,
    },
    packageVersion,
  );
  const app = await buildApplication(config, { logger: createLogger('silent'), runWorkers: false });
  const knex = app.db.knex;
  const seeded = await seedTenant(knex, scale, `bench-start-${Date.now()}`);
  const http = supertest(app.callback);
  const tenant = { 'X-Tenant-ID': seeded.tenant };
  const login = async (email: string) => {
    const res = await http.post('/api/auth/login').set(tenant).send({ email, password: SEED_PASSWORD });
    if (res.status !== 200) throw new Error(`login of ${email}: ${JSON.stringify(res.body)}`);
    return { ...tenant, Authorization: `Bearer ${res.body.data.access_token as string}` };
  };
  const admin = await login(seeded.sample.adminEmail);
  const student = await login(seeded.sample.studentEmail);
  const ok = (res: supertest.Response, what: string) => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body.data;
  };
  const courseId = seeded.sample.courseId;
  const moduleId = ((await knex('courseModules').where({ courseId }).first('id')) as { id: string }).id;

  const pool = ok(
    await http.post(`/api/lms/admin/courses/${courseId}/question-categories`).set(admin).send({ name: 'Bench pool' }),
    'category',
  ).id as string;
  ok(
    await http
      .post(`/api/lms/admin/question-categories/${pool}/import`)
      .set(admin)
      .attach('file', csv(Array.from({ length: 500 }, (_, i) => `multiple_choice,Pool question ${i},1,1,right ${i},wrong ${i}`)), {
        filename: 'pool.csv',
        contentType: 'text/csv',
      }),
    'pool import',
  );
  const quiz = async (title: string) =>
    ok(await http.post('/api/lms/admin/quizzes').set(admin).send({ module_id: moduleId, title }), 'quiz').id as string;
  const fixedQuiz = await quiz('Bench fixed');
  ok(
    await http
      .post(`/api/lms/admin/quizzes/${fixedQuiz}/import-csv`)
      .set(admin)
      .attach('file', csv(Array.from({ length: 31 }, (_, i) => `multiple_choice,Fixed question ${i},1,1,right ${i},wrong ${i}`)), {
        filename: 'fixed.csv',
        contentType: 'text/csv',
      }),
    'fixed import',
  );
  const randomQuiz = await quiz('Bench random');
  ok(
    await http
      .post(`/api/lms/admin/quizzes/${randomQuiz}/import-csv`)
      .set(admin)
      .attach('file', csv(['multiple_choice,The fixed one,1,1,right,wrong']), { filename: 'one.csv', contentType: 'text/csv' }),
    'one import',
  );
  for (let i = 0; i < 3; i++)
    ok(await http.post(`/api/lms/admin/quizzes/${randomQuiz}/random-slots`).set(admin).send({ category_id: pool, count: 10 }), 'slot');
  for (const id of [fixedQuiz, randomQuiz]) ok(await http.post(`/api/lms/admin/quizzes/${id}/publish`).set(admin), 'publish');
  if (config.DATABASE_URL) await knex.raw('analyze quiz_questions');

  const ms: Record<'fixed' | 'random', number[]> = { fixed: [], random: [] };
  const start = async (kind: 'fixed' | 'random', quizId: string, timed: boolean) => {
    const t0 = performance.now();
    const data = ok(await http.post(`/api/lms/quizzes/${quizId}/start`).set(student), 'start');
    if (timed) ms[kind].push(performance.now() - t0);
    if (data.questions.length !== 31) throw new Error(`${kind} start answered ${data.questions.length} questions`);
    ok(await http.post(`/api/lms/quiz-attempts/${data.attempt.id}/submit`).set(student), 'submit');
  };
  // Warm up both, then alternate so that load on the machine falls on both alike.
  for (let i = 0; i < 3; i++) {
    await start('fixed', fixedQuiz, false);
    await start('random', randomQuiz, false);
  }
  for (let i = 0; i < starts; i++) {
    await start('fixed', fixedQuiz, true);
    await start('random', randomQuiz, true);
  }
  const fixed = median(ms.fixed);
  const random = median(ms.random);
  const ratio = random / fixed;
  console.log(`\n${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: median of ${starts} starts, each a new attempt`);
  console.log('| quiz | median ms |');
  console.log('|---|---:|');
  console.log(`| 31 fixed questions | ${fixed.toFixed(1)} |`);
  console.log(`| 1 fixed + 3 random slots of 10 from 500 | ${random.toFixed(1)} |`);
  console.log(`ratio ${ratio.toFixed(2)} (goal ≤ 1.2)`);
  process.stdout.write(
    `${JSON.stringify({ quiz_start: { engine: config.DATABASE_URL ? 'postgresql' : 'pglite', starts, fixed_ms: fixed, random_ms: random, ratio } })}\n`,
  );
  await app.close();
  // Its queue's keys and its limiters' sit under the run's prefix: leave the shared Redis as it was found.
  await sweepRedisPrefix(config.QUEUE_PREFIX);
  if (ratio > 1.2) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
