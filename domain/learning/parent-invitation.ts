import { Role, type RoleLevel } from '../identity/role.js';

/** A student's invitation of a parent by email: the mailed token is stored only as its digest. */
export interface ParentInvitation {
  id: string;
  tenantId: string;
  studentId: string;
  /** Normalised (trimmed, lower case). */
  email: string;
  tokenHash: string;
  expiresAt: Date;
  /** Who accepted it is in the audit log (`parent.invitation_accept`). */
  usedAt: Date | null;
  createdAt: Date;
}

export const PARENT_INVITATION_TTL_DAYS = 7;

/** How much of the inviter's display name an invitation quotes. */
export const INVITER_NAME_MAX = 60;

/**
 * The only text of the inviter an invitation quotes is their name (issue 26: a student could
 * mail anyone a display name of their choosing): one line, without control or format characters
 * (bidirectional overrides), cut to 60 characters.
 */
export const inviterName = (displayName: string): string =>
  Array.from(displayName.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim())
    .slice(0, INVITER_NAME_MAX)
    .join('')
    .trim();

/**
 * Whether an invitation may be mailed to an address given who holds it in the tenant: nobody, or
 * a Parent (a second child's invitation). Anyone else (a student, staff, a Super Admin, whose
 * address is theirs in every tenant) is another member of the tenant, whom a student must not be
 * able to mail text at.
 */
export const mayInviteHolder = (holder: { role: RoleLevel } | null): boolean => holder === null || holder.role === Role.Parent;
export const PARENT_INVITATION_TTL_MS = PARENT_INVITATION_TTL_DAYS * 86_400_000;

/**
 * The invitee's role once accepted: Parent (10) for a Student (1); a role at or above Parent
 * (Parent, Mentor, Admin, Super Admin) already has the parent's rights and is kept: never a downgrade.
 */
export const roleAfterAcceptingInvitation = (role: RoleLevel): RoleLevel => (role < Role.Parent ? Role.Parent : role);
