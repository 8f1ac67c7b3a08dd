import type {
  StudentProfileListing,
  StudentProfileRepository,
  SubscriptionPlan,
  SubscriptionPlanRepository,
} from '../../../application/learning/ports/admin-repositories.js';
import { contains, type DbDeps } from './base.js';
import { formatMinor, toMinor } from '../../../domain/shared/money.js';
import { guardedWrite, knexPage, num, deletedRows, newestFirst } from './knex-helpers.js';
import type { SubscriptionPlanRow } from './rows/learning-admin.rows.js';
import type { StudentProfileRow } from './rows/learning.rows.js';

/** A student profile with the user columns the admin list shows. */
type StudentListingRow = StudentProfileRow & { userEmail: string; userDisplayName: string; userRole: number; userStatus: number };

export const makeSubscriptionPlanPgRepository = ({ db }: DbDeps): SubscriptionPlanRepository => {
  const toPlan = (r: SubscriptionPlanRow, categoryIds: string[]): SubscriptionPlan => ({
    id: r.id,
    tenantId: r.tenantId,
    name: r.name,
    description: r.description,
    price: toMinor(r.price),
    currency: r.currency,
    durationDays: Number(r.durationDays),
    categoryIds,
    active: Boolean(r.active),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });
  const categoriesOf = async (tenantId: string, planIds: string[]) => {
    const out = new Map<string, string[]>();
    if (planIds.length === 0) return out;
    const rows = (await db
      .q()('subscription_plan_categories')
      .where({ tenantId })
      .whereIn('planId', planIds)
      .select('planId', 'categoryId')) as Array<{ planId: string; categoryId: string }>;
    for (const r of rows) out.set(r.planId, [...(out.get(r.planId) ?? []), r.categoryId]);
    return out;
  };
  return {
    async findById(tenantId, id) {
      const r = await db.q()('subscription_plans').where({ tenantId, id }).first();
      return r ? toPlan(r, (await categoriesOf(tenantId, [id])).get(id) ?? []) : null;
    },
    async findManyByIds(tenantId, ids) {
      if (ids.length === 0) return [];
      const rows = (await db
        .q()('subscription_plans')
        .where({ tenantId })
        .whereIn('id', [...ids])
        .select('*')) as SubscriptionPlanRow[];
      const cats = await categoriesOf(
        tenantId,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toPlan(r, cats.get(r.id) ?? []));
    },
    async list(tenantId, query, page) {
      const q = db.q()('subscription_plans').where({ tenantId }).select('*');
      if (query.active !== undefined) q.where('active', query.active);
      if (query.search) q.where((w) => w.whereILike('name', contains(query.search!)).orWhereILike('description', contains(query.search!)));
      const found = await knexPage(q, page, (r: SubscriptionPlanRow) => r, { order: newestFirst() });
      const cats = await categoriesOf(
        tenantId,
        found.items.map((r) => r.id),
      );
      return { ...found, items: found.items.map((r) => toPlan(r, cats.get(r.id) ?? [])) };
    },
    async save(plan) {
      const { categoryIds, ...fields } = plan;
      const row: SubscriptionPlanRow = { ...fields, price: formatMinor(plan.price) };
      await db.q().transaction(async (trx) => {
        await trx('subscription_plans')
          .insert(row)
          .onConflict('id')
          .merge(['name', 'description', 'price', 'currency', 'durationDays', 'active', 'updatedAt']);
        await trx('subscription_plan_categories').where({ tenantId: plan.tenantId, planId: plan.id }).delete();
        if (categoryIds.length)
          await trx('subscription_plan_categories').insert(
            categoryIds.map((categoryId) => ({ tenantId: plan.tenantId, planId: plan.id, categoryId })),
          );
      });
    },
    async delete(tenantId, id) {
      return (await deletedRows(db.q()('subscription_plans').where({ tenantId, id }).delete())) > 0;
    },
  };
};

export const makeStudentProfilePgRepository = ({ db }: DbDeps): StudentProfileRepository => {
  const base = (tenantId: string) =>
    db
      .q()({ p: 'student_profiles' })
      .join({ u: 'users' }, function () {
        this.on('u.id', 'p.user_id').andOn('u.tenant_id', 'p.tenant_id');
      })
      .where('p.tenant_id', tenantId)
      .whereNull('u.deleted_at')
      .select('p.*', { userEmail: 'u.email', userDisplayName: 'u.display_name', userRole: 'u.role', userStatus: 'u.status' });
  const toListing = (r: StudentListingRow): StudentProfileListing => ({
    profile: {
      id: r.id,
      tenantId: r.tenantId,
      userId: r.userId,
      school: r.school,
      grade: r.grade,
      phone: r.phone,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    },
    user: { id: r.userId, email: r.userEmail, displayName: r.userDisplayName, role: num(r.userRole), status: num(r.userStatus) },
  });
  return {
    async findById(tenantId, id) {
      const r = await base(tenantId).where('p.id', id).first();
      return r ? toListing(r) : null;
    },
    list(tenantId, search, page) {
      const q = base(tenantId);
      if (search) {
        const p = contains(search);
        q.where((w) => w.whereILike('u.display_name', p).orWhereILike('u.email', p).orWhereILike('p.school', p));
      }
      return knexPage(q, page, toListing, { order: newestFirst('p.created_at', 'p.id') });
    },
    insert(profile) {
      return guardedWrite(db, (q) => q('student_profiles').insert(profile));
    },
    update(profile) {
      const { id, tenantId, createdAt: _c, userId: _u, ...changes } = profile;
      return guardedWrite(db, (q) => q('student_profiles').where({ id, tenantId }).update(changes));
    },
    async delete(tenantId, id) {
      return (await deletedRows(db.q()('student_profiles').where({ tenantId, id }).delete())) > 0;
    },
  };
};
