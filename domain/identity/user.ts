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
