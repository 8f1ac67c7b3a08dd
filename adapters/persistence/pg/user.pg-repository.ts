import type { User } from '../../../domain/identity/user.js';
import type { RoleLevel } from '../../../domain/identity/role.js';
import type { UserFilter, UserRepository } from '../../../application/identity/ports/user-repository.js';
import type { PageRequest } from '../../../application/shared/ports.js';
import { contains, type DbDeps } from './base.js';
import { knexPage, newestFirst } from './knex-helpers.js';
import { tenantTable } from './tenant-table.js';

export const makeUserPgRepository = ({ db }: DbDeps): UserRepository => {
  const users = tenantTable(db, 'users');
  return {
    findById: (tenantId, id) => users.find({ tenantId, id }),
    findByEmail: (tenantId, email) => users.find({ tenantId, email }),
    findByPhone: (tenantId, phone) => db.q()('users').where({ tenantId, phone }).whereNull('deletedAt'),
    findSuperAdminByEmail: async (email) => (await db.q()('users').where({ email, role: 100 }).first()) ?? null,
    findManyByIds: (tenantId, ids) => users.findIn(tenantId, 'id', ids),
    list(tenantId, filter: UserFilter, page: PageRequest) {
      const q = db.q()('users').where({ tenantId }).whereNull('deletedAt').select('*');
      if (filter.role !== undefined) q.where('role', filter.role);
      if (filter.status !== undefined) q.where('status', filter.status);
      if (filter.search) {
        const pattern = contains(filter.search);
        q.where((w) => w.whereILike('displayName', pattern).orWhereILike('email', pattern).orWhereILike('username', pattern));
      }
      return knexPage(q, page, (user: User) => user, { order: newestFirst() });
    },
    insert: (user) => users.insertIfAbsent(user, ['tenant_id', 'email']),
    update: (user) => users.update(user),
    async delete(tenantId, id) {
      await users.delete(tenantId, id);
    },
    async countSuperAdmins() {
      const row = (await db.q()('users').where({ role: 100 }).whereNull('deleted_at').count({ n: '*' }).first()) as
        { n: number } | undefined;
      return Number(row?.n ?? 0);
    },
    async countByRole(tenantId) {
      // From the rollup (migration 1020, kept by a trigger), not a pass over the tenant's users.
      const rows = (await db
        .q()('user_role_counts')
        .where({ tenant_id: tenantId })
        .whereNot({ users: 0 })
        .select('role', 'users')) as Array<{
        role: RoleLevel;
        users: number;
      }>;
      return Object.fromEntries(rows.map((r) => [r.role, Number(r.users)]));
    },
  };
};
