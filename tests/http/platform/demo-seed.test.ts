import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { harness, type Harness } from '../../support/harness.js';
import { DEMO_COURSES, DEMO_LEADS, DEMO_LOGINS, DEMO_PASSWORD, DemoTenantExists, seedDemo } from '../../../scripts/seed-demo.js';

/**
 * `npm run seed -- --demo` (scripts/seed-demo.ts) against the composed application: what
 * docs/guides/README.md promises (its tables are read here) is what the seed makes.
 */
describe('HTTP demo seed: the documented demo tenant', function () {
  this.timeout(180_000);
  let h: Harness;
  const slug = `demo-${randomUUID().slice(0, 8)}`;
  const doc = readFileSync('docs/guides/README.md', 'utf8');
  const prose = doc.replace(/\s+/g, ' ');
  const tokens = new Map<string, string>();
  const as = (email: string) => ({ 'X-Tenant-ID': slug, Authorization: `Bearer ${tokens.get(email)}` });

  before(async () => {
    h = await harness();
    await seedDemo(h.app, slug);
  });

  it('documents every login, with its password and role, as the seed makes them', () => {
    const rows = [...doc.matchAll(/^\| `([^`]+@demo\.test)` \| `([^`]+)` \| (\d+) \| ([^|]+) \|/gm)].map((m) => ({
      email: m[1],
      password: m[2],
      role: Number(m[3]),
      name: m[4]!.trim(),
    }));
    expect(rows).to.deep.equal(DEMO_LOGINS.map((l) => ({ email: l.email, password: DEMO_PASSWORD, role: l.role, name: l.name })));
    expect(prose).to.include(`Every password is \`${DEMO_PASSWORD}\``);
  });

  it('every documented login works in the demo tenant with its role', async () => {
    for (const login of DEMO_LOGINS) {
      const res = await h.http.post('/api/auth/login').set('X-Tenant-ID', slug).send({ email: login.email, password: DEMO_PASSWORD });
      expect(res.status, login.email).to.equal(200);
      expect(res.body.data.user).to.include({ email: login.email, display_name: login.name, role: login.role, status: 1 });
      tokens.set(login.email, res.body.data.access_token);
    }
  });

  it('has the documented courses, lessons and published quizzes', async () => {
    const rows = [...doc.matchAll(/^\| ([A-Z][\w ]+) \| (\d+) \| ([^|]+) \| ([^:|]+): (\d) multiple-choice/gm)].map((m) => ({
      title: m[1],
      price: Number(m[2]),
      lessons: m[3]!.trim().split(', '),
      quiz: m[4]!.trim(),
      questions: Number(m[5]),
    }));
    expect(rows).to.deep.equal(
      DEMO_COURSES.map((c) => ({
        title: c.title,
        price: c.price,
        lessons: c.lessons.map(([t]) => t),
        quiz: c.quiz.title,
        questions: c.quiz.questions.length,
      })),
    );

    const catalogue = await h.http.get('/api/lms/courses').set('X-Tenant-ID', slug);
    expect(catalogue.status).to.equal(200);
    expect(catalogue.body.data.items.map((c: { title: string; price: number }) => [c.title, Number(c.price)]).sort()).to.deep.equal(
      rows.map((r) => [r.title, r.price]).sort(),
    );
    for (const row of rows) {
      const id = catalogue.body.data.items.find((c: { title: string }) => c.title === row.title).id;
      const page = await h.http.get(`/api/lms/courses/${id}`).set(as('admin@demo.test'));
      expect(page.body.data.modules.flatMap((m: { lessons: Array<{ title: string }> }) => m.lessons.map((l) => l.title))).to.deep.equal(
        row.lessons,
      );
      expect(page.body.data.quizzes.map((q: { title: string }) => q.title)).to.deep.equal([row.quiz]);
      const quiz = await h.http.get(`/api/lms/quizzes/${page.body.data.quizzes[0].id}`).set(as('mentor@demo.test'));
      expect(quiz.status).to.equal(200);
      expect(quiz.body.data).to.include({ is_published: true, passing_score: 50, max_attempts: 0 });
      expect(quiz.body.data.questions).to.have.length(row.questions);
    }
  });

  it('has the documented enrolments, progress and parent link', async () => {
    const courses = async (email: string) => {
      const res = await h.http.get('/api/lms/my-courses').set(as(email));
      expect(res.status).to.equal(200);
      return new Map<string, number>(res.body.data.items.map((c: { title: string; progress: number }) => [c.title, c.progress]));
    };
    const siti = await courses('siti@demo.test');
    expect([...siti.keys()].sort()).to.deep.equal(['Algebra basics', 'Public speaking']);
    expect(siti.get('Algebra basics')).to.be.greaterThan(0);
    expect([...(await courses('budi@demo.test')).keys()]).to.deep.equal(['Photosynthesis']);
    expect((await courses('citra@demo.test')).size).to.equal(0);

    const children = await h.http.get('/api/lms/parent/students').set(as('parent@demo.test'));
    expect(children.status).to.equal(200);
    expect(JSON.stringify(children.body.data)).to.include('siti@demo.test');
    expect(JSON.stringify(children.body.data)).not.to.include('budi@demo.test');
  });

  it('has the documented leads, all allocated to the mentor', async () => {
    const res = await h.http.get('/api/crm/leads').set(as('admin@demo.test'));
    expect(res.status).to.equal(200);
    const mentor = await h.http.get('/api/user/self').set(as('mentor@demo.test'));
    expect(res.body.data.items.map((l: { name: string }) => l.name).sort()).to.deep.equal(DEMO_LEADS.map((l) => l.name).sort());
    for (const lead of res.body.data.items) expect(lead.assigned_to).to.equal(mentor.body.data.id);
    for (const lead of DEMO_LEADS) expect(prose).to.include(`${lead.name} (${lead.city})`);
  });

  it('refuses to seed a tenant that exists, and changes nothing', async () => {
    const before = await h.http.get('/api/users').set(as('admin@demo.test')).query({ page_size: 100 });
    let refused: unknown = null;
    try {
      await seedDemo(h.app, slug);
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(DemoTenantExists);
    expect((refused as Error).message).to.include(`tenant "${slug}" already exists`);
    const after = await h.http.get('/api/users').set(as('admin@demo.test')).query({ page_size: 100 });
    expect(after.body.data.total).to.equal(before.body.data.total);
  });
});
