/**
 * docs/guides/student-app.md as a program (CI runs it against `npm start` after `npm run seed -- --demo`):
 * what a student front end calls, typed by the OpenAPI document through openapi-fetch.
 *   npm run seed -- --demo        # once, with the service stopped on the embedded database
 *   API_URL=http://localhost:3000 TENANT=demo npx tsx examples/guides/student-app.ts
 * Registers a student, logs in, rotates the refresh token, opens a course page, enrols, reads and
 * completes the lessons, passes the quiz and fetches the certificate; on the way it meets the
 * errors an app must handle (`code` of the error envelope).
 */
import assert from 'node:assert/strict';
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../generated/api.js';

const baseUrl = process.env.API_URL ?? 'http://localhost:3000';
const tenant = process.env.TENANT ?? 'demo';

// 1. One client for the app: every request carries the tenant (slug or id) in X-Tenant-ID.
const api = createClient<paths>({ baseUrl, headers: { 'X-Tenant-ID': tenant } });

// 2. The session: the access token lives 5 minutes, the refresh token 7 days and works once.
let session: { access_token: string; refresh_token: string } | null = null;
const auth: Middleware = {
  onRequest({ request }) {
    if (session) request.headers.set('Authorization', `Bearer ${session.access_token}`);
    return request;
  },
};
api.use(auth);

/** Every error answer is `{success: false, message, code, error?, fields?}`: programs branch on `code`. */
type Failure = { message: string; code: string; error?: string };
function dataOf<T>(r: { data?: { data: T } | string; error?: unknown; response: Response }, what: string): T {
  // A string is another media type of the same operation (a certificate's PDF, its HTML page).
  if (r.data && typeof r.data === 'object') return r.data.data;
  const e = r.error as Failure | undefined;
  throw new Error(`${what}: ${r.response.status} ${e?.code} ${e?.message}${e?.error ? ` (${e.error})` : ''}`);
}
function codeOf(r: { error?: unknown; response: Response }): string {
  return `${r.response.status} ${(r.error as Failure | undefined)?.code}`;
}

// 3. Refresh rotation: each refresh answers a new pair and retires the old refresh token. Two tabs
//    refreshing with one token would revoke the whole login (reuse detection), so all refreshes of
//    the app go through one promise.
let refreshing: Promise<void> | null = null;
function refresh(): Promise<void> {
  refreshing ??= (async () => {
    const r = await api.POST('/api/auth/refresh', { body: { refresh_token: session?.refresh_token ?? '' } });
    session = dataOf(r, 'refresh');
  })().finally(() => (refreshing = null));
  return refreshing;
}

// 4. The catalogue is public: no login needed to show it.
const catalogue = dataOf(await api.GET('/api/lms/courses', { params: { query: { page: 1, page_size: 10 } } }), 'catalogue');
const algebra = catalogue.items.find((c) => c.title === 'Algebra basics');
assert.ok(algebra, 'the demo tenant has the course "Algebra basics": run `npm run seed -- --demo` first');
console.log(`catalogue of ${tenant}: ${catalogue.items.map((c) => `${c.title} (${Number(c.price) ? `${c.price} ${c.currency}` : 'free'})`).join(', ')}`);

// 5. Sign-up makes a Student of this tenant; the same email may exist in another tenant.
const email = `student.${Date.now()}@example.com`;
const password = 'a long password';
dataOf(await api.POST('/api/auth/register', { body: { username: `student${Date.now()}`, email, password, display_name: 'Nur Hidayat' } }), 'register');

// 6. Log in. A wrong password and an unknown email answer alike: 400 INVALID_CREDENTIALS.
const wrong = await api.POST('/api/auth/login', { body: { email, password: 'not my password' } });
assert.equal(codeOf(wrong), '400 INVALID_CREDENTIALS');
session = dataOf(await api.POST('/api/auth/login', { body: { email, password } }), 'login');
const me = dataOf(await api.GET('/api/user/self'), 'profile');
console.log(`logged in as ${me.display_name} (role ${me.role})`);

// 7. Rotate: the new pair works; the old refresh token, presented again, is reuse: 401
//    INVALID_TOKEN, and the whole login (the new tokens too) is revoked. Back to the login screen.
const used = session.refresh_token;
await refresh();
assert.equal(codeOf(await api.GET('/api/user/self')), '200 undefined');
const reuse = await api.POST('/api/auth/refresh', { body: { refresh_token: used } });
assert.equal(codeOf(reuse), '401 INVALID_TOKEN');
assert.equal(codeOf(await api.GET('/api/user/self')), '401 INVALID_TOKEN');
session = dataOf(await api.POST('/api/auth/login', { body: { email, password } }), 'login again');

// 8. The course page: outline, the caller's enrolment and access. Lessons need an enrolment:
//    403 NOT_ENROLLED until then.
const page = dataOf(await api.GET('/api/lms/courses/{id}', { params: { path: { id: algebra.id } } }), 'course page');
const lessons = page.modules.flatMap((m) => m.lessons);
console.log(`course page: ${page.title}, ${lessons.length} lessons, enrolled: ${page.enrollment !== null}`);
assert.equal(codeOf(await api.GET('/api/lms/lessons/{id}', { params: { path: { id: lessons[0]!.id } } })), '403 NOT_ENROLLED');

// 9. Enrol in the free course (a paid one goes through an order: docs/guides/connect-ads.md).
dataOf(await api.POST('/api/lms/courses/{id}/enroll', { params: { path: { id: algebra.id } } }), 'enrol');

// 10. Read each lesson and mark it completed.
for (const { id } of lessons) {
  const lesson = dataOf(await api.GET('/api/lms/lessons/{id}', { params: { path: { id } } }), 'lesson');
  dataOf(await api.POST('/api/lms/progress', { body: { lesson_id: lesson.id, status: 'completed' } }), 'progress');
  console.log(`read "${lesson.title}": ${lesson.content}`);
}

// 11. The quiz (listed on the course page): start answers the attempt and the questions with
//     their options, never which is right.
const quiz = page.quizzes[0]!;
const { attempt, questions } = dataOf(await api.POST('/api/lms/quizzes/{id}/start', { params: { path: { id: quiz.id } } }), 'start');
// What the student taps, here the demo's right answers by question.
const choice: Record<string, string> = { 'If x + 2 = 5, what is x?': '3', 'Which of these is a variable?': 'x' };
for (const q of questions) {
  const option = q.options.find((o) => o.option_text === choice[q.question_text]) ?? q.options[0]!;
  // Each answer is saved at once: a closed tab resumes the attempt (start answers it again).
  const saved = await api.POST('/api/lms/quiz-attempts/{id}/answers', {
    params: { path: { id: attempt.id } },
    body: { question_id: q.id, answer: [option.id] },
  });
  dataOf(saved, 'answer');
}
const graded = dataOf(await api.POST('/api/lms/quiz-attempts/{id}/submit', { params: { path: { id: attempt.id } }, body: {} }), 'submit');
console.log(`quiz "${quiz.title}": ${graded.attempt.percentage}% (${graded.attempt.passed ? 'passed' : 'not passed'})`);
assert.ok(graded.attempt.passed && graded.course_completed && graded.certificate_issued);

// 12. Progress and the certificate, whose code anyone can verify without logging in.
const mine = dataOf(await api.GET('/api/lms/my-courses'), 'my courses');
assert.equal(mine.items.find((c) => c.id === algebra.id)?.progress, 100);
const certificate = dataOf(await api.GET('/api/lms/courses/{id}/certificate', { params: { path: { id: algebra.id } } }), 'certificate');
const verified = dataOf(await api.GET('/api/lms/certificates/verify/{code}', { params: { path: { code: certificate.code } } }), 'verify');
assert.ok(verified.valid);
// verify_url (PUBLIC_URL/api/lms/certificates/verify/<code>) is the QR code's link: a page for browsers.
console.log(`certificate ${certificate.code}: ${certificate.verify_url}`);

// 13. Another tenant's name that does not exist: 404 UNKNOWN_TENANT (a typo in X-Tenant-ID).
const lost = await api.GET('/api/lms/courses', { params: { query: {} }, headers: { 'X-Tenant-ID': 'no-such-school' } });
assert.equal(codeOf(lost), '404 UNKNOWN_TENANT');

// 14. Log out: the login is revoked at once, its access token included.
await api.POST('/api/auth/logout');
assert.equal(codeOf(await api.GET('/api/user/self')), '401 INVALID_TOKEN');
console.log('student-app: done');
