import type { RoleLevel } from '../../domain/identity/role.js';

/** Who is calling, in which tenant: every use case that reads or writes tenant data takes it. */
export interface Actor {
  userId: string;
  role: RoleLevel;
  /** The tenant of the request: all data access is scoped by it. */
  tenantId: string;
  /** The tenant the user belongs to; differs from `tenantId` only for a Super Admin visiting another tenant. */
  homeTenantId: string;
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}
