import { expect } from 'chai';
import { toMinor } from '../../../domain/shared/money.js';
import { harness, type Harness, type TestUser } from '../../support/harness.js';
import { Role } from '../../../domain/identity/role.js';
import { createCourse } from './learning-fixtures.js';
import type { LearningAccess, LearningCatalog } from '../../../application/learning/index.js';

describe('HTTP learning: admin resources, learning assets and library', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });

  const api = (admin: TestUser) => ({
    list: (resource: string, query = '') => h.http.get(`/api/lms/admin/resources/${resource}${query}`).set(admin.headers),
    create: (resource: string, body: object) => h.http.post(`/api/lms/admin/resources/${resource}`).set(admin.headers).send(body),
    update: (resource: string, id: string, body: object) =>
      h.http.put(`/api/lms/admin/resources/${resource}/${id}`).set(admin.headers).send(body),
    remove: (resource: string, id: string) => h.http.delete(`/api/lms/admin/resources/${resource}/${id}`).set(admin.headers),
  });

  it('answers 404 for an unknown resource and 403 below Admin', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const a = api(admin);
    for (const res of [
      await a.list('widgets'),
      await a.create('widgets', { name: 'x' }),
      await a.list('__proto__'),
      await a.list('constructor'),
    ]) {
      expect(res.status).to.equal(404);
      expect(res.body.message).to.equal('Record not found');
    }
    const mentor = await h.user(t, Role.Mentor);
    expect((await api(mentor).list('course-categories')).status).to.equal(403);
  });

  it('course-categories: slug from the name, unique per tenant, searchable; a category in use cannot be deleted', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const a = api(admin);
    const created = await a.create('course-categories', { name: 'Ilmu Pengetahuan Alam', description: 'IPA' });
    expect(created.status).to.equal(200);
    expect(created.body.data).to.include({ name: 'Ilmu Pengetahuan Alam', slug: 'ilmu-pengetahuan-alam', description: 'IPA' });
    const id = created.body.data.id;
    expect((await a.create('course-categories', { name: 'Ilmu  Pengetahuan alam!' })).status).to.equal(400);
    expect((await a.create('course-categories', {})).status).to.equal(400);
    const other = await a.create('course-categories', { name: 'Languages', slug: 'bahasa' });
    expect(other.body.data.slug).to.equal('bahasa');
    expect((await a.update('course-categories', other.body.data.id, { slug: 'ilmu-pengetahuan-alam' })).status).to.equal(400);

    const searched = await a.list('course-categories', '?search=pengetahuan');
    expect(searched.body.data.items.map((c: { id: string }) => c.id)).to.deep.equal([id]);
    expect((await a.list('course-categories')).body.data).to.include({ total: 2, page: 1, page_size: 10 });
    const renamed = await a.update('course-categories', id, { name: 'Science' });
    expect(renamed.body.data).to.include({ name: 'Science', slug: 'ilmu-pengetahuan-alam' });

    await createCourse(h, admin, { category_id: id });
    const inUse = await a.remove('course-categories', id);
    expect(inUse.status).to.equal(400);
    expect(inUse.body.message).to.match(/in use/);
    expect((await a.list('course-categories')).body.data.total).to.equal(2);
    expect((await a.remove('course-categories', other.body.data.id)).status).to.equal(200);
    expect((await a.remove('course-categories', other.body.data.id)).status).to.equal(404);
    // Another tenant's admin neither sees nor changes it.
    const b = api(await h.user(await h.tenant(), Role.Admin));
    expect((await b.list('course-categories')).body.data.total).to.equal(0);
    expect((await b.update('course-categories', id, { name: 'x' })).status).to.equal(404);
    expect((await b.remove('course-categories', id)).status).to.equal(404);
  });

  it('learning-assets and library-items: CRUD here and through their own endpoints', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const student = await h.user(t);
    const a = api(admin);
    const asset = await a.create('learning-assets', { title: 'Periodic table', url: 'https://cdn.example.test/table.pdf', type: 'pdf' });
    expect(asset.status).to.equal(200);
    expect(asset.body.data).to.include({ title: 'Periodic table', type: 'pdf', description: null });
    const viaEndpoint = await h.http
      .post('/api/lms/admin/learning-assets')
      .set(admin.headers)
      .send({ title: 'Lab safety video', type: 'video' });
    expect(viaEndpoint.status).to.equal(200);
    expect((await a.create('learning-assets', { title: 'x', url: 'ftp://nope' })).status).to.equal(400);

    const seen = await h.http.get('/api/lms/learning-assets?search=periodic').set(student.headers);
    expect(seen.status).to.equal(200);
    expect(seen.body.data.items.map((x: { title: string }) => x.title)).to.deep.equal(['Periodic table']);
    expect((await h.http.get('/api/lms/learning-assets?type=video').set(student.headers)).body.data.total).to.equal(1);
    expect((await h.http.get('/api/lms/learning-assets').set(t.headers)).status).to.equal(401);
    expect((await h.http.post('/api/lms/admin/learning-assets').set(student.headers).send({ title: 'x' })).status).to.equal(403);
    const updated = await a.update('learning-assets', asset.body.data.id, { description: 'All elements' });
    expect(updated.body.data).to.include({ title: 'Periodic table', description: 'All elements' });
    expect((await a.remove('learning-assets', asset.body.data.id)).status).to.equal(200);

    const item = await h.http
      .post('/api/lms/admin/library-items')
      .set(admin.headers)
      .send({ title: 'Reading list', url: 'https://example.test/list', type: 'link' });
    expect(item.status).to.equal(200);
    const upserted = await h.http
      .post('/api/lms/admin/library-items')
      .set(admin.headers)
      .send({ id: item.body.data.id, title: 'Reading list 2026' });
    expect(upserted.body.data).to.include({ id: item.body.data.id, title: 'Reading list 2026', url: 'https://example.test/list' });
    const unknown = await h.http
      .post('/api/lms/admin/library-items')
      .set(admin.headers)
      .send({ id: '7f1c3f0e-1c5b-4f7e-9f61-0d7c3a1b2c3d', title: 'x' });
    expect(unknown.status).to.equal(404);
    const pub = await h.http.get('/api/lms/library-items').set(t.headers);
    expect(pub.status).to.equal(200);
    expect(pub.body.data.items.map((x: { title: string }) => x.title)).to.deep.equal(['Reading list 2026']);
    expect((await a.list('library-items', '?search=reading')).body.data.total).to.equal(1);
  });

  it('pricing: needs an existing category, one price per category and currency, distinct tiers stored in order', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const a = api(admin);
    const cat = (await a.create('course-categories', { name: 'Math' })).body.data.id;
    const created = await a.create('pricing', {
      category_id: cat,
      unit_price: 100000,
      tiers: [
        { min_quantity: 10, unit_price: 80000 },
        { min_quantity: 5, unit_price: 90000 },
      ],
    });
    expect(created.status).to.equal(200);
    expect(created.body.data).to.include({ category_id: cat, unit_price: 100000, currency: 'IDR' });
    expect(created.body.data.tiers).to.deep.equal([
      { min_quantity: 5, unit_price: 90000 },
      { min_quantity: 10, unit_price: 80000 },
    ]);
    expect((await a.create('pricing', { category_id: cat, unit_price: 1 })).status).to.equal(400);
    const usd = await a.create('pricing', { category_id: cat, unit_price: 7, currency: 'usd' });
    expect(usd.body.data.currency).to.equal('USD');
    expect((await a.create('pricing', { category_id: '7f1c3f0e-1c5b-4f7e-9f61-0d7c3a1b2c3d', unit_price: 1 })).status).to.equal(400);
    const dup = await a.update('pricing', created.body.data.id, {
      tiers: [
        { min_quantity: 2, unit_price: 1 },
        { min_quantity: 2, unit_price: 2 },
      ],
    });
    expect(dup.status).to.equal(400);
    expect((await a.update('pricing', created.body.data.id, { unit_price: -5 })).status).to.equal(400);
    const changed = await a.update('pricing', created.body.data.id, { unit_price: 95000 });
    expect(changed.body.data).to.include({ unit_price: 95000 });
    expect(changed.body.data.tiers).to.have.length(2);
    expect((await a.list('pricing', `?category_id=${cat}`)).body.data.total).to.equal(2);
    expect((await a.remove('course-categories', cat)).status).to.equal(400);
    expect((await a.remove('pricing', created.body.data.id)).status).to.equal(200);
  });

  it('subscription-plans: price and duration required, categories must exist; a covered category stays', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const a = api(admin);
    const cat = (await a.create('course-categories', { name: 'Science' })).body.data.id;
    const plan = await a.create('subscription-plans', { name: 'Monthly Science', price: 150000, duration_days: 30, category_ids: [cat] });
    expect(plan.status).to.equal(200);
    expect(plan.body.data).to.include({ name: 'Monthly Science', price: 150000, currency: 'IDR', duration_days: 30, active: true });
    expect(plan.body.data.category_ids).to.deep.equal([cat]);
    expect((await a.create('subscription-plans', { name: 'x', price: 1 })).status).to.equal(400);
    expect((await a.create('subscription-plans', { name: 'x', price: 1, duration_days: 0 })).status).to.equal(400);
    expect(
      (
        await a.create('subscription-plans', {
          name: 'x',
          price: 1,
          duration_days: 30,
          category_ids: ['7f1c3f0e-1c5b-4f7e-9f61-0d7c3a1b2c3d'],
        })
      ).status,
    ).to.equal(400);
    const off = await a.update('subscription-plans', plan.body.data.id, { active: false, category_ids: [] });
    expect(off.body.data).to.include({ active: false, duration_days: 30 });
    expect(off.body.data.category_ids).to.deep.equal([]);
    await a.update('subscription-plans', plan.body.data.id, { category_ids: [cat] });
    expect((await a.list('subscription-plans', '?active=false')).body.data.total).to.equal(1);
    expect((await a.list('subscription-plans', '?active=true')).body.data.total).to.equal(0);
    expect((await a.remove('course-categories', cat)).status).to.equal(400);
    expect((await a.remove('subscription-plans', plan.body.data.id)).status).to.equal(200);
    expect((await a.remove('course-categories', cat)).status).to.equal(200);
  });

  it('promo-codes: upper-case unique codes, percent at most 100, a real validity window', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const a = api(admin);
    const created = await a.create('promo-codes', {
      code: 'hemat10',
      type: 'percent',
      value: 10,
      valid_from: '2026-01-01T00:00:00Z',
      valid_until: '2026-12-31T23:59:59Z',
      max_uses: 100,
    });
    expect(created.status).to.equal(200);
    expect(created.body.data).to.include({ code: 'HEMAT10', type: 'percent', value: 10, max_uses: 100, used_count: 0 });
    expect(created.body.data.valid_from).to.equal('2026-01-01T00:00:00.000Z');
    expect((await a.create('promo-codes', { code: 'HEMAT10', value: 5 })).status).to.equal(400);
    expect((await a.create('promo-codes', { code: 'BIG', type: 'percent', value: 150 })).status).to.equal(400);
    expect((await a.create('promo-codes', { code: 'ZERO', type: 'fixed', value: 0 })).status).to.equal(400);
    expect(
      (await a.create('promo-codes', { code: 'BACK', value: 5, valid_from: '2026-02-01T00:00:00Z', valid_until: '2026-01-01T00:00:00Z' }))
        .status,
    ).to.equal(400);
    expect((await a.create('promo-codes', { code: 'bad code!', value: 5 })).status).to.equal(400);
    const fixed = await a.create('promo-codes', { code: 'POTONG50K', type: 'fixed', value: 50000, max_uses: null });
    expect(fixed.body.data).to.include({ type: 'fixed', max_uses: null });
    expect((await a.update('promo-codes', fixed.body.data.id, { code: 'hemat10' })).status).to.equal(400);
    const changed = await a.update('promo-codes', fixed.body.data.id, { max_uses: 0 });
    expect(changed.body.data).to.include({ code: 'POTONG50K', max_uses: 0 });
    expect((await a.list('promo-codes', '?search=hemat')).body.data.items.map((p: { code: string }) => p.code)).to.deep.equal(['HEMAT10']);
    expect((await a.remove('promo-codes', fixed.body.data.id)).status).to.equal(200);
  });

  it('times of any year from 1 to 9999 are stored and read back as sent, on either engine; year 0 is refused', async () => {
    const t = await h.tenant();
    const a = api(await h.user(t, Role.Admin));
    const ancient = await a.create('promo-codes', {
      code: 'ANCIENT',
      value: 5,
      valid_from: '0050-06-01T00:00:00Z',
      valid_until: '9999-12-31T23:59:59Z',
    });
    expect(ancient.status, JSON.stringify(ancient.body)).to.equal(200);
    const read = (await a.list('promo-codes', '?search=ancient')).body.data.items[0];
    expect(read).to.include({ valid_from: '0050-06-01T00:00:00.000Z', valid_until: '9999-12-31T23:59:59.000Z' });
    for (const valid_from of ['0000-06-01T00:00:00Z', '0001-01-01T00:00:00+01:00']) {
      const refused = await a.create('promo-codes', { code: 'YEARZERO', value: 5, valid_from });
      expect(refused.status, valid_from).to.equal(400);
      expect(JSON.stringify(refused.body), valid_from).to.include('year 1 or later');
    }
    const logs = await h.http.get('/api/mailer-logs?from=0000-01-01').set((await h.user(t, Role.Admin)).headers);
    expect(logs.status).to.equal(400);
  });

  it('students: one profile per student user, listed with the user; unknown or non-student users are 400', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const a = api(admin);
    const student = await h.user(t, Role.Student, { displayName: 'Ani Wijaya' });
    const parent = await h.user(t, Role.Parent);
    const created = await a.create('students', { user_id: student.id, school: 'SMA 1 Bandung', grade: '11', phone: '+62 812 3456 7890' });
    expect(created.status).to.equal(200);
    expect(created.body.data).to.include({ user_id: student.id, school: 'SMA 1 Bandung', grade: '11' });
    expect(created.body.data.user).to.include({ id: student.id, display_name: 'Ani Wijaya', email: student.email });
    expect((await a.create('students', { user_id: student.id })).status).to.equal(400);
    expect((await a.create('students', { user_id: parent.id })).status).to.equal(400);
    const foreign = await h.user(await h.tenant());
    expect((await a.create('students', { user_id: foreign.id })).status).to.equal(400);
    const list = await a.list('students', '?search=wijaya');
    expect(list.body.data.total).to.equal(1);
    expect(list.body.data.items[0].user.display_name).to.equal('Ani Wijaya');
    const upd = await a.update('students', created.body.data.id, { grade: '12', user_id: parent.id });
    expect(upd.body.data).to.include({ grade: '12', user_id: student.id, school: 'SMA 1 Bandung' });
    expect((await a.remove('students', created.body.data.id)).status).to.equal(200);
    expect((await h.http.get(`/api/users/${student.id}/detail`).set(admin.headers)).status).to.equal(200);
  });

  it('enrollments: create grants (idempotent), update sets status and expiry, delete removes; filters and search', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const a = api(admin);
    const student = await h.user(t, Role.Student, { displayName: 'Rina' });
    const courseId = await createCourse(h, admin, { title: 'Chemistry', price: 1000 });
    const created = await a.create('enrollments', { user_id: student.id, course_id: courseId });
    expect(created.status).to.equal(200);
    expect(created.body.data).to.include({ user_id: student.id, course_id: courseId, status: 'active', source: 'admin', expires_at: null });
    expect(created.body.data.user).to.include({ display_name: 'Rina' });
    expect(created.body.data.course).to.include({ title: 'Chemistry' });
    const again = await a.create('enrollments', { user_id: student.id, course_id: courseId, source: 'order' });
    expect(again.body.data.id).to.equal(created.body.data.id);
    expect((await a.list('enrollments', `?user_id=${student.id}`)).body.data.total).to.equal(1);
    expect((await a.create('enrollments', { user_id: student.id, course_id: student.id })).status).to.equal(400);
    expect((await a.create('enrollments', { user_id: courseId, course_id: courseId })).status).to.equal(400);
    expect((await a.create('enrollments', { user_id: student.id, course_id: courseId, source: 'gift' })).status).to.equal(400);

    const cancelled = await a.update('enrollments', created.body.data.id, { status: 'cancelled' });
    expect(cancelled.body.data.status).to.equal('cancelled');
    expect((await a.list('enrollments', '?status=cancelled')).body.data.total).to.equal(1);
    expect((await a.list('enrollments', '?status=active')).body.data.total).to.equal(0);
    expect((await a.list('enrollments', '?search=chem')).body.data.total).to.equal(1);
    expect((await a.list('enrollments', '?search=rina')).body.data.total).to.equal(1);
    expect((await a.list('enrollments', '?search=nobody')).body.data.total).to.equal(0);
    const reactivated = await a.update('enrollments', created.body.data.id, { status: 'active', expires_at: '2099-01-01T00:00:00Z' });
    expect(reactivated.body.data).to.include({ status: 'active', expires_at: '2099-01-01T00:00:00.000Z' });
    expect((await a.remove('enrollments', created.body.data.id)).status).to.equal(200);
    expect((await a.list('enrollments')).body.data.total).to.equal(0);
    expect((await a.remove('enrollments', created.body.data.id)).status).to.equal(404);
  });

  it('exposes plans, prices and promo codes to other contexts through learningCatalog', async () => {
    const t = await h.tenant();
    const admin = await h.user(t, Role.Admin);
    const a = api(admin);
    const cat = (await a.create('course-categories', { name: 'Math' })).body.data.id;
    const plan = (await a.create('subscription-plans', { name: 'Yearly', price: 1_000_000, duration_days: 365, category_ids: [cat] })).body
      .data.id;
    await a.create('pricing', { category_id: cat, unit_price: 100000, tiers: [{ min_quantity: 3, unit_price: 90000 }] }).expect(200);
    await a.create('promo-codes', { code: 'MERDEKA', type: 'fixed', value: 17000 }).expect(200);
    const catalog = h.resolve<LearningCatalog>('learningCatalog');
    expect((await catalog.findPlan(t.id, plan))?.categoryIds).to.deep.equal([cat]);
    expect((await catalog.pricingFor(t.id, cat))?.tiers).to.deep.equal([{ minQuantity: 3, unitPrice: toMinor(90000) }]);
    expect(await catalog.pricingFor(t.id, cat, 'USD')).to.equal(null);
    expect((await catalog.findPromoCode(t.id, ' merdeka '))?.value).to.equal(toMinor(17000));
    expect(await catalog.findPromoCode((await h.tenant()).id, 'MERDEKA')).to.equal(null);
    const access = h.resolve<LearningAccess>('learningAccess');
    const courseId = await createCourse(h, admin, { category_id: cat });
    expect(await access.courseIdsOfCategories(t.id, [cat])).to.deep.equal([courseId]);
  });
});
