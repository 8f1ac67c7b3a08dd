import type { RoleLevel } from '../../../domain/identity/role.js';

/** What learning needs to know of a user (read-only; identity owns users). */
export interface Learner {
  id: string;
  email: string;
  displayName: string;
  avatar: string | null;
  role: RoleLevel;
  active: boolean;
}

export interface LearnerDirectory {
  /** null for unknown, other-tenant and deleted users. */
  findById(tenantId: string, id: string): Promise<Learner | null>;
  findManyByIds(tenantId: string, ids: readonly string[]): Promise<Learner[]>;
}
