import { Role, UserStatus } from '../../../domain/identity/role.js';
import type { Actor } from '../../shared/actor.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { LoginPrincipal } from '../ports/login-repository.js';
import type { IdentityDeps } from '../deps.js';

export type AuthenticateError = 'UNAUTHORIZED' | 'INVALID_TOKEN' | 'TOKEN_EXPIRED' | 'TENANT_MISMATCH';

type Deps = Pick<IdentityDeps, 'loginRepository' | 'tokenService' | 'secretDigest' | 'clock'>;

/**
 * Bearer token first, else the session cookie (spec "Authentication" 6). The login is read on
 * every request, so logout, refresh-token reuse and deactivation take effect at once, and the
 * role used is the user's current one rather than the one frozen into the token.
 */
export const makeAuthenticate =
  ({ loginRepository, tokenService, secretDigest, clock }: Deps) =>
  async (
    requestTenantId: string,
    credentials: { bearer?: string | undefined; session?: string | undefined },
  ): Promise<Result<Actor & { loginId: string }, AuthenticateError>> => {
    const now = clock.now();
    let principal: LoginPrincipal | null;
    if (credentials.bearer !== undefined) {
      const verified = tokenService.verify(credentials.bearer, 'access', now);
      if (!verified.ok) return err(verified.reason === 'expired' ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN');
      principal = await loginRepository.principal(verified.claims.sid);
      if (!principal || principal.userId !== verified.claims.id) return err('INVALID_TOKEN');
      if (principal.revokedAt || principal.status !== UserStatus.Active) return err('INVALID_TOKEN');
    } else if (credentials.session !== undefined) {
      principal = await loginRepository.principalBySession(secretDigest.digest(credentials.session));
      if (!principal || principal.revokedAt || principal.expiresAt <= now || principal.status !== UserStatus.Active)
        return err('UNAUTHORIZED');
    } else {
      return err('UNAUTHORIZED');
    }
    // A login belongs to its tenant; only Super Admins act across tenants (contract §4).
    if (principal.tenantId !== requestTenantId && principal.role !== Role.SuperAdmin) return err('TENANT_MISMATCH');
    return ok({
      userId: principal.userId,
      role: principal.role,
      tenantId: requestTenantId,
      homeTenantId: principal.tenantId,
      loginId: principal.loginId,
    });
  };
