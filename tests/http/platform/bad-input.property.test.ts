import { expect } from 'chai';
import fc from 'fast-check';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';

/**
 * Property tests over the JSON bodies of the main endpoints (issue 9 §6): whatever arrives —
 * random shapes, huge strings, deep nesting, wrong types, near-valid bodies — the answer is 2xx
 * or 4xx, never 5xx, in the envelope; and a 4xx changes nothing.
 */
const anyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.string({ maxLength: 40 }), fc.string({ minLength: 2000, maxLength: 20_000 }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('value'), { maxKeys: 5 }),
  ),
})).value;

const deep = fc.integer({ min: 50, max: 3000 }).map((n) => {
  let v: unknown = 'leaf';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
});

/** A body with the endpoint's own keys, each set to anything: gets past "wrong shape" into the fields. */
const nearValid = (keys: string[]) => fc.record(Object.fromEntries(keys.map((k) => [k, anyJson])), { requiredKeys: [] });

const bodies = (keys: string[]) => fc.oneof(anyJson, deep, nearValid(keys), nearValid(keys).map((b) => ({ ...b, extra: 'x'.repeat(5000) })));

describe('property: bad input never makes a 5xx and a refused request changes nothing', function () {
  this.timeout(180_000);
  let h: Harness;
  let admin: TestUser;
  let student: TestUser;
  before(async () => {
    h = await harness();
    const t = await h.tenant();
    admin = await h.user(t, Role.Admin);
    student = await h.user(t);
  });

  const count = async (table: string, where: Record<string, unknown>) => Number(((await h.app.db.knex(table).where(where).count({ n: '*' }).first()) as { n: number }).n);

  const endpoints: Array<{ name: string; method: 'post' | 'put'; path: () => string; headers: () => Record<string, string>; keys: string[]; snapshot: () => Promise<unknown> }> = [
    { name: 'login', method: 'post', path: () => '/api/auth/login', headers: () => admin.tenant.headers, keys: ['email', 'password'], snapshot: () => count('logins', { tenant_id: admin.tenant.id }) },
    { name: 'register', method: 'post', path: () => '/api/auth/register', headers: () => admin.tenant.headers, keys: ['username', 'email', 'password', 'display_name', 'verification_code'], snapshot: () => count('users', { tenant_id: admin.tenant.id }) },
    { name: 'refresh', method: 'post', path: () => '/api/auth/refresh', headers: () => admin.tenant.headers, keys: ['refresh_token'], snapshot: () => count('refresh_tokens', {}) },
    { name: 'profile', method: 'put', path: () => '/api/user/self', headers: () => student.headers, keys: ['display_name', 'avatar'], snapshot: async () => h.app.db.knex('users').where({ id: student.id }).first('display_name', 'avatar', 'role', 'status') },
    { name: 'create user', method: 'post', path: () => '/api/users', headers: () => admin.headers, keys: ['name', 'email', 'password', 'role', 'status'], snapshot: () => count('users', { tenant_id: admin.tenant.id }) },
    { name: 'settings', method: 'put', path: () => '/api/settings', headers: () => admin.headers, keys: ['RegisterEnabled', 'SiteName', 'SMTPPassword', 'EmailVerificationEnabled'], snapshot: async () => h.app.db.knex('settings').where({ tenant_id: admin.tenant.id }).orderBy('key').select('key', 'value') },
    { name: 'course', method: 'post', path: () => '/api/lms/admin/courses', headers: () => admin.headers, keys: ['title', 'description', 'category_id', 'difficulty', 'price', 'cover_image', 'status'], snapshot: () => count('courses', { tenant_id: admin.tenant.id }) },
    { name: 'lead', method: 'post', path: () => '/api/crm/leads', headers: () => admin.headers, keys: ['name', 'phone', 'email', 'city', 'region', 'category', 'value', 'external_id', 'provider', 'answers'], snapshot: () => count('crm_leads', { tenant_id: admin.tenant.id }) },
    { name: 'automation', method: 'put', path: () => '/api/crm/automation', headers: () => admin.headers, keys: ['mode', 'members', 'fallback_user_id'], snapshot: () => h.app.db.knex('crm_automation_rules').where({ tenant_id: admin.tenant.id }).first() },
  ];

  for (const e of endpoints) {
    it(`${e.method.toUpperCase()} ${e.path()} (${e.name})`, async () => {
      await fc.assert(
        fc.asyncProperty(bodies(e.keys), async (body) => {
          const before = await e.snapshot();
          const res = await h.http[e.method](e.path()).set(e.headers()).set('Content-Type', 'application/json').send(JSON.stringify(body));
          expect(res.status, JSON.stringify(res.body)).to.be.within(200, 499);
          expect(res.body.success, JSON.stringify(res.body)).to.equal(res.status < 400);
          if (res.status >= 400) expect(await e.snapshot(), `${res.status} ${res.body.message}`).to.deep.equal(before);
        }),
        { numRuns: 40 },
      );
    });
  }

  it('answers a JSON body over 1 MB with 413 and stores nothing', async () => {
    const before = await count('crm_leads', { tenant_id: admin.tenant.id });
    const res = await h.http.post('/api/crm/leads').set(admin.headers).set('Content-Type', 'application/json').send(JSON.stringify({ name: 'x', notes: 'y'.repeat(1024 * 1024) }));
    expect(res.status).to.equal(413);
    expect(res.body.success).to.equal(false);
    expect(await count('crm_leads', { tenant_id: admin.tenant.id })).to.equal(before);
  });
});
