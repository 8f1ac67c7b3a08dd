import { expect } from 'chai';
import type { Harness, TestUser } from '../../support/harness.js';

/** Seeding through the admin API, so the fixtures exercise the same paths as clients. */

export interface SeededCourse {
  id: string;
  moduleIds: string[];
  /** Lesson ids in course order. */
  lessonIds: string[];
}

export async function createCourse(h: Harness, admin: TestUser, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await h.http
    .post('/api/lms/admin/courses')
    .set(admin.headers)
    .send({ title: 'Algebra I', price: 0, status: 'published', ...fields });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data.id as string;
}

export async function createModule(h: Harness, admin: TestUser, courseId: string, title = 'Module'): Promise<string> {
  const res = await h.http.post('/api/lms/admin/modules').set(admin.headers).send({ course_id: courseId, title });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data.id as string;
}

export async function createLesson(h: Harness, admin: TestUser, moduleId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await h.http
    .post('/api/lms/admin/lessons')
    .set(admin.headers)
    .send({
      module_id: moduleId,
      title: 'Lesson',
      content_type: 'text',
      content: 'The body of the lesson.',
      content_url: 'https://cdn.example.test/v.mp4',
      duration: 10,
      ...fields,
    });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data.id as string;
}

/** A course with `modules` modules of `lessons` lessons each. */
export async function seedCourse(
  h: Harness,
  admin: TestUser,
  opts: { modules?: number; lessons?: number; fields?: Record<string, unknown> } = {},
): Promise<SeededCourse> {
  const id = await createCourse(h, admin, opts.fields);
  const moduleIds: string[] = [];
  const lessonIds: string[] = [];
  for (let m = 0; m < (opts.modules ?? 2); m++) {
    const moduleId = await createModule(h, admin, id, `Module ${m + 1}`);
    moduleIds.push(moduleId);
    for (let l = 0; l < (opts.lessons ?? 2); l++)
      lessonIds.push(await createLesson(h, admin, moduleId, { title: `Lesson ${m + 1}.${l + 1}` }));
  }
  return { id, moduleIds, lessonIds };
}

export async function enrol(
  h: Harness,
  admin: TestUser,
  userId: string,
  courseId: string,
  fields: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const res = await h.http
    .post('/api/lms/admin/resources/enrollments')
    .set(admin.headers)
    .send({ user_id: userId, course_id: courseId, ...fields });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data as Record<string, unknown>;
}

export async function complete(h: Harness, user: TestUser, lessonId: string) {
  return h.http.post('/api/lms/progress').set(user.headers).send({ lesson_id: lessonId, status: 'completed' });
}

/** A small valid PNG (1×1, red). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** supertest parser keeping a binary body as a Buffer (PDFs, downloads). */
export const binary = (res: unknown, cb: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  const stream = res as NodeJS.ReadableStream;
  stream.on('data', (x: Buffer) => chunks.push(x));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
};
