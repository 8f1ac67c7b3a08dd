import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { extraApplication, harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { createCourse, createLesson, createModule, enrol } from '../learning/learning-fixtures.js';
import { PHOTOSYNTHESIS } from '../../support/lesson-texts.js';

describe('HTTP engagement: lesson AI assistant', () => {
  let h: Harness;
  let admin: TestUser;
  let lessonId: string;
  let draftLessonId: string;
  let courseId: string;
  let t: Awaited<ReturnType<Harness['tenant']>>;
  before(async () => {
    h = await harness();
    t = await h.tenant();
    admin = await h.user(t, Role.Admin);
    courseId = await createCourse(h, admin, { title: 'Biology', price: 0, status: 'published' });
    const moduleId = await createModule(h, admin, courseId, 'Plants');
    lessonId = await createLesson(h, admin, moduleId, {
      title: PHOTOSYNTHESIS.title,
      description: PHOTOSYNTHESIS.description,
      content: PHOTOSYNTHESIS.content,
    });
    const draft = await createCourse(h, admin, { title: 'Draft', status: 'draft' });
    draftLessonId = await createLesson(h, admin, await createModule(h, admin, draft), { title: 'Hidden' });
  });

  const ask = (u: TestUser, message: string, id = lessonId) =>
    h.http.post(`/api/lms/chat/lessons/${id}/ai`).set(u.headers).send({ message });
  const enrolled = async () => {
    const s = await h.user(t);
    await enrol(h, admin, s.id, courseId);
    return s;
  };

  it('answers an enrolled student from the right passage of the lesson, with the passage as source', async () => {
    const s = await enrolled();
    const res = await ask(s, 'What does chlorophyll do with light?');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.have.keys(['reply', 'sources']);
    expect(res.body.data.reply).to.include('absorbs red and blue light');
    expect(res.body.data.sources[0].excerpt).to.match(/^Chlorophyll and the chloroplast: /);

    const calvin = await ask(s, 'Where does the Calvin cycle happen?');
    expect(calvin.body.data.reply).to.include('The Calvin cycle happens in the stroma.');
    expect(calvin.body.data.sources[0].excerpt).to.include('Calvin cycle');

    const limits = await ask(s, 'Which factors limit the rate?');
    expect(limits.body.data.reply).to.include('light intensity, the concentration of carbon dioxide and the temperature');
  });

  it('says so when the lesson does not cover the question, and names what is missing when it covers only part', async () => {
    const s = await enrolled();
    const off = await ask(s, 'Who won the football World Cup in 1998?');
    expect(off.status).to.equal(200);
    expect(off.body.data.reply).to.match(/does not cover this question/);
    expect(off.body.data.sources).to.deep.equal([]);
    const part = await ask(s, 'How does photosynthesis work in cacti?');
    expect(part.body.data.reply).to.include('does not mention "cacti"');
    expect(part.body.data.sources.length).to.be.greaterThan(0);
  });

  it('requires enrolment (403 Not enrolled in this course); Mentors read without one; hidden or unknown lessons are 404', async () => {
    const outsider = await h.user(t);
    const refused = await ask(outsider, 'What is photosynthesis?');
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.equal('Not enrolled in this course');
    expect((await h.http.get(`/api/lms/chat/lessons/${lessonId}/ai/messages`).set(outsider.headers)).status).to.equal(403);
    const mentor = await h.user(t, Role.Mentor);
    expect((await ask(mentor, 'What is photosynthesis?')).status).to.equal(200);
    expect((await ask(outsider, 'x', draftLessonId)).status).to.equal(404);
    expect((await ask(outsider, 'x', '00000000-0000-4000-8000-000000000000')).status).to.equal(404);
    const stranger = await h.user(await h.tenant(), Role.Admin);
    expect((await ask(stranger, 'x')).status).to.equal(404);
    expect((await ask(outsider, '')).status).to.equal(400);
    expect((await ask(outsider, 'x'.repeat(2001))).status).to.equal(400);
  });

  it("keeps each caller's history per lesson, newest first", async () => {
    const s = await enrolled();
    const other = await enrolled();
    await ask(s, 'What is chlorophyll?');
    const second = await ask(s, 'What is released as a by-product?');
    await ask(other, 'Where is the stroma?');
    const res = await h.http.get(`/api/lms/chat/lessons/${lessonId}/ai/messages`).set(s.headers);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ total: 4, page: 1, page_size: 10 });
    const items = res.body.data.items as Array<{ role: string; content: string; sources: unknown[]; lesson_id: string }>;
    expect(items.map((m) => [m.role, m.role === 'user' ? m.content : '…'])).to.deep.equal([
      ['assistant', '…'],
      ['user', 'What is released as a by-product?'],
      ['assistant', '…'],
      ['user', 'What is chlorophyll?'],
    ]);
    expect(items[0]).to.deep.include({ content: second.body.data.reply, sources: second.body.data.sources, lesson_id: lessonId });
    expect((await h.http.get(`/api/lms/chat/lessons/${lessonId}/ai/messages`).set(other.headers)).body.data.total).to.equal(2);
  });

  it('limits AI calls per user per minute (RATE_LIMIT_AI)', async () => {
    const app = await extraApplication({ RATE_LIMIT_AI: '2' });
    try {
      const http = supertest(app.callback);
      const s = await enrolled();
      const other = await enrolled();
      for (let i = 0; i < 2; i++)
        expect(
          (await http.post(`/api/lms/chat/lessons/${lessonId}/ai`).set(s.headers).send({ message: 'What is chlorophyll?' })).status,
        ).to.equal(200);
      const limited = await http.post(`/api/lms/chat/lessons/${lessonId}/ai`).set(s.headers).send({ message: 'What is chlorophyll?' });
      expect(limited.status).to.equal(429);
      expect(limited.headers['retry-after']).to.match(/^\d+$/);
      // Per user: someone else still gets answers.
      expect(
        (await http.post(`/api/lms/chat/lessons/${lessonId}/ai`).set(other.headers).send({ message: 'What is chlorophyll?' })).status,
      ).to.equal(200);
      expect((await h.http.get(`/api/lms/chat/lessons/${lessonId}/ai/messages`).set(s.headers)).body.data.total).to.equal(4);
    } finally {
      await app.close();
    }
  });

  it('answers 502 when the OpenAI-compatible API fails, and keeps nothing of the failed exchange', async () => {
    let calls = 0;
    const fake: Server = createServer((req, res) => {
      calls++;
      req.resume();
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const app = await extraApplication({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`,
      AI_API_KEY: 'sk-test-secret',
      AI_MAX_RETRIES: '1',
      AI_TIMEOUT_MS: '3000',
    });
    try {
      const s = await enrolled();
      const res = await supertest(app.callback)
        .post(`/api/lms/chat/lessons/${lessonId}/ai`)
        .set(s.headers)
        .send({ message: 'What is chlorophyll?' });
      expect(res.status).to.equal(502);
      expect(res.body).to.include({ success: false, message: 'The AI assistant is unavailable, please try again later' });
      expect(JSON.stringify(res.body)).not.to.include('sk-test-secret');
      expect(calls).to.equal(2);
      expect((await h.http.get(`/api/lms/chat/lessons/${lessonId}/ai/messages`).set(s.headers)).body.data.total).to.equal(0);
    } finally {
      await app.close();
      await new Promise((r) => fake.close(r));
    }
  });
});
