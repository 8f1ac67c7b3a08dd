import { Role } from '../../domain/identity/role.js';
import type { DashboardContributor } from '../platform/ports.js';

import type { User } from '../../domain/identity/user.js';
import type { RoleLevel } from '../../domain/identity/role.js';
import type { IdentityDeps } from './deps.js';

type Deps = Pick<IdentityDeps, 'userRepository'>;

/** The `account` section: the caller, and for admins the tenant's users by role. */
export interface AccountSection {
  user: User | null;
  role: RoleLevel;
  users?: { total: number; students: number; parents: number; mentors: number; admins: number };
}

/** Everyone sees who they are; admins also see the tenant's head count by role. */
export const makeIdentityDashboard = ({ userRepository }: Deps): DashboardContributor<AccountSection> => ({
  section: 'account',
  async contribute(actor) {
    const me = await userRepository.findById(actor.homeTenantId, actor.userId);
    const base: AccountSection = { user: me, role: actor.role };
    if (actor.role < Role.Admin) return base;
    const byRole = await userRepository.countByRole(actor.tenantId);
    return {
      ...base,
      users: {
        total: Object.values(byRole).reduce((a, b) => a + (b ?? 0), 0),
        students: byRole[Role.Student] ?? 0,
        parents: byRole[Role.Parent] ?? 0,
        mentors: byRole[Role.Mentor] ?? 0,
        admins: (byRole[Role.Admin] ?? 0) + (byRole[Role.SuperAdmin] ?? 0),
      },
    };
  },
});
