import { type RoleLevel, type UserStatusValue } from '../../domain/identity/role.js';
import { anonymise, type User } from '../../domain/identity/user.js';
import type { IdentityDeps } from './deps.js';

export type ManageUserError = 'USER_NOT_FOUND' | 'INSUFFICIENT_PERMISSION' | 'EMAIL_TAKEN' | 'WEAK_PASSWORD' | 'INVALID_PHONE';

/** What writing a user needs, by an admin or by self-registration: hashing, phone numbers, the user's events, audit. */
export type UserWriteDeps = Pick<
  IdentityDeps,
  'userRepository' | 'passwordHasher' | 'phoneNumbers' | 'userEvents' | 'auditLog' | 'clock' | 'ids' | 'uow'
>;

export type UserAdminDeps = UserWriteDeps & Pick<IdentityDeps, 'passkeyRepository' | 'loginRepository'>;

export interface UserChanges {
  displayName?: string | undefined;
  email?: string | undefined;
  /** null or blank clears it. */
  phone?: string | null | undefined;
  password?: string | undefined;
  role?: RoleLevel | undefined;
  status?: UserStatusValue | undefined;
}

/** Deleted (anonymised) users no longer exist for the API. */
export const visible = (u: User | null): User | null => (u && !u.deletedAt ? u : null);

/**
 * What deleting an account does, by an admin or by its owner (contract §3): the row stays for
 * history (grades, audit), anonymised and deactivated; its passkeys go and every login of it ends.
 */
export const deleteAccount = async (
  d: Pick<IdentityDeps, 'userRepository' | 'passkeyRepository' | 'loginRepository'>,
  user: User,
  reason: string,
  now: Date,
): Promise<void> => {
  await d.userRepository.update(anonymise(user, now));
  await d.passkeyRepository.deleteAllOfUser(user.tenantId, user.id);
  await d.loginRepository.revokeAllOfUser(user.id, reason, now);
};

/**
 * What a new password does, set by its owner, a reset link or the operator: its hash replaces the
 * old one, and every login of the user ends but `keepLoginId` (the caller's own, when it stays), so
 * a session or refresh token taken with the old password dies with it. Answers how many logins ended.
 */
export const setPassword = async (
  d: Pick<IdentityDeps, 'userRepository' | 'loginRepository'>,
  user: User,
  passwordHash: string,
  reason: 'password_changed' | 'password_reset',
  now: Date,
  keepLoginId: string | null = null,
): Promise<number> => {
  await d.userRepository.update({ ...user, passwordHash, updatedAt: now });
  return d.loginRepository.revokeAllOfUser(user.id, reason, now, keepLoginId ?? undefined);
};
