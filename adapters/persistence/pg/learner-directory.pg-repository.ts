import type { RoleLevel } from '../../../domain/identity/role.js';
import type { Learner, LearnerDirectory } from '../../../application/learning/ports/learner-directory.js';
import type { DbDeps } from './base.js';

type Row = { id: string; email: string; displayName: string; avatar: string | null; role: RoleLevel; status: number };

const toLearner = (r: Row): Learner => ({
  id: r.id,
  email: r.email,
  displayName: r.displayName,
  avatar: r.avatar,
  role: r.role,
  active: r.status === 1,
});

/** Read-only view of identity's users for learning; deleted (anonymised) users are gone. */
export const makeLearnerDirectoryPg = ({ db }: DbDeps): LearnerDirectory => {
  const base = (tenantId: string) =>
    db.q()('users').where({ tenantId }).whereNull('deletedAt').select('id', 'email', 'displayName', 'avatar', 'role', 'status');
  return {
    async findById(tenantId, id) {
      const r = (await base(tenantId).where({ id }).first()) as Row | undefined;
      return r ? toLearner(r) : null;
    },
    async findManyByIds(tenantId, ids) {
      if (ids.length === 0) return [];
      return ((await base(tenantId).whereIn('id', [...ids])) as Row[]).map(toLearner);
    },
  };
};
