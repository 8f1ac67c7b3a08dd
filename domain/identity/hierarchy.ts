import { Role, type RoleLevel } from './role.js';

/**
 * The spec's hierarchy rules:
 * 1. a user may modify only users of a lower role;
 * 2. a Super Admin cannot be modified by anyone;
 * 3. nobody raises another user to a level equal to or above their own.
 */
export type HierarchyViolation = 'TARGET_NOT_LOWER' | 'TARGET_IS_SUPER_ADMIN' | 'ROLE_NOT_BELOW_ACTOR';

export function canModify(actorRole: RoleLevel, targetRole: RoleLevel): HierarchyViolation | null {
  if (targetRole === Role.SuperAdmin) return 'TARGET_IS_SUPER_ADMIN';
  if (targetRole >= actorRole) return 'TARGET_NOT_LOWER';
  return null;
}

export function canAssignRole(actorRole: RoleLevel, newRole: RoleLevel): HierarchyViolation | null {
  // Super Admin "may do anything" except create a peer through the API; the root is bootstrapped.
  return newRole >= actorRole ? 'ROLE_NOT_BELOW_ACTOR' : null;
}

/** A change of `target` from `actor`: the target must be lower and any new role must stay lower. */
export function checkUserChange(actorRole: RoleLevel, targetRole: RoleLevel, newRole?: RoleLevel): HierarchyViolation | null {
  return canModify(actorRole, targetRole) ?? (newRole === undefined ? null : canAssignRole(actorRole, newRole));
}
