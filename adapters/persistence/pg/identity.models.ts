import { BaseModel } from './base.js';
import type { RoleLevel, UserStatusValue } from '../../../domain/identity/role.js';
import type { TenantStatus } from '../../../domain/identity/tenant.js';

export class TenantModel extends BaseModel {
  static override tableName = 'tenants';
  id!: string;
  slug!: string;
  name!: string;
  status!: TenantStatus;
  createdAt!: Date;
  updatedAt!: Date;
}

export class TenantDeletionModel extends BaseModel {
  static override tableName = 'tenant_deletions';
  static override idColumn = 'tenantId';
  tenantId!: string;
  requestedAt!: Date;
  tablesDone!: number;
  tablesTotal!: number;
  rowsDeleted!: number;
}

export class UserModel extends BaseModel {
  static override tableName = 'users';
  id!: string;
  tenantId!: string;
  username!: string;
  email!: string;
  phone!: string | null;
  displayName!: string;
  avatar!: string | null;
  role!: RoleLevel;
  status!: UserStatusValue;
  passwordHash!: string | null;
  emailVerifiedAt!: Date | null;
  lastLoginAt!: Date | null;
  deletedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}

export class LoginModel extends BaseModel {
  static override tableName = 'logins';
  id!: string;
  tenantId!: string;
  userId!: string;
  method!: 'password' | 'passkey';
  sessionHash!: string | null;
  ip!: string | null;
  userAgent!: string | null;
  createdAt!: Date;
  expiresAt!: Date;
  revokedAt!: Date | null;
  revokedReason!: string | null;
}

export class VerificationCodeModel extends BaseModel {
  static override tableName = 'verification_codes';
  id!: string;
  tenantId!: string;
  email!: string;
  codeHash!: string;
  attempts!: number;
  expiresAt!: Date;
  usedAt!: Date | null;
  createdAt!: Date;
}
