import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import supertest from 'supertest';
import { harness, type Harness } from '../../support/harness.js';
import { seedTenant, SEED_PASSWORD, type SeedSummary } from '../../../scripts/seed.js';
import { benchEndpoints, type EndpointSetup } from '../../../bench/endpoints.js';
import { plainOnApplication } from '../../../bench/plain.js';

type Json = Record<string, unknown>;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The bench's plain baseline (bench/plain.ts) answers what ours answers: the same bytes for the
 * reads, the same shape and one row each for the writes, and the same refusals. Otherwise its
 * figures would be a target for a different service.
 */
describe('bench: the plain baseline answers what ours answers', function () {
  this.timeout(120_000);
  let h: Harness;
  let seed: SeedSummary;
  let setups: Map<string, EndpointSetup>;
  let ours: ReturnType<typeof supertest>;
  let plain: ReturnType<typeof supertest>;
  let close: () => Promise<void>;
  let redis: Redis | null = null;
  const enqueued: Array<{ tenantId: string; deliveryId: string }> = [];

  before(async () => {
    h = await harness();
    const knex = h.app.db.knex;
    seed = await seedTenant(knex, 0.1, `plain-${randomUUID().slice(0, 6)}`);
    ours = supertest(h.app.callback);
    const list = await benchEndpoints({ http: ours, seed, tenantHeader: { 'X-Tenant-ID': seed.tenant }, password: SEED_PASSWORD, knex });
    setups = new Map(list.map((s) => [s.name, s]));
    redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
    const built = plainOnApplication(h.app, {
      redis,
      prefix: `plain-test-${randomUUID().slice(0, 8)}`,
      enqueue: async (tenantId, deliveryId) => void enqueued.push({ tenantId, deliveryId }),
    });
    plain = supertest(built.app.callback());
    close = built.close;
  });
  after(async () => {
    await close?.();
    redis?.disconnect();
  });

  const send = (agent: ReturnType<typeof supertest>, s: EndpointSetup, path = s.path, body = s.body) => {
    const req = s.method === 'get' ? agent.get(path) : agent.post(path);
    req.set(s.headers);
    return body === undefined ? req : req.send(body);
  };

  it('the catalogue: byte-equal pages (first, second, a middle page with the capped count and a cursor, past the end)', async () => {
    const s = setups.get('courses')!;
    for (const path of [
      '/api/lms/courses?page=1',
      '/api/lms/courses?page=2',
      '/api/lms/courses?page=2&page_size=3',
      '/api/lms/courses?page=9',
    ]) {
      const [a, b] = [await send(ours, s, path), await send(plain, s, path)];
      expect(a.status, a.text).to.equal(200);
      expect(b.status, `${path}: ${b.text}`).to.equal(200);
      expect(b.text, path).to.equal(a.text);
    }
    const middle = await send(plain, s, '/api/lms/courses?page=2&page_size=3');
    expect((middle.body as { data: Json }).data.next_cursor, 'a page with more after it').to.be.a('string');
  });

  it('the course page of an enrolled student: byte-equal, with the same headers', async () => {
    const s = setups.get('course')!;
    const first = await send(ours, s);
    expect(first.status, first.text).to.equal(200);
    expect(await send(plain, s).then((r) => r.text)).to.equal(first.text);
    // With lesson progress too: per-lesson status, completed count, the last lesson touched.
    const lessons = (first.body.data.modules as Array<{ lessons: Array<{ id: string }> }>).flatMap((m) => m.lessons);
    for (const [lesson, status] of [
      [lessons[0]!, 'completed'],
      [lessons[1]!, 'in_progress'],
    ] as const) {
      const res = await ours.post('/api/lms/progress').set(s.headers).send({ lesson_id: lesson.id, status });
      expect(res.status, res.text).to.equal(200);
    }
    const [a, b] = [await send(ours, s), await send(plain, s)];
    expect(a.status, a.text).to.equal(200);
    expect(b.status, b.text).to.equal(200);
    expect(b.text).to.equal(a.text);
    const data = (b.body as { data: Json }).data;
    expect(data.enrolled).to.equal(true);
    expect(data.progress).to.include({ completed_lessons: 1, last_lesson_id: lessons[1]!.id });
    const security = [
      'x-content-type-options',
      'x-frame-options',
      'strict-transport-security',
      'cross-origin-resource-policy',
      'referrer-policy',
    ];
    for (const name of [...security, 'x-ratelimit-limit']) expect(b.headers[name], name).to.equal(a.headers[name]);
    expect(b.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    expect(Number(b.headers['x-ratelimit-remaining'])).to.be.a('number').and.not.NaN;
  });

  it('the course page refuses what ours refuses: no token, a bad one, another tenant, an unknown course', async () => {
    const s = setups.get('course')!;
    const other = await h.tenant();
    const cases: Array<[string, Record<string, string>, string]> = [
      ['no token', { 'X-Tenant-ID': seed.tenant }, s.path],
      ['a forged token', { ...s.headers, Authorization: `${s.headers.Authorization!.slice(0, -3)}abc` }, s.path],
      ['another tenant', { ...s.headers, 'X-Tenant-ID': other.slug }, s.path],
      ['an unknown course', s.headers, `/api/lms/courses/${randomUUID()}`],
      ['an unknown tenant', { ...s.headers, 'X-Tenant-ID': 'no-such-tenant' }, s.path],
    ];
    for (const [what, headers, path] of cases) {
      const [a, b] = [await ours.get(path).set(headers), await plain.get(path).set(headers)];
      expect(a.status, what).to.be.within(400, 499);
      expect([b.status, b.body.code], what).to.deep.equal([a.status, a.body.code]);
      expect(b.body.success, what).to.equal(false);
    }
  });

  it('one answer saved: the same shape, one row each, and the same refusals', async () => {
    const s = setups.get('answer')!;
    const attemptId = s.path.split('/')[4]!;
    const knex = h.app.db.knex;
    const row = (await knex('quiz_attempts').where({ id: attemptId }).first('questions')) as { questions: unknown };
    const questions = (typeof row.questions === 'string' ? JSON.parse(row.questions) : row.questions) as Array<{
      id: string;
      options: Array<{ id: string }>;
    }>;
    expect(questions.length, 'the attempt has two questions at least').to.be.greaterThan(1);
    const q = questions[1]!;
    const count = async () => Number(((await knex('quiz_answers').where({ attemptId }).count({ n: '*' }).first()) as { n: unknown }).n);

    const before = await count();
    const a = await send(ours, s);
    expect(a.status, a.text).to.equal(200);
    expect(await count()).to.equal(before + 1);
    const body = JSON.stringify({ question_id: q.id, answer: [q.options[0]!.id] });
    const b = await send(plain, s, s.path, body);
    expect(b.status, b.text).to.equal(200);
    expect(await count()).to.equal(before + 2);
    expect(Object.keys(b.body)).to.deep.equal(Object.keys(a.body));
    expect(Object.keys(b.body.data)).to.deep.equal(Object.keys(a.body.data));
    expect(b.body.message).to.equal(a.body.message);
    expect(b.body.data).to.include({ attempt_id: attemptId, question_id: q.id });
    expect(b.body.data.answer).to.deep.equal([q.options[0]!.id]);
    expect(b.body.data.answered_at).to.match(ISO);
    expect(a.body.data.answered_at).to.match(ISO);
    const saved = (await knex('quiz_answers').where({ attemptId, questionId: q.id }).first('answer')) as { answer: unknown };
    expect(typeof saved.answer === 'string' ? JSON.parse(saved.answer) : saved.answer).to.deep.equal([q.options[0]!.id]);

    // A question of another quiz, an option of another question, another user's token: refused alike, nothing written.
    const refusals: Array<[string, string, Record<string, string>]> = [
      ['a foreign question', JSON.stringify({ question_id: randomUUID(), answer: [q.options[0]!.id] }), s.headers],
      ['a foreign option', JSON.stringify({ question_id: q.id, answer: [randomUUID()] }), s.headers],
      ['no body', '{', s.headers],
      ['no token', body, { 'X-Tenant-ID': seed.tenant, 'Content-Type': 'application/json' }],
    ];
    for (const [what, text, headers] of refusals) {
      const [x, y] = [await ours.post(s.path).set(headers).send(text), await plain.post(s.path).set(headers).send(text)];
      expect(x.status, what).to.be.within(400, 499);
      expect(y.status, `${what}: ${y.text}`).to.equal(x.status);
      expect(y.body.code, what).to.equal(x.body.code);
    }
    expect(await count()).to.equal(before + 2);
  });

  it('the Google webhook: the same answer, one delivery each with the key redacted, one enqueue; a wrong key refused alike', async () => {
    const s = setups.get('google')!;
    const knex = h.app.db.knex;
    const lead = (id: string) => JSON.stringify({ ...(JSON.parse(s.body!) as Json), lead_id: id });
    const [oursLead, plainLead] = [`ours-${randomUUID()}`, `plain-${randomUUID()}`];
    const a = await send(ours, s, s.path, lead(oursLead));
    const b = await send(plain, s, s.path, lead(plainLead));
    expect(a.status, a.text).to.equal(200);
    expect(b.status, b.text).to.equal(200);
    expect(b.text).to.equal(a.text);
    const rows = await knex<Json>('crm_webhook_deliveries').whereIn('external_id', [oursLead, plainLead]).select('*');
    expect(rows).to.have.length(2);
    const [o, p] = [rows.find((r) => r.externalId === oursLead)!, rows.find((r) => r.externalId === plainLead)!];
    // Ours' row may already have been taken by the test run's worker: the columns as inserted are compared.
    const same = ({ status: _s, attempts: _a, leadId: _l, processedAt: _p, ...r }: Json, id: string) => ({
      ...r,
      id: typeof r.id,
      externalId: 'lead',
      rawBody: String(r.rawBody).replace(id, 'lead'),
      payload: JSON.parse(JSON.stringify(r.payload).replace(id, 'lead')) as unknown,
      receivedAt: r.receivedAt instanceof Date,
      updatedAt: r.updatedAt instanceof Date,
    });
    expect(same(p, plainLead)).to.deep.equal(same(o, oursLead));
    expect(p).to.include({ status: 'pending', attempts: 0, leadId: null, processedAt: null });
    expect(String(p.rawBody)).to.include('[redacted]');
    expect(enqueued).to.deep.equal([{ tenantId: seed.tenantId, deliveryId: p.id }]);

    const wrongLead = `wrong-${randomUUID()}`;
    const wrong = lead(wrongLead).replace(/"google_key":"[^"]+"/, `"google_key":"${'x'.repeat(40)}"`);
    const [x, y] = [await send(ours, s, s.path, wrong), await send(plain, s, s.path, wrong)];
    expect([y.status, y.body.code]).to.deep.equal([x.status, x.body.code]);
    expect(x.status).to.equal(403);
    expect(await knex('crm_webhook_deliveries').where({ externalId: wrongLead }).select('id')).to.deep.equal([]);
    expect(enqueued).to.have.length(1);
  });
});
