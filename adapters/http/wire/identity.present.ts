import type { TenantDetail } from '../../../application/identity/tenant-admin.js';
import type { Tenant } from '../../../domain/identity/tenant.js';
import type { Passkey } from '../../../domain/identity/passkey.js';
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
type TokenLifetimes = { accessToken: string; refreshToken: string; expiresIn: number; refreshExpiresIn: number };

export const tokenPairView = (p: TokenLifetimes): z.input<typeof wire.TokenPair> => ({
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
export const accountSectionView = (s: AccountSection): z.input<typeof wire.AccountSection> => ({
  user: s.user ? userView(s.user) : null,
  role: s.role,
  ...(s.users ? { users: s.users } : {}),
});

/** Password and passkey login: the user and the token pair. */
export const loginView = (x: { user: User; session: TokenLifetimes }): z.input<typeof wire.Login> => ({
  user: loginUserView(x.user),
  ...tokenPairView(x.session),
});

export const registrationView = (u: User): z.input<typeof wire.Registration> => ({
  id: u.id,
  username: u.username,
  display_name: u.displayName,
  email: u.email,
});

export const verificationCodeView = (x: { expiresAt: Date }): z.input<typeof wire.VerificationCode> => ({ expires_at: x.expiresAt });

/** Contract §6: list items `{id, name, created_at, last_used_at}`. */
export const passkeyView = (p: Passkey): z.input<typeof wire.Passkey> => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt,
  last_used_at: p.lastUsedAt,
});

/** The verifier's options JSON, as `@simplewebauthn/server` made it. */
export const creationOptions = (o: Record<string, unknown>) => o as z.input<typeof wire.PasskeyCreationOptions>;
export const requestOptions = (o: Record<string, unknown>) => o as z.input<typeof wire.PasskeyRequestOptions>;

export const tenantView = (t: Tenant): z.input<typeof wire.Tenant> => ({
  id: t.id,
  slug: t.slug,
  name: t.name,
  status: t.status,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
});
export const tenantDetailView = (t: TenantDetail): z.input<typeof wire.TenantDetail> => ({
  ...tenantView(t),
  deletion: t.deletion && {
    requested_at: t.deletion.requestedAt,
    tables_done: t.deletion.tablesDone,
    tables_total: t.deletion.tablesTotal,
    rows_deleted: t.deletion.rowsDeleted,
  },
});
