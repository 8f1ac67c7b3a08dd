/**
 * A typed client of the API, generated from its OpenAPI document: the front-end's view.
 *   npx tsx scripts/openapi.ts && npx openapi-typescript examples/generated/openapi.json -o examples/generated/api.d.ts
 *   npx tsc -p examples            # type-checks this file against the generated types
 *   API_URL=http://localhost:3000 TENANT=default EMAIL=… PASSWORD=… QUIZ_ID=… npx tsx examples/client.ts
 * Logs in, lists the catalogue, starts (or resumes) an attempt at a quiz, answers every question
 * with its first option, and submits.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/api.js';

const baseUrl = process.env.API_URL ?? 'http://localhost:3000';
const api = createClient<paths>({ baseUrl });
// The tenant travels as a typed header parameter of every tenant-scoped operation.
const tenant = { 'X-Tenant-ID': process.env.TENANT ?? 'default' };

/** The `data` of a success, or an error with the envelope's message. */
function dataOf<T>(r: { data?: { data: T }; error?: { message: string } }, what: string): T {
  if (!r.data) throw new Error(`${what}: ${r.error?.message ?? 'failed'}`);
  return r.data.data;
}

const login = dataOf(
  await api.POST('/api/auth/login', {
    params: { header: tenant },
    body: { email: process.env.EMAIL ?? '', password: process.env.PASSWORD ?? '' },
  }),
  'login',
);
console.log(`logged in as ${login.user.display_name} (role ${login.user.role})`);
const auth = { Authorization: `Bearer ${login.access_token}` };

const courses = dataOf(
  await api.GET('/api/lms/courses', { params: { header: tenant, query: { page: 1, page_size: 10 } }, headers: auth }),
  'list courses',
);
console.log(`catalogue: ${courses.total} published courses; first: ${courses.items[0]?.title ?? '(none)'}`);

const quizId = process.env.QUIZ_ID ?? '';
const started = dataOf(
  await api.POST('/api/lms/quizzes/{id}/start', { params: { header: tenant, path: { id: quizId } }, headers: auth }),
  'start attempt',
);
const { attempt, questions } = started;
console.log(`attempt ${attempt.attempt_number} ${started.resumed ? 'resumed' : 'started'}: ${questions.length} questions`);

for (const q of questions) {
  const first = q.options[0];
  if (!first) continue;
  const saved = dataOf(
    await api.POST('/api/lms/quiz-attempts/{id}/answers', {
      params: { header: tenant, path: { id: attempt.id } },
      headers: auth,
      body: { question_id: q.id, answer: [first.id] },
    }),
    'save answer',
  );
  console.log(`answered ${q.question_text}: ${saved.answer?.join(', ') ?? '(cleared)'}`);
}

const graded = dataOf(
  await api.POST('/api/lms/quiz-attempts/{id}/submit', { params: { header: tenant, path: { id: attempt.id } }, headers: auth, body: {} }),
  'submit',
);
console.log(
  `submitted: ${graded.attempt.percentage ?? 0}% (${graded.attempt.passed ? 'passed' : 'not passed'}); certificate issued: ${graded.certificate_issued}`,
);
