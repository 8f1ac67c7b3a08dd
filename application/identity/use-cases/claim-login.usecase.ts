import type { RoleLevel } from '../../../domain/identity/role.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { AuthenticateError, LoginClaim } from '../login-claim.js';
import { makeAuthenticate, type AuthenticateDeps, type Credentials } from './authenticate.usecase.js';

/**
 * For a route whose statement reads the login itself (`LoginClaim`): a bearer token is verified
 * (signature, expiry) without a read; a session cookie, whose login is found by its hash, is
 * authenticated in full and claimed by its login's id. The route's statement reads the principal
 * again and `acceptClaim` decides.
 */
export const makeClaimLogin =
  (d: AuthenticateDeps) =>
  async (requestTenantId: string, credentials: Credentials, minimumRole: RoleLevel): Promise<Result<LoginClaim, AuthenticateError>> => {
    if (credentials.bearer !== undefined) {
      const verified = d.tokenService.verify(credentials.bearer, 'access', d.clock.now());
      if (!verified.ok) return err(verified.reason === 'expired' ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN');
      return ok({ via: 'token', loginId: verified.claims.sid, userId: verified.claims.id, tenantId: requestTenantId, minimumRole });
    }
    const authenticated = await makeAuthenticate(d)(requestTenantId, credentials);
    if (!authenticated.ok) return authenticated;
    const { loginId, userId } = authenticated.value;
    return ok({ via: 'session', loginId, userId, tenantId: requestTenantId, minimumRole });
  };
