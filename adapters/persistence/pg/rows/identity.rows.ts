import type { Tenant } from '../../../../domain/identity/tenant.js';
import type { User } from '../../../../domain/identity/user.js';
import type { Login } from '../../../../application/identity/ports/login-repository.js';
import type { VerificationCode } from '../../../../application/identity/ports/verification-code-repository.js';
import type { PasswordResetToken } from '../../../../application/identity/ports/password-reset-repository.js';

/**
 * Rows of the identity tables (conventions in commerce.rows.ts): each is its entity column for
 * column, but the deletion progress, which also holds its tenant's id.
 */

export type TenantRow = Tenant;
export type UserRow = User;
export type LoginRow = Login;
export type VerificationCodeRow = VerificationCode;
export type PasswordResetTokenRow = PasswordResetToken;

export interface TenantDeletionRow {
  tenantId: string;
  requestedAt: Date;
  tablesDone: number;
  tablesTotal: number;
  /** bigint: a count that may pass 2^31; read through `Number`. */
  rowsDeleted: number | string;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    tenants: TenantRow;
    tenant_deletions: TenantDeletionRow;
    users: UserRow;
    logins: LoginRow;
    verification_codes: VerificationCodeRow;
    password_reset_tokens: PasswordResetTokenRow;
  }
}
