import { expect } from 'chai';
import fc from 'fast-check';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';

/**
 * Property tests over the JSON bodies of the main endpoints (issue 9 §6): whatever arrives —
 * random shapes, huge strings, deep nesting, wrong types, near-valid bodies — the answer is 2xx
 * or 4xx, never 5xx, in the envelope; and a 4xx changes nothing. Text PostgreSQL cannot take
 * (NUL, unpaired surrogates) is always 400 `Invalid parameters` (issue 16 §3).
 */
const anyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 40 }),
    fc.string({ minLength: 2000, maxLength: 20_000 }),
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

const bodies = (keys: string[]) =>
  fc.oneof(
    anyJson,
    deep,
    nearValid(keys),
    nearValid(keys).map((b) => ({ ...b, extra: 'x'.repeat(5000) })),
  );

/**
 * Text with a NUL or an unpaired surrogate somewhere (issue 16 §3). Both sides are well-formed,
 * so the inserted unit stays unpaired: a high one is followed by a high one or by none, a low
 * one preceded by a low one or by none.
 */
const badUnit = fc.oneof(
  fc.constant('\0'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((u) => String.fromCharCode(u)),
);
const badText = fc
  .tuple(fc.string({ unit: 'grapheme', maxLength: 20 }), badUnit, fc.string({ unit: 'grapheme', maxLength: 20 }))
  .map(([a, bad, b]) => a + bad + b);

/** The string, a key holding it, or either nested in arrays and objects. */
const holding = (text: string, where: number, depth: number): unknown => {
  let v: unknown = where === 0 ? text : { [text]: 'x' };
  for (let i = 0; i < depth; i++) v = i % 2 ? [1, v] : { inner: v };
  return v;
};

/** A near-valid body with one of its fields (or a field of its own) holding bad text. */
const bodiesWithBadText = (keys: string[]) =>
  fc
    .tuple(nearValid(keys), fc.constantFrom(...keys, 'extra'), badText, fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 4 }))
    .map(([body, key, text, where, depth]) => ({ ...body, [key]: holding(text, where, depth) }));

/** Percent-encoding as a browser would send the code units, lone surrogates as their three (non UTF-8) bytes. */
const percentEncoded = (s: string): string =>
  [...s]
    .map((ch) => {
      const u = ch.charCodeAt(0);
      if (ch.length > 1 || u < 0xd800 || u > 0xdfff) return encodeURIComponent(ch);
      return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .join('');

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

  const count = async (table: string, where: Record<string, unknown>) =>
    Number(((await h.app.db.knex(table).where(where).count({ n: '*' }).first()) as { n: number }).n);

  const endpoints: Array<{
    name: string;
    method: 'post' | 'put';
    path: () => string;
    headers: () => Record<string, string>;
    keys: string[];
    snapshot: () => Promise<unknown>;
  }> = [
    {
      name: 'login',
      method: 'post',
      path: () => '/api/auth/login',
      headers: () => admin.tenant.headers,
      keys: ['email', 'password'],
      snapshot: () => count('logins', { tenant_id: admin.tenant.id }),
    },
    {
      name: 'register',
      method: 'post',
      path: () => '/api/auth/register',
      headers: () => admin.tenant.headers,
      keys: ['username', 'email', 'password', 'display_name', 'verification_code'],
      snapshot: () => count('users', { tenant_id: admin.tenant.id }),
    },
    {
      name: 'refresh',
      method: 'post',
      path: () => '/api/auth/refresh',
      headers: () => admin.tenant.headers,
      keys: ['refresh_token'],
      snapshot: () => count('refresh_tokens', {}),
    },
    {
      name: 'profile',
      method: 'put',
      path: () => '/api/user/self',
      headers: () => student.headers,
      keys: ['display_name', 'avatar'],
      snapshot: async () => h.app.db.knex('users').where({ id: student.id }).first('display_name', 'avatar', 'role', 'status'),
    },
    {
      name: 'create user',
      method: 'post',
      path: () => '/api/users',
      headers: () => admin.headers,
      keys: ['name', 'email', 'password', 'role', 'status'],
      snapshot: () => count('users', { tenant_id: admin.tenant.id }),
    },
    {
      name: 'settings',
      method: 'put',
      path: () => '/api/settings',
      headers: () => admin.headers,
      keys: ['RegisterEnabled', 'SiteName', 'SMTPPassword', 'EmailVerificationEnabled'],
      snapshot: async () => h.app.db.knex('settings').where({ tenant_id: admin.tenant.id }).orderBy('key').select('key', 'value'),
    },
    {
      name: 'course',
      method: 'post',
      path: () => '/api/lms/admin/courses',
      headers: () => admin.headers,
      keys: ['title', 'description', 'category_id', 'difficulty', 'price', 'cover_image', 'status'],
      snapshot: () => count('courses', { tenant_id: admin.tenant.id }),
    },
    {
      name: 'lead',
      method: 'post',
      path: () => '/api/crm/leads',
      headers: () => admin.headers,
      keys: ['name', 'phone', 'email', 'city', 'region', 'category', 'value', 'external_id', 'provider', 'answers'],
      snapshot: () => count('crm_leads', { tenant_id: admin.tenant.id }),
    },
    {
      name: 'automation',
      method: 'put',
      path: () => '/api/crm/automation',
      headers: () => admin.headers,
      keys: ['mode', 'members', 'fallback_user_id'],
      snapshot: () => h.app.db.knex('crm_automation_rules').where({ tenant_id: admin.tenant.id }).first(),
    },
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

  for (const e of endpoints) {
    it(`${e.method.toUpperCase()} ${e.path()} (${e.name}): a NUL or an unpaired surrogate anywhere is 400 and changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(bodiesWithBadText(e.keys), async (body) => {
          const before = await e.snapshot();
          const res = await h.http[e.method](e.path()).set(e.headers()).set('Content-Type', 'application/json').send(JSON.stringify(body));
          expect(res.status, JSON.stringify(res.body)).to.equal(400);
          expect(res.body.message).to.equal('Invalid parameters');
          expect(await e.snapshot()).to.deep.equal(before);
        }),
        { numRuns: 25 },
      );
    });
  }

  it('a NUL or an unpaired surrogate in a query or path parameter is 400, public search included', async () => {
    const targets = [
      (s: string) => ({ url: `/api/lms/courses?search=${s}`, headers: admin.tenant.headers }),
      (s: string) => ({ url: `/api/lms/courses?page=1&level=${s}`, headers: admin.tenant.headers }),
      (s: string) => ({ url: `/api/crm/leads?search=${s}`, headers: admin.headers }),
      (s: string) => ({ url: `/api/users?search=${s}`, headers: admin.headers }),
      (s: string) => ({ url: `/api/lms/certificates/verify/${s}`, headers: admin.tenant.headers }),
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), badText, async (target, text) => {
        const { url, headers } = target(percentEncoded(text));
        const res = await h.http.get(url).set(headers);
        expect(res.status, `${url} ${JSON.stringify(res.body)}`).to.equal(400);
        expect(res.body.message).to.equal('Invalid parameters');
      }),
      { numRuns: 100 },
    );
  });

  it('answers a JSON body over 1 MB with 413 and stores nothing', async () => {
    const before = await count('crm_leads', { tenant_id: admin.tenant.id });
    const res = await h.http
      .post('/api/crm/leads')
      .set(admin.headers)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x', notes: 'y'.repeat(1024 * 1024) }));
    expect(res.status).to.equal(413);
    expect(res.body.success).to.equal(false);
    expect(await count('crm_leads', { tenant_id: admin.tenant.id })).to.equal(before);
  });
});
