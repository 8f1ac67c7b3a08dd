import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { Role } from '../../../domain/identity/role.js';
import type { Harness, TestTenant, TestUser } from '../../support/harness.js';
import type { SessionIssuer } from '../../../application/identity/session-issuer.js';
import { seedCourse, type SeededCourse } from '../learning/learning-fixtures.js';

/** A tenant with something to sell, seeded through the admin API. */
export interface Shop {
  tenant: TestTenant;
  admin: TestUser;
  student: TestUser;
  categoryId: string;
  /** Two published courses of the category (priced by the category) and one priced alone. */
  courses: SeededCourse[];
  soloCourse: SeededCourse;
  planId: string;
}

export async function createCategory(
  h: Harness,
  admin: TestUser,
  name = `Category ${Math.random().toString(36).slice(2, 8)}`,
): Promise<string> {
  const res = await h.http.post('/api/lms/admin/resources/course-categories').set(admin.headers).send({ name });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data.id as string;
}

export async function createPromo(h: Harness, admin: TestUser, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await h.http
    .post('/api/lms/admin/resources/promo-codes')
    .set(admin.headers)
    .send({ type: 'percent', value: 10, ...fields });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data as Record<string, unknown>;
}

export async function openShop(h: Harness, opts: { planPrice?: number; durationDays?: number } = {}): Promise<Shop> {
  const tenant = await h.tenant();
  const admin = await h.user(tenant, Role.Admin);
  const student = await h.user(tenant, Role.Student);
  const categoryId = await createCategory(h, admin);
  const courses = [
    await seedCourse(h, admin, { modules: 1, lessons: 1, fields: { title: 'Algebra', price: 150000, category_id: categoryId } }),
    await seedCourse(h, admin, { modules: 1, lessons: 1, fields: { title: 'Geometry', price: 150000, category_id: categoryId } }),
  ];
  const soloCourse = await seedCourse(h, admin, { modules: 1, lessons: 1, fields: { title: 'Piano', price: 99000 } });
  const pricing = await h.http
    .post('/api/lms/admin/resources/pricing')
    .set(admin.headers)
    .send({
      category_id: categoryId,
      unit_price: 100000,
      tiers: [
        { min_quantity: 2, unit_price: 90000 },
        { min_quantity: 5, unit_price: 80000 },
      ],
    });
  expect(pricing.status, JSON.stringify(pricing.body)).to.equal(200);
  const plan = await h.http
    .post('/api/lms/admin/resources/subscription-plans')
    .set(admin.headers)
    .send({ name: 'Monthly', price: opts.planPrice ?? 250000, duration_days: opts.durationDays ?? 30, category_ids: [categoryId] });
  expect(plan.status, JSON.stringify(plan.body)).to.equal(200);
  return { tenant, admin, student, categoryId, courses, soloCourse, planId: plan.body.data.id as string };
}

export interface NotificationFields {
  order_id: string;
  gross_amount: string;
  transaction_status: string;
  status_code?: string;
  fraud_status?: string;
  transaction_id?: string;
  payment_type?: string;
}

/** The status code Midtrans sends with each transaction status (one of those it documents). */
const STATUS_CODES: Record<string, string> = {
  settlement: '200',
  capture: '200',
  authorize: '200',
  refund: '200',
  partial_refund: '200',
  pending: '201',
  expire: '407',
};

/** A Midtrans-format notification signed with the service's key (contract §7). */
export function signedNotification(h: Harness, f: NotificationFields): Record<string, string> {
  const statusCode = f.status_code ?? STATUS_CODES[f.transaction_status] ?? '202';
  const key = h.resolve<string>('paygateServerKey');
  const signature = createHash('sha512').update(`${f.order_id}${statusCode}${f.gross_amount}${key}`).digest('hex');
  return {
    transaction_time: '2026-01-01 10:00:00',
    transaction_id: f.transaction_id ?? '9aed5972-5b6a-401e-894b-a32c91ed1a3a',
    status_message: 'midtrans payment notification',
    payment_type: f.payment_type ?? 'bank_transfer',
    fraud_status: f.fraud_status ?? 'accept',
    currency: 'IDR',
    merchant_id: 'G141532850',
    ...f,
    status_code: statusCode,
    signature_key: signature,
  };
}

export async function placeOrder(
  h: Harness,
  user: TestUser,
  items: Array<Record<string, string>>,
  promo?: string,
): Promise<Record<string, unknown>> {
  const res = await h.http
    .post('/api/orders')
    .set(user.headers)
    .send({ items, ...(promo ? { promo_code: promo } : {}) });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data as Record<string, unknown>;
}

/** The user with a token issued now (after the test moved the clock past the old one's expiry). */
export async function relogin(h: Harness, u: TestUser): Promise<TestUser> {
  const session = await h.resolve<SessionIssuer>('sessionIssuer').open(u.user, 'password', { ip: '127.0.0.1', userAgent: 'test' });
  return {
    ...u,
    token: session.accessToken,
    refreshToken: session.refreshToken,
    headers: { ...u.tenant.headers, Authorization: `Bearer ${session.accessToken}` },
  };
}
