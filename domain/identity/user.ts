import type { RoleLevel, UserStatusValue } from './role.js';
import type { TenantRecord } from '../shared/record.js';

export interface User extends TenantRecord {
  username: string;
  email: string;
  /** Optional, E.164 (normalised like CRM leads' phones, so a lead finds its person). */
  phone: string | null;
  displayName: string;
  avatar: string | null;
  role: RoleLevel;
  status: UserStatusValue;
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
  lastLoginAt: Date | null;
  deletedAt: Date | null;
}

/** What a new account is made of; what it has not yet had starts empty (no avatar, never logged in, not deleted). */
export type NewAccount = Pick<
  User,
  'username' | 'email' | 'phone' | 'displayName' | 'role' | 'status' | 'passwordHash' | 'emailVerifiedAt'
>;

/** A new account on its record (id, tenant, creation time): every way in (admin, registration, invitation, bootstrap) makes it so. */
export const newUser = (record: TenantRecord, account: NewAccount): User => ({
  ...record,
  ...account,
  avatar: null,
  lastLoginAt: null,
  deletedAt: null,
});

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** Self-deletion keeps the row (audit trail, grades) but removes what identifies the person. */
export function anonymise(user: User, now: Date): User {
  const tag = `deleted-${user.id}`;
  return {
    ...user,
    username: tag,
    email: `${tag}@deleted.invalid`,
    phone: null,
    displayName: 'Deleted user',
    avatar: null,
    passwordHash: null,
    status: 2,
    deletedAt: now,
    updatedAt: now,
  };
}
