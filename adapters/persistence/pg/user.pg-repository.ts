import type { User } from '../../../domain/identity/user.js';
import type { RoleLevel } from '../../../domain/identity/role.js';
import type { UserFilter, UserRepository } from '../../../application/identity/ports/user-repository.js';
import type { PageRequest } from '../../../application/shared/ports.js';
import { contains, toPage, type DbDeps } from './base.js';
import { newestFirst } from './knex-helpers.js';
import { UserModel } from './identity.models.js';

const toUser = (m: UserModel): User => ({
  id: m.id,
  tenantId: m.tenantId,
  username: m.username,
  email: m.email,
  phone: m.phone,
  displayName: m.displayName,
  avatar: m.avatar,
  role: m.role,
  status: m.status,
  passwordHash: m.passwordHash,
  emailVerifiedAt: m.emailVerifiedAt,
  lastLoginAt: m.lastLoginAt,
  deletedAt: m.deletedAt,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});

export const makeUserPgRepository = ({ db }: DbDeps): UserRepository => ({
  async findById(tenantId, id) {
    const m = await UserModel.query(db.q()).findOne({ tenantId, id });
    return m ? toUser(m) : null;
  },
  async findByEmail(tenantId, email) {
    const m = await UserModel.query(db.q()).findOne({ tenantId, email });
    return m ? toUser(m) : null;
  },
  async findByPhone(tenantId, phone) {
    return (await UserModel.query(db.q()).where({ tenantId, phone }).whereNull('deletedAt')).map(toUser);
  },
  async findSuperAdminByEmail(email) {
    const m = await UserModel.query(db.q()).findOne({ email, role: 100 });
    return m ? toUser(m) : null;
  },
  async findManyByIds(tenantId, ids) {
    if (ids.length === 0) return [];
    return (
      await UserModel.query(db.q())
        .where({ tenantId })
        .whereIn('id', [...ids])
    ).map(toUser);
  },
  list(tenantId, filter: UserFilter, page: PageRequest) {
    const q = UserModel.query(db.q()).where({ tenantId }).whereNull('deletedAt');
    if (filter.role !== undefined) q.where('role', filter.role);
    if (filter.status !== undefined) q.where('status', filter.status);
    if (filter.search) {
      const pattern = contains(filter.search);
      q.where((w) => w.whereILike('displayName', pattern).orWhereILike('email', pattern).orWhereILike('username', pattern));
    }
    return toPage(q, page, toUser, { order: newestFirst() });
  },
  async insert(user) {
    const rows = await db.q()('users').insert(user).onConflict(['tenant_id', 'email']).ignore().returning('id');
    return rows.length === 1;
  },
  async update(user) {
    const { id, tenantId, createdAt: _created, ...changes } = user;
    await UserModel.query(db.q()).patch(changes).where({ id, tenantId });
  },
  async delete(tenantId, id) {
    await UserModel.query(db.q()).delete().where({ tenantId, id });
  },
  async countSuperAdmins() {
    const row = (await db.q()('users').where({ role: 100 }).whereNull('deleted_at').count({ n: '*' }).first()) as { n: number } | undefined;
    return Number(row?.n ?? 0);
  },
  async countByRole(tenantId) {
    // From the rollup (migration 1020, kept by a trigger), not a pass over the tenant's users.
    const rows = (await db.q()('user_role_counts').where({ tenant_id: tenantId }).whereNot({ users: 0 }).select('role', 'users')) as Array<{
      role: RoleLevel;
      users: number;
    }>;
    return Object.fromEntries(rows.map((r) => [r.role, Number(r.users)]));
  },
});
