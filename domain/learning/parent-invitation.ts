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
export const PARENT_INVITATION_TTL_MS = PARENT_INVITATION_TTL_DAYS * 86_400_000;

/**
 * The invitee's role once accepted: Parent (10) for a Student (1); a role at or above Parent
 * (Parent, Mentor, Admin, Super Admin) already has the parent's rights and is kept: never a downgrade.
 */
export const roleAfterAcceptingInvitation = (role: RoleLevel): RoleLevel => (role < Role.Parent ? Role.Parent : role);
