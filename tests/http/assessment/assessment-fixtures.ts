import { expect } from 'chai';
import type { SessionIssuer } from '../../../application/identity/session-issuer.js';
import type { Harness, TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { enrol, seedCourse, type SeededCourse } from '../learning/learning-fixtures.js';

/** Seeding through the admin API, so the fixtures exercise the same paths as clients. */

export interface SeededQuiz {
  course: SeededCourse;
  quizId: string;
  /** Question ids in authoring order. */
  questionIds: string[];
  /** Per question, the option ids in order (empty for short_answer). */
  optionIds: string[][];
}

export async function createQuiz(h: Harness, admin: TestUser, moduleId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await h.http
    .post('/api/lms/admin/quizzes')
    .set(admin.headers)
    .send({ module_id: moduleId, title: 'Quiz', ...fields });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data.id as string;
}

export async function addQuestion(h: Harness, admin: TestUser, quizId: string, body: Record<string, unknown>) {
  const res = await h.http.post(`/api/lms/admin/quizzes/${quizId}/questions`).set(admin.headers).send(body);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data as { id: string; options: Array<{ id: string; option_text: string; is_correct: boolean }> };
}

/** The four question types, 1 + 2 + 1 + 1 points (max 5). Correct answers: A, B+C, True, "Jakarta". */
export const FOUR_QUESTIONS = [
  {
    question_type: 'multiple_choice',
    question_text: 'Pick A',
    points: 1,
    options: [
      { option_text: 'A', is_correct: true },
      { option_text: 'B', is_correct: false },
      { option_text: 'C', is_correct: false },
    ],
  },
  {
    question_type: 'multiple_answer',
    question_text: 'Pick B and C',
    points: 2,
    options: [
      { option_text: 'A', is_correct: false },
      { option_text: 'B', is_correct: true },
      { option_text: 'C', is_correct: true },
    ],
  },
  { question_type: 'true_false', question_text: 'The sky is blue', points: 1, correct_answer: true },
  {
    question_type: 'short_answer',
    question_text: 'Capital of Indonesia?',
    points: 1,
    options: [
      { option_text: 'Jakarta', is_correct: true },
      { option_text: 'DKI Jakarta', is_correct: true },
    ],
  },
];

/** A published course with a quiz of the four question types; `publish` publishes the quiz too. */
export async function seedQuiz(
  h: Harness,
  admin: TestUser,
  opts: { quiz?: Record<string, unknown>; publish?: boolean; lessons?: number; questions?: Array<Record<string, unknown>> } = {},
): Promise<SeededQuiz> {
  const course = await seedCourse(h, admin, { modules: 1, lessons: opts.lessons ?? 1 });
  const quizId = await createQuiz(h, admin, course.moduleIds[0]!, { passing_score: 60, ...opts.quiz });
  const questionIds: string[] = [];
  const optionIds: string[][] = [];
  for (const q of opts.questions ?? FOUR_QUESTIONS) {
    const created = await addQuestion(h, admin, quizId, q);
    questionIds.push(created.id);
    optionIds.push(created.options.map((o) => o.id));
  }
  if (opts.publish ?? true) {
    const res = await h.http.post(`/api/lms/admin/quizzes/${quizId}/publish`).set(admin.headers);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  }
  return { course, quizId, questionIds, optionIds };
}

/** A student enrolled in the quiz's course. */
export async function enrolledStudent(h: Harness, admin: TestUser, q: SeededQuiz): Promise<TestUser> {
  const student = await h.user(admin.tenant);
  await enrol(h, admin, student.id, q.course.id);
  return student;
}

/** Answers for the FOUR_QUESTIONS quiz: all right, or only the first two. */
export function answersFor(q: SeededQuiz, mode: 'all' | 'half' | 'none' = 'all') {
  const [mc, ma, tf] = q.optionIds;
  const right = [
    { question_id: q.questionIds[0], answer: [mc![0]] },
    { question_id: q.questionIds[1], answer: [ma![1], ma![2]] },
    { question_id: q.questionIds[2], answer: [tf![0]] },
    { question_id: q.questionIds[3], answer: ['  jakarta '] },
  ];
  if (mode === 'all') return right;
  if (mode === 'none') return [];
  return [
    right[0]!,
    right[1]!,
    { question_id: q.questionIds[2], answer: [tf![1]] },
    { question_id: q.questionIds[3], answer: ['Bandung'] },
  ];
}

/** Deep search for a key anywhere in a JSON body. */
export function containsKey(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((v) => containsKey(v, key));
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k === key || containsKey(v, key));
  return false;
}

/** New request headers for a user (tests that move the clock past the 5-minute access token). */
export async function freshHeaders(h: Harness, user: TestUser): Promise<Record<string, string>> {
  const session = await h.resolve<SessionIssuer>('sessionIssuer').open(user.user, 'password', { ip: '127.0.0.1', userAgent: 'test' });
  return { ...user.tenant.headers, Authorization: `Bearer ${session.accessToken}` };
}

/**
 * Moodle's statistics fixtures with a random slot: an admin of a new tenant, a course of one module,
 * a draft quiz (passing 50 %) and the question category `rand` the slot draws from.
 */
export async function quizWithRandCategory(h: Harness) {
  const admin = await h.user(await h.tenant(), Role.Admin);
  const course = await seedCourse(h, admin, { modules: 1, lessons: 0 });
  const quizId = await createQuiz(h, admin, course.moduleIds[0]!, { passing_score: 50 });
  const category = await h.http.post(`/api/lms/admin/courses/${course.id}/question-categories`).set(admin.headers).send({ name: 'rand' });
  expect(category.status, JSON.stringify(category.body)).to.equal(200);
  return { admin, course, quizId, rand: category.body.data.id as string };
}
