import { expect } from 'chai';
import { json, post, deploymentEnv, startApi, type ServiceProcess } from './support/processes.js';

/**
 * Issue 16 across processes: two API processes on one PostgreSQL and one Redis, so what one
 * process reserves or counts, the other sees at once.
 */
describe('system: money and trust across two API processes', function () {
  this.timeout(180_000);
  let env: Record<string, string>;
  let a: ServiceProcess;
  let b: ServiceProcess;
  let admin: Record<string, string>;
  let tenant: Record<string, string>;

  before(async () => {
    env = await deploymentEnv();
    [a, b] = await Promise.all([startApi(env), startApi(env)]);
    const login = await json(await post(a.url, '/api/auth/login', { email: env.ROOT_ADMIN_EMAIL, password: env.ROOT_ADMIN_PASSWORD }));
    expect(login.status, JSON.stringify(login.body)).to.equal(200);
    const root = { Authorization: `Bearer ${(login.body.data as { access_token: string }).access_token}` };
    const slug = `money-${Date.now().toString(36)}`;
    expect((await post(a.url, '/api/tenants', { slug, name: 'Money' }, root)).status).to.equal(200);
    tenant = { 'X-Tenant-ID': slug };
    admin = { ...tenant, ...root };
  });

  after(async () => {
    await Promise.all([a, b].filter(Boolean).map((p) => p.stop()));
  });

  const created = async (url: string, path: string, body: unknown, headers: Record<string, string>) => {
    const res = await json(await post(url, path, body, headers));
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).to.equal(200);
    return res.body.data as Record<string, unknown>;
  };

  it('ten students racing one max_uses 1, 100 % code on both processes: exactly one order is discounted', async () => {
    const course = await created(a.url, '/api/lms/admin/courses', { title: 'Paid course', price: 150000, status: 'published' }, admin);
    await created(b.url, '/api/lms/admin/resources/promo-codes', { code: 'RACE1', type: 'percent', value: 100, max_uses: 1 }, admin);
    const students = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const email = `racer${i}@money.test`;
        await created(i % 2 ? a.url : b.url, '/api/users', { name: email, email, password: 'racer password', role: 1, status: 1 }, admin);
        const login = await created(i % 2 ? b.url : a.url, '/api/auth/login', { email, password: 'racer password' }, tenant);
        return { ...tenant, Authorization: `Bearer ${login.access_token as string}` };
      }),
    );
    const answers = await Promise.all(
      students.map(async (headers, i) =>
        json(await post(i % 2 ? a.url : b.url, '/api/orders', { items: [{ course_id: course.id }], promo_code: 'RACE1' }, headers)),
      ),
    );
    const won = answers.filter((r) => r.status === 200);
    expect(won, JSON.stringify(answers)).to.have.length(1);
    expect(won[0]!.body.data).to.include({ status: 'paid', total_amount: 0 });
    expect(answers.filter((r) => r.status === 400).map((r) => r.body.message)).to.deep.equal(Array(9).fill('Promo code has been used up'));
    const promos = await json(await fetch(`${a.url}/api/lms/admin/resources/promo-codes?search=RACE1`, { headers: admin }));
    expect((promos.body.data as { items: Array<{ used_count: number }> }).items[0]!.used_count).to.equal(1);
  });
});
