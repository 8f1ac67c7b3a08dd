import { expect } from 'chai';
import { asValue } from 'awilix';
import supertest from 'supertest';
import { pino } from 'pino';
import { extraApplication, harness, type Harness } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';

describe('HTTP conventions: envelope, errors, health, docs, headers', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  it('GET /health answers status, version and a local time with a zone', async () => {
    const res = await h.http.get('/health');
    expect(res.status).to.equal(200);
    expect(res.body.status).to.equal('ok');
    expect(res.body.version).to.be.a('string');
    expect(res.body.time).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [A-Z][A-Za-z0-9+:-]*$/);
  });

  it('GET /health answers 503 degraded when the database does not answer', async () => {
    const app = await extraApplication({}, { healthCheck: asValue(async () => false) });
    try {
      const res = await supertest(app.callback).get('/health');
      expect(res.status).to.equal(503);
      expect(res.body.status).to.equal('degraded');
    } finally {
      await app.close();
    }
  });

  it('answers unknown routes and wrong methods with the envelope', async () => {
    const notFound = await h.http.get('/api/does-not-exist');
    expect(notFound.status).to.equal(404);
    expect(notFound.body).to.include({ success: false, message: 'Record not found' });
    const method = await h.http.patch('/api/settings');
    expect(method.status).to.equal(405);
    expect(method.body.success).to.equal(false);
  });

  it('gives every error a machine-readable code, and a 400 the invalid fields one by one', async () => {
    const t = await h.tenant();
    const invalid = await h.http
      .post('/api/auth/register')
      .set(t.headers)
      .send({ username: 'x', email: 'not-an-email', password: 'secret-enough', display_name: 'X' });
    expect(invalid.status).to.equal(400);
    expect(invalid.body).to.include({ success: false, message: 'Invalid parameters', code: 'VALIDATION_FAILED' });
    expect(invalid.body.fields).to.have.deep.members([
      { path: 'username', message: 'Too small: expected string to have >=3 characters' },
      { path: 'email', message: 'Invalid email address' },
    ]);
    expect(invalid.body.error).to.equal(
      invalid.body.fields.map((f: { path: string; message: string }) => `${f.path}: ${f.message}`).join('; '),
    );
    const malformed = await h.http.post('/api/auth/login').set(t.headers).set('Content-Type', 'application/json').send('{"email":');
    expect(malformed.body).to.include({ code: 'VALIDATION_FAILED' });
    expect(malformed.body.fields).to.have.length(1).and.to.have.nested.property('[0].path', 'body');
    const wrong = await h.http.post('/api/auth/login').set(t.headers).send({ email: 'nobody@example.test', password: 'whatever-it-is' });
    expect(wrong.body).to.deep.equal({ success: false, message: 'Invalid parameters', code: 'INVALID_CREDENTIALS' });
    const codes = await Promise.all([
      h.http.get('/api/does-not-exist'),
      h.http.patch('/api/settings'),
      h.http.get('/api/settings').set('X-Tenant-ID', 'no-such-tenant'),
      h.http.get('/api/user/self').set(t.headers).set('Authorization', 'Bearer not-a-token'),
    ]);
    expect(codes.map((r) => [r.status, r.body.code])).to.deep.equal([
      [404, 'NOT_FOUND'],
      [405, 'METHOD_NOT_ALLOWED'],
      [404, 'UNKNOWN_TENANT'],
      [401, 'INVALID_TOKEN'],
    ]);
  });

  it('answers malformed JSON with 400 and a body over 1 MB with 413, in the envelope', async () => {
    const t = await h.tenant();
    const malformed = await h.http.post('/api/auth/login').set(t.headers).set('Content-Type', 'application/json').send('{"email":');
    expect(malformed.status).to.equal(400);
    expect(malformed.body).to.include({ success: false, message: 'Invalid parameters' });
    const huge = await h.http
      .post('/api/auth/login')
      .set(t.headers)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(1024 * 1024 + 10) }));
    expect(huge.status).to.equal(413);
    expect(huge.body).to.include({ success: false });
  });

  it('answers an unexpected failure with a 500 envelope that leaks nothing', async () => {
    const app = await extraApplication(
      {},
      {
        getPublicSettings: asValue(async () => {
          throw new Error('secret internals at /srv/db.ts:42');
        }),
      },
    );
    try {
      const res = await supertest(app.callback).get('/api/settings');
      expect(res.status).to.equal(500);
      expect(res.body).to.deep.equal({ success: false, message: 'Internal server error', code: 'INTERNAL_ERROR' });
    } finally {
      await app.close();
    }
  });

  it('echoes a sane X-Request-Id, makes one otherwise, and sets security headers', async () => {
    const mine = await h.http.get('/api/settings').set('X-Request-Id', 'abc-123');
    expect(mine.headers['x-request-id']).to.equal('abc-123');
    const made = await h.http.get('/api/settings').set('X-Request-Id', 'bad id with spaces and {braces}');
    expect(made.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    expect(mine.headers['x-content-type-options']).to.equal('nosniff');
    expect(mine.headers['x-frame-options']).to.equal('SAMEORIGIN');
    expect(mine.headers).to.not.have.property('x-powered-by');
    // Helmet's whole set, on answers and on errors alike (an unknown route, a refused webhook, a bad tenant).
    const errors = await Promise.all([
      h.http.get('/api/does-not-exist'),
      h.http.post('/api/crm/webhooks/google').send({ google_key: 'wrong', lead_id: 'x' }),
      h.http.get('/api/settings').set('X-Tenant-ID', 'no-such-tenant'),
    ]);
    expect(errors.map((r) => r.status)).to.deep.equal([404, 403, 404]);
    for (const [i, res] of [mine, ...errors].entries()) {
      expect(res.headers, `answer ${i}`).to.include({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-site',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        vary: 'Origin',
      });
    }
  });

  it('allows CORS only from configured origins', async () => {
    const app = await extraApplication({ CORS_ORIGINS: 'https://app.example.test' });
    try {
      const http = supertest(app.callback);
      const allowed = await http
        .options('/api/settings')
        .set('Origin', 'https://app.example.test')
        .set('Access-Control-Request-Method', 'GET');
      expect(allowed.headers['access-control-allow-origin']).to.equal('https://app.example.test');
      const simple = await http.get('/api/settings').set('Origin', 'https://app.example.test');
      expect(simple.headers).to.include({
        'access-control-allow-origin': 'https://app.example.test',
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
      });
      expect(simple.headers['access-control-expose-headers']).to.include('X-Request-Id');
      const denied = await http.get('/api/settings').set('Origin', 'https://evil.example.test');
      expect(denied.headers).to.not.have.property('access-control-allow-origin');
      // No Origin: not a CORS request, but caches must still keep answers apart by Origin.
      const plain = await http.get('/api/settings');
      expect(plain.headers).to.not.have.property('access-control-allow-origin');
      expect(plain.headers.vary).to.equal('Origin');
    } finally {
      await app.close();
    }
  });

  it('lets a local front end call by default, and logs a refused preflight once with the setting to change', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const app = await extraApplication({}, {}, { logger });
    try {
      const http = supertest(app.callback);
      const dev = await http.options('/api/settings').set('Origin', 'http://localhost:5173').set('Access-Control-Request-Method', 'POST');
      expect(dev.headers['access-control-allow-origin']).to.equal('http://localhost:5173');
      for (let i = 0; i < 3; i++) {
        const refused = await http
          .options('/api/settings')
          .set('Origin', 'https://app.example.test')
          .set('Access-Control-Request-Method', 'POST');
        expect(refused.headers).to.not.have.property('access-control-allow-origin');
      }
      const logged = lines.filter((l) => l.includes('CORS preflight refused'));
      expect(logged).to.have.length(1);
      expect(logged[0]).to.include('https://app.example.test').and.to.include('CORS_ORIGINS');
    } finally {
      await app.close();
    }
  });

  it('sends / and /docs to the API reference page', async () => {
    for (const path of ['/', '/docs']) {
      const res = await h.http.get(path);
      expect(res.status, path).to.equal(302);
      expect(res.headers.location).to.equal('/api/docs');
    }
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas, and a docs page', async () => {
    const res = await h.http.get('/api/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.body.openapi).to.equal('3.1.0');
    const login = res.body.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).to.have.keys('email', 'password');
    expect(res.body.paths['/api/users/{id}/detail'].get.parameters[0]).to.include({ name: 'id', in: 'path', required: true });
    expect(res.body.paths['/api/users'].get.parameters.map((p: { name: string }) => p.name)).to.include.members([
      'page',
      'page_size',
      'role',
      'status',
      'search',
    ]);
    expect(res.body.paths['/health'].get.responses).to.have.keys('200', '503');
    const docs = await h.http.get('/api/docs');
    expect(docs.status).to.equal(200);
    expect(docs.text).to.include('swagger-ui-bundle.js');
    const asset = await h.http.get('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).to.equal(200);
    expect(asset.headers['content-type']).to.match(/javascript/);
  });

  it("describes answers: operation ids, success data schemas as shared components, and each route's own errors", async () => {
    const doc = (await h.http.get('/api/openapi.json')).body;
    const create = doc.paths['/api/lms/admin/courses'].post;
    expect(create.operationId).to.equal('createCourse');
    const data = create.responses['200'].content['application/json'].schema.properties.data;
    // A create answers what the course's GET answers: its page.
    expect(data).to.deep.equal({ $ref: '#/components/schemas/CourseDetail' });
    expect(doc.components.schemas.Course.required).to.include.members(['id', 'title', 'category', 'status', 'created_at']);
    expect(doc.components.schemas.Course.properties.created_at).to.include({ type: 'string', format: 'date-time' });
    // Its own errors (an unknown category) on top of what every admin write may answer.
    expect(create.responses['400'].description).to.include('Invalid parameters');
    expect(create.responses).to.include.keys('401', '403', '404', '413', '429');
    const outline = doc.paths['/api/lms/courses/{id}/public'].get;
    expect(outline.responses).to.not.have.keys('401');
    expect(outline.responses['404'].description).to.include('Record not found');
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap((item) => Object.values(item).map((op) => op.operationId))
      .filter(Boolean);
    expect(new Set(ids).size, 'operation ids are unique').to.equal(ids.length);
  });

  it('gives every operation an operation id and a schema of its success answer', async () => {
    const doc = (await h.http.get('/api/openapi.json')).body;
    const missing: string[] = [];
    for (const [path, item] of Object.entries(
      doc.paths as Record<
        string,
        Record<
          string,
          { operationId?: string; responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> }
        >
      >,
    )) {
      for (const [method, op] of Object.entries(item)) {
        // A redirect (/ and /docs to the reference page) describes where it sends.
        if (op.responses['302']) {
          if (!op.operationId || !(op.responses['302'] as { headers?: { Location?: unknown } }).headers?.Location)
            missing.push(`${method.toUpperCase()} ${path} (redirect without Location)`);
          continue;
        }
        const success = op.responses['200'] ?? op.responses['202'];
        const content = Object.entries(success?.content ?? {});
        // A JSON answer describes its `data` (an acknowledgement: an explicit null with a description); a raw one its body.
        const described =
          content.length > 0 &&
          content.every(([type, media]) => {
            const schema =
              type === 'application/json' && !path.startsWith('/health') && path !== '/api/openapi.json'
                ? (media.schema?.properties as Record<string, Record<string, unknown>> | undefined)?.data
                : media.schema;
            return schema !== undefined && Object.keys(schema).length > 0;
          });
        if (!op.operationId || !described)
          missing.push(
            `${method.toUpperCase()} ${path}${op.operationId ? '' : ' (no operationId)'}${described ? '' : ' (no success schema)'}`,
          );
      }
    }
    expect(missing).to.deep.equal([]);
  });

  it('declares X-Tenant-ID on every tenant-scoped operation, no security on public ones, and error codes', async () => {
    const doc = (await h.http.get('/api/openapi.json')).body;
    expect(doc.components.parameters.TenantId).to.include({ name: 'X-Tenant-ID', in: 'header', required: false });
    type Op = { operationId: string; parameters?: { $ref?: string }[]; security?: unknown[]; description?: string };
    const ops = Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(([path, item]) =>
      Object.values(item).map((op) => ({ path, op })),
    );
    // Webhooks and the mailed links' pages, whose tenant is their proof, the health probes, metrics and the redirects to the docs read no tenant.
    const untenanted = new Set([
      'verifyMetaWebhook',
      'receiveMetaLeadWebhook',
      'receiveGoogleLeadWebhook',
      'receivePaymentNotification',
      'getResetPasswordPage',
      'submitResetPasswordPage',
      'getParentInvitationPage',
      'submitParentInvitationPage',
      'getHealth',
      'getReadiness',
      'getLiveness',
      'getMetrics',
      'redirectRootToDocs',
      'redirectDocsToApiDocs',
    ]);
    const withoutHeader = ops.filter(
      ({ op }) => !untenanted.has(op.operationId) && !op.parameters?.some((p) => p.$ref === '#/components/parameters/TenantId'),
    );
    expect(withoutHeader.map(({ op }) => op.operationId)).to.deep.equal([]);
    expect(ops.filter(({ op }) => untenanted.has(op.operationId) && op.parameters?.some((p) => p.$ref))).to.deep.equal([]);
    const unsecured = ops.filter(({ op }) => op.security === undefined);
    expect(unsecured.map(({ op }) => op.operationId)).to.deep.equal([]);
    expect(doc.paths['/api/auth/login'].post.security).to.deep.equal([]);
    expect(doc.paths['/api/user/self'].get.security).to.deep.equal([{ bearer: [] }, { session: [] }]);
    // Paths that differ only by a parameter's name are one path to a client.
    const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((p, i) => shapes.indexOf(p) !== i)).to.deep.equal([]);
    expect(doc.components.schemas.Error.required).to.include.members(['success', 'message', 'code']);
    expect(doc.paths['/api/auth/login'].post.responses['400'].content['application/json'].examples).to.include.keys(
      'VALIDATION_FAILED',
      'INVALID_CREDENTIALS',
    );
  });

  it('never rate-limits the docs page, its assets or the document', async () => {
    const app = await extraApplication({ RATE_LIMIT_GLOBAL: '2' });
    try {
      const http = h.agent(app);
      for (let i = 0; i < 3; i++) {
        for (const path of [
          '/api/docs',
          '/api/docs/init.js',
          '/api/docs/assets/swagger-ui.css',
          '/api/docs/assets/swagger-ui-bundle.js',
          '/api/openapi.json',
        ]) {
          expect((await http.get(path)).status, path).to.equal(200);
        }
      }
      const limited = await http.get('/api/settings');
      await http.get('/api/settings');
      const third = await http.get('/api/settings');
      expect([limited.status, third.status], 'the API itself is still limited').to.deep.equal([200, 429]);
    } finally {
      await app.close();
    }
  });

  it('filters the audit log by action, actor and dates (inclusive days)', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    await h.http.post('/api/auth/login').set(t.headers).send({ email: student.email, password: 'wrong password' }).expect(400);
    const failed = await h.http.get('/api/audit-logs').query({ action: 'auth.login_failed' }).set(admin.headers);
    expect(failed.body.data.total).to.equal(1);
    expect(failed.body.data.items[0]).to.include({ action: 'auth.login_failed', resource_id: student.id });
    expect(failed.body.data.items[0].metadata).to.include({ reason: 'INVALID_CREDENTIALS' });
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await h.http
      .get('/api/audit-logs')
      .query({ start_date: today, end_date: today, action: 'auth.login_failed' })
      .set(admin.headers);
    expect(inRange.body.data.total).to.equal(1);
    const future = await h.http.get('/api/audit-logs').query({ start_date: '2999-01-01', action: 'auth.login_failed' }).set(admin.headers);
    expect(future.body.data.total).to.equal(0);
    expect((await h.http.get('/api/audit-logs').query({ start_date: 'yesterday' }).set(admin.headers)).status).to.equal(400);
    expect((await h.http.get('/api/audit-logs').set(student.headers)).status).to.equal(403);
  });

  it('lists the mail outbox (Admin) newest first, filtered by recipient', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    await h.http.put('/api/settings').set(admin.headers).send({ EmailVerificationEnabled: true }).expect(200);
    await h.http.post('/api/auth/verification-code').set(t.headers).send({ email: 'one@example.test' }).expect(200);
    await h.http.post('/api/auth/verification-code').set(t.headers).send({ email: 'two@example.test' }).expect(200);
    await h.jobsIdle();
    const all = await h.http.get('/api/email/outbox').set(admin.headers);
    expect(all.body.data.items.map((m: { to: string }) => m.to)).to.deep.equal(['two@example.test', 'one@example.test']);
    expect(all.body.data.items[0]).to.include({ status: 'stored', template: 'verification_code' });
    const one = await h.http.get('/api/email/outbox').query({ to: 'one@example.test' }).set(admin.headers);
    expect(one.body.data.total).to.equal(1);
  });

  it('answers a role-shaped dashboard overview', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const mine = await h.http.get('/api/dashboard/overview').set(student.headers);
    expect(mine.status).to.equal(200);
    expect(mine.body.data.account.user.id).to.equal(student.id);
    expect(mine.body.data.account).to.not.have.property('users');
    const theirs = await h.http.get('/api/dashboard/overview').set(admin.headers);
    expect(theirs.body.data.account.users).to.include({ total: 2, students: 1, admins: 1 });
  });
});
