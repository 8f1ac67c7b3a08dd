import { createHmac, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import supertest from 'supertest';
import { Role } from '../../../domain/identity/role.js';
import { extraApplication, harness, type Harness, type TestTenant } from '../../support/harness.js';
import type { Application } from '../../../composition/container.js';

/** Many users at once, straight into the table (h.user opens a session per user). */
async function bulkUsers(h: Harness, tenant: TestTenant, n: number, role: number = Role.Student): Promise<string[]> {
  const now = new Date();
  const rows = Array.from({ length: n }, (_, i) => {
    const id = randomUUID();
    return {
      id,
      tenantId: tenant.id,
      username: `b${id.slice(0, 8)}`,
      email: `bulk-${i}-${id.slice(0, 6)}@example.test`,
      displayName: `Bulk ${i}`,
      role,
      status: 1,
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let i = 0; i < rows.length; i += 250) await h.app.db.knex<Record<string, unknown>>('users').insert(rows.slice(i, i + 250));
  return rows.map((r) => r.id);
}

const sign = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe('HTTP mail: broadcasts', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('a broadcast to 1,000 users answers 202 at once and completes through the job queue in batches of 100', async function () {
    this.timeout(120_000);
    const tenant = await h.tenant();
    const admin = await h.user(tenant, Role.Admin);
    await bulkUsers(h, tenant, 999);
    const res = await h.http
      .post('/api/email/send-broadcast')
      .set(admin.headers)
      .send({ subject: 'Hello {{name}}', text: 'News for {{email}}.' });
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    expect(res.body.success).to.equal(true);
    expect(res.body.data).to.include({ recipients: 1000 });
    const id = res.body.data.broadcast_id as string;

    await h.jobsIdle(110_000);
    const progress = await h.http.get(`/api/email/broadcasts/${id}`).set(admin.headers);
    expect(progress.status).to.equal(200);
    expect(progress.body.data).to.include({
      status: 'completed',
      recipients: 1000,
      batches: 10,
      batch_size: 100,
      pending: 0,
      queued: 1000,
      sent: 1000,
      failed: 0,
    });
    expect(progress.body.data.completed_at).to.be.a('string');
    const outbox = await h.http.get('/api/email/outbox?page_size=1').set(admin.headers);
    expect(outbox.body.data.total).to.equal(1000);
    const one = await h.mailsTo(tenant, admin.email);
    expect(one).to.have.length(1);
    expect(one[0]).to.include({ subject: `Hello ${admin.user.displayName}`, template: 'broadcast', text: `News for ${admin.email}.` });
  });

  it('targets roles and user ids (union), only active users; refuses an empty audience and a missing body', async () => {
    const tenant = await h.tenant();
    const admin = await h.user(tenant, Role.Admin);
    const mentor = await h.user(tenant, Role.Mentor);
    const student = await h.user(tenant, Role.Student);
    const [inactive] = await bulkUsers(h, tenant, 1, Role.Mentor);
    await h.app.db.knex('users').where({ id: inactive }).update({ status: 2 });
    const res = await h.http
      .post('/api/email/send-broadcast')
      .set(admin.headers)
      .send({ subject: 'Staff', html: '<p>Hi</p>', roles: [30], user_ids: [student.id] });
    expect(res.status).to.equal(202);
    expect(res.body.data.recipients).to.equal(2);
    await h.jobsIdle();
    expect(await h.mailsTo(tenant, mentor.email)).to.have.length(1);
    expect(await h.mailsTo(tenant, student.email)).to.have.length(1);
    expect(await h.mailsTo(tenant, admin.email)).to.have.length(0);

    const empty = await h.http
      .post('/api/email/send-broadcast')
      .set(admin.headers)
      .send({ subject: 'x', text: 'y', user_ids: [randomUUID()] });
    expect(empty.status).to.equal(400);
    expect(empty.body).to.include({ code: 'NO_RECIPIENTS', message: 'No active user matches the broadcast audience' });
    // The document lists it, as it lists every code the route's use case returns (it once did not).
    const doc = (await h.http.get('/api/openapi.json')).body;
    expect(doc.paths['/api/email/send-broadcast'].post.responses['400'].content['application/json'].examples).to.have.property(
      'NO_RECIPIENTS',
    );
    expect((await h.http.post('/api/email/send-broadcast').set(admin.headers).send({ subject: 'x' })).status).to.equal(400);
    expect(
      (
        await h.http
          .post('/api/email/send-broadcast')
          .set(admin.headers)
          .send({ subject: 'x', text: 'y', roles: [7] })
      ).status,
    ).to.equal(400);
    expect((await h.http.post('/api/email/send-broadcast').set(student.headers).send({ subject: 'x', text: 'y' })).status).to.equal(403);
    expect(
      (await h.http.get(`/api/email/broadcasts/${res.body.data.broadcast_id}`).set((await h.user(await h.tenant(), Role.Admin)).headers))
        .status,
    ).to.equal(404);
  });
});

describe('HTTP mail: delivery callbacks and mailer logs', () => {
  let h: Harness;
  let app: Application;
  const secret = 'mailer-webhook-secret';
  before(async () => {
    h = await harness();
    app = await extraApplication({ MAILER_WEBHOOK_SECRET: secret });
  });
  after(() => app.close());

  it('403 while MAILER_WEBHOOK_SECRET is unset, and for a bad or missing signature; nothing stored', async () => {
    const tenant = await h.tenant();
    const admin = await h.user(tenant, Role.Admin);
    const raw = JSON.stringify({
      message_id: '<x@localhost>',
      event: 'delivered',
      email: 'a@example.test',
      timestamp: '2026-01-01T00:00:00Z',
    });
    const unset = await h.http
      .post('/api/webhooks/mailer-callback')
      .set(tenant.headers)
      .set('Content-Type', 'application/json')
      .set('X-Mailer-Signature', sign(secret, raw))
      .send(raw);
    expect(unset.status).to.equal(403);
    const http = supertest(app.callback);
    for (const header of [sign('wrong', raw), 'sha256=abc', '']) {
      const res = await http
        .post('/api/webhooks/mailer-callback')
        .set(tenant.headers)
        .set('Content-Type', 'application/json')
        .set('X-Mailer-Signature', header)
        .send(raw);
      expect(res.status, header).to.equal(403);
    }
    expect((await http.get('/api/mailer-logs').set(admin.headers)).body.data.total).to.equal(0);
  });

  it('stores signed callbacks once, in the tenant of the mail; logs, stats and detail; non-admins see only their own address', async () => {
    const tenant = await h.tenant();
    const admin = await h.user(tenant, Role.Admin);
    const student = await h.user(tenant, Role.Student);
    const other = await h.user(tenant, Role.Student);
    // A real mail of ours to the student (its Message-ID names the tenant).
    await h.http
      .post('/api/email/send-broadcast')
      .set(admin.headers)
      .send({ subject: 'Hi', text: 'x', user_ids: [student.id] })
      .expect(202);
    await h.jobsIdle();
    const [mail] = await h.mailsTo(tenant, student.email);
    const http = supertest(app.callback);
    const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const raw = JSON.stringify(body);
      return http
        .post('/api/webhooks/mailer-callback')
        .set(headers)
        .set('Content-Type', 'application/json')
        .set('X-Mailer-Signature', sign(secret, raw))
        .send(raw);
    };
    // No tenant header: the Message-ID finds the tenant.
    const delivered = await post({
      message_id: mail!.messageId,
      event: 'delivered',
      email: student.email,
      timestamp: '2026-01-01T10:00:00Z',
    });
    expect(delivered.status, JSON.stringify(delivered.body)).to.equal(200);
    expect(delivered.body.data).to.include({ event: 'delivered', email: student.email, mail_id: mail!.id, duplicate: false });
    const replay = await post({ message_id: mail!.messageId, event: 'delivered', email: student.email, timestamp: '2026-01-01T10:00:00Z' });
    expect(replay.body.data.duplicate).to.equal(true);
    await post({ message_id: mail!.messageId, event: 'opened', email: student.email, timestamp: 1767261600 });
    await post(
      { message_id: '<elsewhere@mailer>', event: 'bounced', email: other.email, timestamp: '2026-01-01T11:00:00Z', reason: 'mailbox full' },
      tenant.headers,
    );
    expect(
      (await post({ message_id: 'm', event: 'exploded', email: other.email, timestamp: '2026-01-01T11:00:00Z' }, tenant.headers)).status,
    ).to.equal(400);

    const logs = await http.get('/api/mailer-logs').set(admin.headers);
    expect(logs.body.data.total).to.equal(3);
    expect((await http.get('/api/mailer-logs?event=bounced').set(admin.headers)).body.data.items[0]).to.include({
      reason: 'mailbox full',
      email: other.email,
    });
    const stats = await http.get('/api/mailer-logs/stats').set(admin.headers);
    expect(stats.body.data).to.deep.equal({
      total: 3,
      by_event: { delivered: 1, opened: 1, clicked: 0, bounced: 1, complained: 0, failed: 0 },
    });

    const mine = await http.get('/api/mailer-logs').set(student.headers);
    expect(mine.body.data.total).to.equal(2);
    expect(mine.body.data.items.every((e: { email: string }) => e.email === student.email)).to.equal(true);
    expect((await http.get(`/api/mailer-logs?email=${encodeURIComponent(other.email)}`).set(student.headers)).body.data.total).to.equal(0);
    expect((await http.get('/api/mailer-logs/stats').set(student.headers)).body.data.total).to.equal(2);
    const bounceId = (await http.get('/api/mailer-logs?event=bounced').set(admin.headers)).body.data.items[0].id;
    expect((await http.get(`/api/mailer-logs/${bounceId}`).set(admin.headers)).status).to.equal(200);
    expect((await http.get(`/api/mailer-logs/${bounceId}`).set(student.headers)).status).to.equal(404);
    expect((await http.get(`/api/mailer-logs/${bounceId}`).set(other.headers)).status).to.equal(200);
    expect((await http.get('/api/mailer-logs')).status).to.equal(401);
  });
});
