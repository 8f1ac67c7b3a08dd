/** Role levels of the spec's role table. Higher numbers include the rights of lower ones. */
export const Role = {
  Student: 1,
  Parent: 10,
  Mentor: 30,
  Admin: 99,
  SuperAdmin: 100,
} as const;

export type RoleLevel = (typeof Role)[keyof typeof Role];

export const ROLE_LEVELS: readonly RoleLevel[] = [Role.Student, Role.Parent, Role.Mentor, Role.Admin, Role.SuperAdmin];

export const isRoleLevel = (n: number): n is RoleLevel => (ROLE_LEVELS as readonly number[]).includes(n);

export const roleCode = (role: RoleLevel): string =>
  ({ 1: 'role_student', 10: 'role_parent', 30: 'role_mentor', 99: 'role_admin', 100: 'role_admin_root' })[role];

export const UserStatus = { Active: 1, Deactivated: 2 } as const;
export type UserStatusValue = (typeof UserStatus)[keyof typeof UserStatus];
export const isUserStatus = (n: number): n is UserStatusValue => n === 1 || n === 2;
