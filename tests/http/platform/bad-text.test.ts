import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { expect } from 'chai';
import supertest from 'supertest';
import { harness, extraApplication, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import type { Application } from '../../../composition/container.js';
import { createCourse } from '../learning/learning-fixtures.js';
import { seedQuiz } from '../assessment/assessment-fixtures.js';

/**
 * Text PostgreSQL cannot store (NUL) or that is no Unicode (an unpaired surrogate, or percent
 * escapes that are not UTF-8) is 400 `Invalid parameters` wherever it arrives, and changes
 * nothing: it used to reach the database and answer 500.
 */
describe('HTTP platform: NUL characters and unpaired surrogates', () => {
  let h: Harness;
  let admin: TestUser;
  before(async () => {
    h = await harness();
    admin = await h.user(await h.tenant(), Role.Admin);
  });

  const invalid = (res: { status: number; body: { success: boolean; message: string; error?: string } }, field: string) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body).to.include({ success: false, message: 'Invalid parameters' });
    expect(res.body.error).to.contain(field);
  };
  const courses = async () =>
    Number(((await h.app.db.knex('courses').where({ tenantId: admin.tenant.id }).count({ n: '*' }).first()) as { n: number }).n);

  it('refuses them in the public course search, percent-encoded or not UTF-8', async () => {
    await createCourse(h, admin, { title: 'Algebra I' });
    for (const search of ['%00', 'alg%00ebra', '%ED%A0%80', '%ED%B0%80', '%FF', 'alg%C3']) {
      const res = await h.http.get(`/api/lms/courses?search=${search}`).set(admin.tenant.headers);
      invalid(res, search.includes('%00') ? 'search' : 'url');
    }
    // A surrogate pair (U+1F600) and other text are fine.
    for (const search of ['%F0%9F%98%80', 'caf%C3%A9', '100%25']) {
      const res = await h.http.get(`/api/lms/courses?search=${search}`).set(admin.tenant.headers);
      expect(res.status, search).to.equal(200);
    }
  });

  it('refuses them in path parameters', async () => {
    invalid(await h.http.get('/api/lms/certificates/verify/AB%00CD').set(admin.tenant.headers), 'code');
    invalid(await h.http.get('/api/lms/certificates/verify/%ED%A0%80').set(admin.tenant.headers), 'url');
  });

  it('refuses them anywhere in a JSON body (values, nested values, keys) and stores nothing', async () => {
    const before = await courses();
    const bodies = [
      ['{"title":"\\u0000"}', 'title'],
      ['{"title":"Algebra","description":"a\\u0000b"}', 'description'],
      ['{"title":"\\uD800"}', 'title'],
      ['{"title":"Algebra","description":"x\\uDC00y"}', 'description'],
      ['{"title":"Algebra","extra":{"deep":["ok","\\uDBFF"]}}', 'extra.deep.1'],
      ['{"title":"Algebra","a\\u0000b":1}', 'a?b'],
    ] as const;
    for (const [raw, field] of bodies) {
      invalid(await h.http.post('/api/lms/admin/courses').set(admin.headers).set('Content-Type', 'application/json').send(raw), field);
    }
    expect(await courses()).to.equal(before);
    // A well-formed pair is text like any other.
    const ok = await h.http
      .post('/api/lms/admin/courses')
      .set(admin.headers)
      .set('Content-Type', 'application/json')
      .send('{"title":"Algebra \\uD83D\\uDE00"}');
    expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
    expect(ok.body.data.title).to.equal('Algebra \u{1F600}');
  });

  it('refuses them in multipart fields, file names and imported files; nothing imported or stored', async () => {
    const q = await seedQuiz(h, admin, { publish: false });
    const questions = async () =>
      Number(((await h.app.db.knex('quiz_questions').where({ quizId: q.quizId }).count({ n: '*' }).first()) as { n: number }).n);
    const files = async () =>
      Number(((await h.app.db.knex('files').where({ tenantId: admin.tenant.id }).count({ n: '*' }).first()) as { n: number }).n);
    const [beforeQuestions, beforeFiles] = [await questions(), await files()];
    const csv = 'question_type,question_text,points,correct,option_1,option_2\nmultiple_choice,Two?,1,1,2,3\n';
    const field = await h.http
      .post(`/api/lms/admin/quizzes/${q.quizId}/import-csv`)
      .set(admin.headers)
      .field('format', 'csv\u0000')
      .attach('file', Buffer.from(csv), { filename: 'q.csv', contentType: 'text/csv' });
    invalid(field, 'format');
    const content = await h.http
      .post(`/api/lms/admin/quizzes/${q.quizId}/import-csv`)
      .set(admin.headers)
      .attach('file', Buffer.from(csv.replace('Two?', 'Tw\u0000o?')), { filename: 'q.csv', contentType: 'text/csv' });
    expect(content.status).to.equal(400);
    expect(content.body).to.include({ message: 'Invalid import file', error: 'file: contains a NUL character' });
    const name = await h.http
      .post('/api/file')
      .set(admin.headers)
      .attach('file', Buffer.from('hello'), { filename: 'a\u0000b.txt', contentType: 'text/plain' });
    invalid(name, 'file');
    expect([await questions(), await files()]).to.deep.equal([beforeQuestions, beforeFiles]);
  });

  it('needs no check of headers: Node refuses a NUL in one before the application runs', async () => {
    const server = createServer(h.app.callback);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('GET /api/lms/courses HTTP/1.1\r\nHost: localhost\r\nX-Tenant-ID: def\0ault\r\n\r\n'),
        );
        let text = '';
        socket.on('data', (d: Buffer) => (text += d.toString()));
        socket.on('close', () => resolve(text));
      });
      expect(answer).to.match(/^HTTP\/1\.1 400 /);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  describe('signed webhooks', () => {
    let app: Application;
    const secret = 'mailer-webhook-secret';
    before(async () => {
      app = await extraApplication({ MAILER_WEBHOOK_SECRET: secret });
    });
    after(() => app.close());

    it('a correctly signed body holding a NUL counts as malformed: refused after the signature, nothing stored', async () => {
      const raw =
        '{"message_id":"<x@localhost>","event":"bounced","email":"a@example.test","timestamp":"2026-01-01T00:00:00Z","reason":"full\\u0000"}';
      const http = supertest(app.callback);
      const res = await http
        .post('/api/webhooks/mailer-callback')
        .set(admin.tenant.headers)
        .set('Content-Type', 'application/json')
        .set('X-Mailer-Signature', `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`)
        .send(raw);
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
      const forged = await http
        .post('/api/webhooks/mailer-callback')
        .set(admin.tenant.headers)
        .set('Content-Type', 'application/json')
        .set('X-Mailer-Signature', 'sha256=00')
        .send(raw);
      expect(forged.status).to.equal(403);
      expect((await http.get('/api/mailer-logs').set(admin.headers)).body.data.total).to.equal(0);
    });
  });
});
