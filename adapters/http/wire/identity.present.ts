import type { z } from 'zod';
import type * as wire from './identity.wire.js';
import type { User } from '../../../domain/identity/user.js';
import type { AccountSection } from '../../../application/identity/identity-dashboard.js';

/** The user as login answers it (spec "User (as returned at login)"). */
export const loginUserView = (u: User): z.input<typeof wire.LoginUser> => ({
  id: u.id,
  email: u.email,
  display_name: u.displayName,
  role: u.role,
  status: u.status,
});

/** A token pair as login and refresh answer it, with each token's lifetime in seconds. */
export const tokenPairView = (p: {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  refreshExpiresIn: number;
}): z.input<typeof wire.TokenPair> => ({
  access_token: p.accessToken,
  refresh_token: p.refreshToken,
  expires_in: p.expiresIn,
  refresh_expires_in: p.refreshExpiresIn,
});

export const userView = (u: User): z.input<typeof wire.User> => ({
  id: u.id,
  username: u.username,
  email: u.email,
  phone: u.phone,
  display_name: u.displayName,
  avatar: u.avatar,
  role: u.role,
  status: u.status,
  email_verified: u.emailVerifiedAt !== null,
  last_login_at: u.lastLoginAt,
  created_at: u.createdAt,
  updated_at: u.updatedAt,
});

export type UserView = ReturnType<typeof userView>;

/** The `account` section of the dashboard overview. */
export const accountSectionView = (s: AccountSection) => ({
  user: s.user ? userView(s.user) : null,
  role: s.role,
  ...(s.users ? { users: s.users } : {}),
});
