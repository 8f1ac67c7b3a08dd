import type { User } from '../../../domain/identity/user.js';
import type { RoleLevel, UserStatusValue } from '../../../domain/identity/role.js';
import type { Page, PageRequest } from '../../shared/ports.js';

export interface UserFilter {
  role?: RoleLevel;
  status?: UserStatusValue;
  /** Matches display name, username or email. */
  search?: string;
}

export interface UserRepository {
  findById(tenantId: string, id: string): Promise<User | null>;
  findByEmail(tenantId: string, email: string): Promise<User | null>;
  /** Users (not deleted) with this E.164 phone; phones are not unique. */
  findByPhone(tenantId: string, phone: string): Promise<User[]>;
  /** A Super Admin with this email in any tenant: Super Admins are global (contract §4). */
  findSuperAdminByEmail(email: string): Promise<User | null>;
  findManyByIds(tenantId: string, ids: readonly string[]): Promise<User[]>;
  list(tenantId: string, filter: UserFilter, page: PageRequest): Promise<Page<User>>;
  /** False when the email is already taken in the tenant (nothing written). */
  insert(user: User): Promise<boolean>;
  update(user: User): Promise<void>;
  delete(tenantId: string, id: string): Promise<void>;
  countSuperAdmins(): Promise<number>;
  countByRole(tenantId: string): Promise<Partial<Record<RoleLevel, number>>>;
}
