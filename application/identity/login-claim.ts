import { Role, UserStatus, type RoleLevel } from '../../domain/identity/role.js';
import type { Actor } from '../shared/actor.js';
import { err, ok, type Result } from '../shared/result.js';
import type { LoginPrincipal } from './ports/login-repository.js';

export type AuthenticateError = 'UNAUTHORIZED' | 'INVALID_TOKEN' | 'TOKEN_EXPIRED' | 'TENANT_MISMATCH';
/** Refusals of a claimed login once its principal is read: authentication's, and a role below the route's. */
export type LoginClaimError = AuthenticateError | 'INSUFFICIENT_PERMISSION';

export type AuthenticatedActor = Actor & { loginId: string };

/**
 * What a request's credentials claim before its login is read: a verified access token's login
 * and user (`token`), or a session cookie's login (`session`), for the request's tenant, on a route
 * that admits `minimumRole` and above. The principal read on every authenticated request is then
 * read by the route's own statement (issue 32: one round trip instead of two on the hottest
 * routes) and accepted here, by the same rules as `authenticate`'s.
 */
export interface LoginClaim {
  via: 'token' | 'session';
  loginId: string;
  userId: string;
  tenantId: string;
  minimumRole: RoleLevel;
}

/**
 * The rules a login's principal must meet, wherever it was read: live (not revoked, its user
 * active; a session also unexpired), the user the token names, and the request's tenant unless a
 * Super Admin (contract §4). A token's refusal is INVALID_TOKEN, a session's UNAUTHORIZED.
 */
export function acceptPrincipal(
  principal: LoginPrincipal | null,
  claim: { via: 'token' | 'session'; userId?: string; tenantId: string },
  now: Date,
): Result<AuthenticatedActor, AuthenticateError> {
  const live = principal !== null && !principal.revokedAt && principal.status === UserStatus.Active;
  if (claim.via === 'token') {
    if (!live || principal.userId !== claim.userId) return err('INVALID_TOKEN');
  } else if (!live || principal.expiresAt <= now) return err('UNAUTHORIZED');
  // A login belongs to its tenant; only Super Admins act across tenants (contract §4).
  if (principal.tenantId !== claim.tenantId && principal.role !== Role.SuperAdmin) return err('TENANT_MISMATCH');
  return ok({
    userId: principal.userId,
    role: principal.role,
    tenantId: claim.tenantId,
    homeTenantId: principal.tenantId,
    loginId: principal.loginId,
  });
}

/** `acceptPrincipal` for a claimed login, and the route's role: what the chain checks of every other route. */
export function acceptClaim(principal: LoginPrincipal | null, claim: LoginClaim, now: Date): Result<AuthenticatedActor, LoginClaimError> {
  const accepted = acceptPrincipal(principal, claim, now);
  if (accepted.ok && accepted.value.role < claim.minimumRole) return err('INSUFFICIENT_PERMISSION');
  return accepted;
}
